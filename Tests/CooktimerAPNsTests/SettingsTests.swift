import CooktimerAPNs
import Foundation
import Testing

@Suite("APNs settings: option, then environment")
struct SettingsTests {
  static let environment = [
    "COOKTIMER_APNS_KEY": "/keys/env.p8", "COOKTIMER_APNS_KEY_ID": "ENVKEY1234",
    "COOKTIMER_APNS_TEAM_ID": "ENVTEAM123", "COOKTIMER_TOPIC": "com.example.env",
    "COOKTIMER_APNS_URL": "https://127.0.0.1:8443", "COOKTIMER_APNS_CA": "/keys/ca.pem",
  ]
  static let everyFileReadable: @Sendable (String) -> Bool = { _ in true }

  @Test func environmentAlone() throws {
    let settings = APNsSettings(environment: Self.environment)
    #expect(settings.keyFile == "/keys/env.p8")
    #expect(settings.keyID == "ENVKEY1234")
    #expect(settings.teamID == "ENVTEAM123")
    #expect(settings.topic == "com.example.env")
    #expect(settings.url == "https://127.0.0.1:8443")
    #expect(settings.caFile == "/keys/ca.pem")
    #expect(settings.problem(fileReadable: Self.everyFileReadable) == nil)
  }

  @Test func optionsWin() {
    let options = APNsSettings.Options(
      keyFile: "/keys/opt.p8", keyID: "OPTKEY1234", teamID: "OPTTEAM123", topic: "com.example.opt",
      url: "https://localhost:9443", caFile: "/keys/opt-ca.pem")
    let settings = APNsSettings(options: options, environment: Self.environment)
    let expected = APNsSettings(
      options: options, environment: [:])
    #expect(settings == expected)
    #expect(settings.keyFile == "/keys/opt.p8")
    #expect(settings.url == "https://localhost:9443")
  }

  @Test func emptyValuesAreUnset() {
    let settings = APNsSettings(
      options: APNsSettings.Options(topic: ""), environment: ["COOKTIMER_TOPIC": ""])
    #expect(settings.topic == nil)
  }

  @Test func baseURLs() throws {
    let none = APNsSettings(environment: [:])
    #expect(try none.baseURL(sandbox: false).absoluteString == "https://api.push.apple.com")
    #expect(try none.baseURL(sandbox: true).absoluteString == "https://api.sandbox.push.apple.com")
    let local = APNsSettings(environment: ["COOKTIMER_APNS_URL": "https://127.0.0.1:8443"])
    #expect(try local.baseURL(sandbox: true).absoluteString == "https://127.0.0.1:8443")
    #expect(try local.baseURL(sandbox: false).absoluteString == "https://127.0.0.1:8443")
    let plain = APNsSettings(environment: ["COOKTIMER_APNS_URL": "http://127.0.0.1:8080"])
    #expect(
      throws: APNsError.settings(
        "APNs URL http://127.0.0.1:8080 is not https://HOST[:PORT] (--apns-url / COOKTIMER_APNS_URL)"
      )
    ) { try plain.baseURL(sandbox: false) }
  }

  @Test func apnsTopicHasTheLiveActivitySuffixOnce() {
    let bundle = APNsSettings(environment: ["COOKTIMER_TOPIC": "com.example.cooktimer"])
    #expect(bundle.apnsTopic == "com.example.cooktimer.push-type.liveactivity")
    let full = APNsSettings(
      environment: ["COOKTIMER_TOPIC": "com.example.cooktimer.push-type.liveactivity"])
    #expect(full.apnsTopic == "com.example.cooktimer.push-type.liveactivity")
  }

  @Test func eachProblemIsOneLineNamingOptionAndVariable() {
    func problem(
      without variable: String, readable: Set<String> = ["/keys/env.p8", "/keys/ca.pem"]
    )
      -> String?
    {
      var environment = Self.environment
      environment[variable] = nil
      return APNsSettings(environment: environment).problem { readable.contains($0) }
    }
    #expect(
      problem(without: "COOKTIMER_APNS_KEY")
        == "no APNs key: give --apns-key FILE.p8 or set COOKTIMER_APNS_KEY")
    #expect(
      problem(without: "NONE", readable: ["/keys/ca.pem"])
        == "APNs key /keys/env.p8 does not exist or cannot be read (--apns-key / COOKTIMER_APNS_KEY)"
    )
    #expect(
      problem(without: "COOKTIMER_APNS_KEY_ID")
        == "no APNs key id: give --apns-key-id KEY_ID or set COOKTIMER_APNS_KEY_ID")
    #expect(
      problem(without: "COOKTIMER_APNS_TEAM_ID")
        == "no APNs team id: give --apns-team-id TEAM_ID or set COOKTIMER_APNS_TEAM_ID")
    #expect(
      problem(without: "COOKTIMER_TOPIC")
        == "no topic: give --topic BUNDLE_ID or set COOKTIMER_TOPIC")
    #expect(
      problem(without: "NONE", readable: ["/keys/env.p8"])
        == "APNs CA /keys/ca.pem does not exist or cannot be read (--apns-ca / COOKTIMER_APNS_CA)")
    #expect(problem(without: "COOKTIMER_APNS_URL") == nil)
    #expect(problem(without: "COOKTIMER_APNS_CA") == nil)
  }

  @Test func validateThrowsTheLine() {
    #expect(
      throws: APNsError.settings("no APNs key: give --apns-key FILE.p8 or set COOKTIMER_APNS_KEY")
    ) {
      try APNsSettings(environment: [:]).validate()
    }
  }
}
