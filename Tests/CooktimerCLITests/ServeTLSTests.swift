import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCLI

/// `serve --tls` and the pairing link as the real binary prints them (docs/api.md §2.1, §2.2).
@Suite("cooktimer serve --tls", .ownThread)
struct ServeTLSTests {
  @Test func makesItsCertificateOnceAndServesHTTPS() throws {
    let box = try ServeTests.sandbox()
    let server = try ServeProcess(
      box, arguments: ["--listen", "127.0.0.1:0", "--no-send", "--tls"])
    let lines = server.firstLine.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("cooktimer: serving https://127.0.0.1:") == true)
    let certificate = box.folder.appendingPathComponent("kitchen-tls-cert.pem").path
    let key = box.folder.appendingPathComponent("kitchen-tls-key.pem").path
    let made = try #require(lines.dropFirst().first)
    #expect(made.hasPrefix("cooktimer: made a TLS certificate for localhost, "), "\(made)")
    #expect(made.contains(" 127.0.0.1, ::1"))
    #expect(made.contains(" in \(certificate), SHA-256 "))
    let fingerprint = String(try #require(made.components(separatedBy: "SHA-256 ").last))
    #expect(fingerprint.count == 95)
    for file in [certificate, key] {
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600, "\(file)")
    }
    #expect(try server.curl(["--cacert", certificate], "/healthz") == #"{"ok":true}"#)
    #expect(server.stop() == 0)
    // The next start uses it again.
    let again = try ServeProcess(box, arguments: ["--listen", "127.0.0.1:0", "--no-send", "--tls"])
    #expect(
      again.firstLine.split(separator: "\n").dropFirst().first.map(String.init)
        == "cooktimer: TLS certificate \(certificate), SHA-256 \(fingerprint)")
    #expect(again.stop() == 0)
    // A key that is not the certificate's refuses to start.
    let other = box.folder.appendingPathComponent("other.pem").path
    try
      "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n"
      .write(toFile: other, atomically: true, encoding: .utf8)
    let refused = try box.run(["serve", "--tls-cert", certificate, "--tls-key", other])
    #expect(refused.status == 78)
    #expect(
      refused.stderr
        == "cooktimer: cannot serve HTTPS: the key is not an unencrypted PEM private key\n")
    let both = try box.run(["serve", "--tls", "--tls-cert", certificate])
    #expect(both.status == 64)
    let missing = try box.run(["serve", "--tls-cert", "/nonexistent.pem", "--tls-key", key])
    #expect(missing.status == 66)
  }

  @Test func printsAPairingLinkWhenKeysAreRequired() throws {
    let box = try ServeTests.sandbox()
    #expect(try box.run("apikey create --name laptop").status == 0)
    let server = try ServeProcess(
      box, arguments: ["--listen", "127.0.0.1:0", "--no-send", "--json"])
    let line = try #require(
      try JSONSerialization.jsonObject(with: Data(server.firstLine.utf8)) as? [String: Any])
    #expect(line["keysRequired"] as? Bool == true)
    let link = try #require(line["pairingLink"] as? String)
    #expect(link.hasPrefix("\(server.base)/#pair="))
    let code = String(link.dropFirst("\(server.base)/#pair=".count))
    #expect(code.count == 10)
    let paired = try server.request(
      "POST", "/v1/pair", json: #"{"code": "\#(code)", "name": "tablet"}"#)
    #expect(paired.status == 201, "\(paired.body)")
    #expect(try box.run("apikey list").stdout.contains("tablet  created "))
    let reused = try server.request("POST", "/v1/pair", json: #"{"code": "\#(code)"}"#)
    #expect(reused.status == 403)
    #expect(server.stop() == 0)
  }
}

/// The pairing link's QR code as text (Serve/TerminalQRCode.swift).
@Suite("the pairing QR code", .ownThread)
struct TerminalQRCodeTests {
  @Test func halfBlocksTwoModuleRowsALine() throws {
    // Version 1 (21 modules) with a 2-module quiet zone: 25 wide, 13 lines.
    let lines = try #require(TerminalQRCode.lines("HELLO"))
    #expect(lines.count == 13)
    #expect(lines.allSatisfy { $0.count == 25 })
    #expect(lines[0] == String(repeating: "█", count: 25))
    // Rows 2 and 3: the finder's dark top edge over its light inside (ISO/IEC 18004 §6.3.3).
    #expect(lines[1].hasPrefix("██ ▄▄▄▄▄ "))
    #expect(lines[1].hasSuffix(" ▄▄▄▄▄ ██"))
  }
}
