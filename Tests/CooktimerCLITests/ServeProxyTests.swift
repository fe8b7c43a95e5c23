import CooktimerHTTP
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCLI

/// `serve --trusted-proxy` and `--public-url` (docs/deploy.md §5, docs/api.md §2.1).
@Suite("cooktimer serve behind a proxy", .ownThread)
struct ServeProxyTests {
  @Test func theOptionsParseAndBadValuesAreUsageErrors() throws {
    let parsed = try CommandParser.parse([
      "serve", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "10.0.0.0/8", "--public-url",
      "https://kitchen.example/",
    ])
    #expect(
      parsed.command
        == .serve(
          listen: nil, send: true,
          proxy: ServeProxyOptions(
            trustedProxies: [TrustedProxy("127.0.0.1")!, TrustedProxy("10.0.0.0/8")!],
            publicURL: "https://kitchen.example")))
    let box = try ServeTests.sandbox()
    let name = try box.run(["serve", "--trusted-proxy", "nginx.local"])
    #expect(name.status == 64)
    #expect(
      name.stderr
        == "cooktimer: --trusted-proxy takes a numeric address or range (127.0.0.1, 10.0.0.0/8, "
        + "::1, fd00::/8), not nginx.local\n")
    let url = try box.run(["serve", "--public-url", "kitchen.example"])
    #expect(url.status == 64)
    #expect(
      url.stderr
        == "cooktimer: --public-url takes http://HOST[:PORT][/PATH] or https://…, e.g. "
        + "https://kitchen.example, not kitchen.example\n")
    // A port out of range, or a colon naming none (a tester's links to :99999).
    for text in ["https://kitchen.example:99999", "https://kitchen.example:0", "http://k.example:"]
    {
      #expect(throws: CLIError.self, "\(text)") { try ServeProxyOptions.publicURL(text) }
    }
    #expect(
      try ServeProxyOptions.publicURL("https://kitchen.example:8443/t/")
        == "https://kitchen.example:8443/t")
    #expect(try ServeProxyOptions.publicURL("http://[::1]:8417") == "http://[::1]:8417")
    let elsewhere = try box.run(["apikey", "list", "--trusted-proxy", "127.0.0.1"])
    #expect(elsewhere.status == 64)
    #expect(elsewhere.stderr == "cooktimer: --trusted-proxy does not apply to `apikey`\n")
  }

  @Test func behindAProxyNoCodeAtStartAndLinksNameThePublicURL() throws {
    let box = try ServeTests.sandbox()
    let created = try box.run("apikey create --name laptop")
    let key = created.stdout.trimmingCharacters(in: .newlines)
    let server = try ServeProcess(
      box,
      arguments: [
        "--listen", "127.0.0.1:0", "--no-send", "--json", "--trusted-proxy", "127.0.0.1",
        "--public-url", "https://kitchen.example",
      ])
    let line = try #require(
      try JSONSerialization.jsonObject(with: Data(server.firstLine.utf8)) as? [String: Any])
    #expect(line["keysRequired"] as? Bool == true)
    #expect(line["pairingLink"] == nil)
    let made = try server.request(
      "POST", "/v1/pair/codes", headers: ["Authorization: Bearer \(key)"])
    #expect(made.status == 201)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(made.body.utf8)) as? [String: String])
    let code = try #require(document["code"])
    #expect(document["link"] == "https://kitchen.example/#pair=\(code)")
    #expect(server.stop() == 0)
  }
}
