import CooktimerCore
import CooktimerHTTP
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// docs/api.md §2.1: one-time pairing codes over HTTP (the codes themselves:
/// PairingCodeTests of the service).
@Suite("pairing a screen")
struct PairingTests {
  @Test func theLinkTradesItsCodeForANamedKey() throws {
    let box = try TestServer()
    let (code, link) = try box.server.pairingLink(at: t0)
    #expect(link == "http://127.0.0.1:\(box.server.port)/#pair=\(code.text)")
    let badName = try box.call(
      "POST", "/v1/pair", json: #"{"code": "\#(code.text)", "name": "a b"}"#)
    #expect(badName.status == 400)
    #expect(
      badName.object["error"] as? String
        == #""name" is 1 to 64 characters without spaces or control characters"#)
    let wrong = try box.call("POST", "/v1/pair", json: #"{"code": "ZZZZZZZZZZ"}"#)
    #expect(wrong.status == 403)
    #expect(wrong.object["error"] as? String == PairingRoutes.refusal)
    let paired = try box.call(
      "POST", "/v1/pair", json: #"{"code": "\#(code.text)", "name": "kitchen-tablet"}"#)
    #expect(paired.status == 201, "\(paired.body)")
    #expect(paired.object["name"] as? String == "kitchen-tablet")
    #expect(paired.object["createdAt"] as? String == "2026-11-29T18:00:00.000Z")
    let key = try #require(paired.object["key"] as? String)
    #expect(key.hasPrefix("ck_") && key.count == 67)
    // Used up.
    let again = try box.call(
      "POST", "/v1/pair", json: #"{"code": "\#(code.text)", "name": "other"}"#)
    #expect(again.status == 403)
    // The key is an API key like any other: listed, and now required.
    let book = try box.service()
    #expect(try book.apiKeys().map(\.name) == ["kitchen-tablet"])
    #expect(try box.call("GET", "/v1/runs").status == 401)
    #expect(
      try box.call("GET", "/v1/runs", headers: ["Authorization: Bearer \(key)"]).status == 200)
    // A second code from the paired screen; the same name again gets a suffix.
    let minted = try box.call(
      "POST", "/v1/pair/codes", headers: ["Authorization: Bearer \(key)"])
    #expect(minted.status == 201)
    #expect(minted.object["expiresAt"] as? String == "2026-11-29T18:10:00.000Z")
    let next = try #require(minted.object["code"] as? String)
    #expect(
      minted.object["link"] as? String == "http://127.0.0.1:\(box.server.port)/#pair=\(next)")
    let second = try box.call(
      "POST", "/v1/pair", json: #"{"code": "\#(next)", "name": "kitchen-tablet"}"#)
    #expect(second.status == 201)
    #expect(second.object["name"] as? String == "kitchen-tablet-2")
    #expect(try box.call("POST", "/v1/pair/codes").status == 401)
  }

  /// Two servers on one database, as behind nginx: a code made through one is traded
  /// through the other, once.
  @Test func aCodeMadeOnOneServerIsTradedOnAnotherOnce() throws {
    let a = try TestServer()
    let b = try TestServer(folder: a.folder)
    let key = try a.service().createAPIKey(name: "laptop", at: t0).key
    let minted = try a.call("POST", "/v1/pair/codes", headers: ["Authorization: Bearer \(key)"])
    #expect(minted.status == 201)
    let code = try #require(minted.object["code"] as? String)
    let paired = try b.call("POST", "/v1/pair", json: #"{"code": "\#(code)", "name": "tablet"}"#)
    #expect(paired.status == 201, "\(paired.body)")
    #expect(paired.object["name"] as? String == "tablet")
    for server in [a, b] {
      let again = try server.call("POST", "/v1/pair", json: #"{"code": "\#(code)"}"#)
      #expect(again.status == 403)
    }
    #expect(try a.service().validAPIKeys().map(\.name) == ["laptop", "tablet"])
  }

  @Test func freeNames() {
    #expect(PairingRoutes.freeName(nil, taken: ["paired1"]) == "paired2")
    #expect(PairingRoutes.freeName("tab", taken: ["tab", "tab-2"]) == "tab-3")
    let long = String(repeating: "x", count: 64)
    #expect(PairingRoutes.freeName(long, taken: [long]) == String(repeating: "x", count: 62) + "-2")
  }
}

/// docs/api.md §2.2: the kitchen certificate made with libcrypto, served by libmicrohttpd's
/// TLS, checked by curl against it as the only trusted authority.
@Suite("HTTPS for the kitchen")
struct KitchenTLSTests {
  @Test func aSelfSignedCertificateNamesTheMachineAndServesHTTPS() throws {
    let certificate = try KitchenCertificate.selfSigned(
      dnsNames: ["localhost", "kitchen.test"], ipAddresses: ["127.0.0.1", "::1"], at: t0)
    #expect(
      certificate.subjectAlternativeNames
        == "DNS:localhost, DNS:kitchen.test, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1")
    #expect(certificate.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
    #expect(certificate.privateKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
    // The fingerprint is the SHA-256 of the DER inside the PEM.
    let base64 = certificate.certificatePEM.split(separator: "\n")
      .filter { !$0.hasPrefix("-----") }.joined()
    let der = try #require(Data(base64Encoded: base64))
    let expected = Digest.sha256(der).map { String(format: "%02X", $0) }.joined(separator: ":")
    #expect(certificate.fingerprint == expected)
    #expect(certificate.fingerprint.count == 95)
    #expect(certificate.covers(dnsNames: ["kitchen.test"], ipAddresses: ["127.0.0.1"], at: t0))
    #expect(!certificate.covers(dnsNames: ["other.test"], ipAddresses: [], at: t0))
    #expect(!certificate.covers(dnsNames: [], ipAddresses: ["192.168.1.9"], at: t0))
    #expect(!certificate.covers(dnsNames: [], ipAddresses: [], at: t0 + 826 * 86_400_000))
    let reread = try KitchenCertificate.read(
      certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.privateKeyPEM)
    #expect(reread == certificate)

    let folder = NSTemporaryDirectory() + "cooktimer-tls-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let authority = folder + "/cert.pem"
    try certificate.certificatePEM.write(toFile: authority, atomically: true, encoding: .utf8)
    let path = folder + "/cooktimer.sqlite3"
    var configuration = APIServerConfiguration()
    configuration.port = 0
    configuration.http.tls = certificate.tls
    configuration.linkHost = "kitchen.test"
    let server = try APIServer(
      configuration: configuration,
      makeService: { RunService(store: try RunStore(path: path), clock: FixedClock(t0)) },
      recipes: TestRecipes())
    defer { server.stop() }
    let port = server.port
    let resolve = ["kitchen.test:\(port):127.0.0.1"]
    let answer = try HTTPClient.perform(
      HTTPClientRequest(
        "https://kitchen.test:\(port)/healthz", certificateAuthority: authority, resolve: resolve))
    #expect(answer.status == 200)
    #expect(answer.body == #"{"ok":true}"#)
    let page = try HTTPClient.perform(
      HTTPClientRequest("https://127.0.0.1:\(port)/v1/runs", certificateAuthority: authority))
    #expect(page.status == 200)
    #expect(page.body == #"{"runs":[]}"#)
    // A change and the event stream (suspended and resumed connections) over TLS too.
    let started = try HTTPClient.perform(
      HTTPClientRequest(
        "POST", "https://127.0.0.1:\(port)/v1/runs", headers: ["Content-Type: application/json"],
        body: Data(#"{"recipe": "tea"}"#.utf8), certificateAuthority: authority))
    #expect(started.status == 201)
    let id = try #require(started.object["id"] as? String)
    let stream = try HTTPTransfer(
      HTTPClientRequest("https://127.0.0.1:\(port)/v1/events", certificateAuthority: authority))
    #expect(waitUntil(timeout: 5) { stream.body.hasSuffix("\n\n") })
    stream.cancel()
    let events = stream.body
    // The opening snapshot: one run event (its id is the stored event sequence's).
    #expect(events.hasPrefix("event: run\nid: "), "\(events)")
    #expect(events.contains("\ndata: {\"run\":{"))
    #expect(events.contains(#""id":"\#(id)""#))
    // Without the certificate trusted, libcurl refuses it (no answer at all).
    let untrusted = try HTTPClient.perform(
      HTTPClientRequest("https://kitchen.test:\(port)/healthz", resolve: resolve))
    #expect(untrusted.text == "" && untrusted.code == 60)
    // Plain HTTP on the TLS port gets no HTTP answer.
    let plain = try HTTPClient.perform(HTTPClientRequest("http://127.0.0.1:\(port)/healthz"))
    #expect(plain.text == "" && plain.code != 0)
    #expect(try server.pairingLink(at: t0).link.hasPrefix("https://kitchen.test:\(port)/#pair="))
  }

  @Test func aKeyOfAnotherCertificateIsRefused() throws {
    let one = try KitchenCertificate.selfSigned(
      dnsNames: ["localhost"], ipAddresses: ["127.0.0.1"], at: t0)
    let two = try KitchenCertificate.selfSigned(
      dnsNames: ["localhost"], ipAddresses: ["127.0.0.1"], at: t0)
    #expect(one.fingerprint != two.fingerprint)
    #expect(throws: KitchenCertificateError.unreadable("the key is not the certificate's key")) {
      try KitchenCertificate.read(
        certificatePEM: one.certificatePEM, privateKeyPEM: two.privateKeyPEM)
    }
    #expect(
      throws: KitchenCertificateError.unreadable("the certificate is not a PEM X.509 certificate")
    ) {
      try KitchenCertificate.read(certificatePEM: "nonsense", privateKeyPEM: one.privateKeyPEM)
    }
    #expect(throws: KitchenCertificateError.badAddress("kitchen")) {
      try KitchenCertificate.selfSigned(dnsNames: [], ipAddresses: ["kitchen"], at: t0)
    }
  }
}
