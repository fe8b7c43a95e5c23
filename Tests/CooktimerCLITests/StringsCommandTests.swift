import CooktimerTestSupport
import Foundation
import Testing

/// `strings [--locale LANG]`: the app's String Catalog for `--alerts loc-keys` (issue 20).
@Suite("strings: the alert keys as an Xcode String Catalog")
struct StringsCommandTests {
  /// The catalog's `strings` member, after checking the envelope Xcode expects.
  private func strings(_ r: ProcessResult) throws -> [String: [String: [String: Any]]] {
    #expect(r.status == 0, "\(r.stderr)")
    let catalog = try #require(
      try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(catalog["sourceLanguage"] as? String == "en")
    #expect(catalog["version"] as? String == "1.0")
    let entries = try #require(catalog["strings"] as? [String: [String: Any]])
    return try entries.mapValues { entry in
      #expect(entry["extractionState"] as? String == "manual")
      return try #require(entry["localizations"] as? [String: [String: Any]])
    }
  }

  private func value(_ localization: [String: Any]?) -> String? {
    (localization?["stringUnit"] as? [String: String])?["value"]
  }

  @Test func everyKeyInEnglishAndGerman() throws {
    let box = try Sandbox(inProcess: true)
    let catalog = try strings(try box.run("strings"))
    #expect(catalog.count == 10)
    let done = try #require(catalog["COOKTIMER_TIMER_DONE"])
    #expect(done.keys.sorted() == ["de", "en"])
    #expect(value(done["en"]) == "%@ — %@ done")
    #expect(value(done["de"]) == "%@ — %@ fertig")
    #expect((done["de"]?["stringUnit"] as? [String: String])?["state"] == "translated")
    #expect(value(catalog["COOKTIMER_DONE"]?["de"]) == "Fertig.")
  }

  @Test func aLocaleKeepsOnlyItsLanguage() throws {
    let box = try Sandbox(inProcess: true)
    let german = try strings(try box.run(["strings", "--locale", "de-AT"]))
    #expect(german.count == 10)
    #expect(german.values.allSatisfy { $0.keys.sorted() == ["de"] })
    #expect(value(german["COOKTIMER_ALL_DONE"]?["de"]) == "Alle %@ Schritte erledigt.")
    let english = try strings(try box.run(["strings", "--locale", "en"]))
    #expect(english.values.allSatisfy { $0.keys.sorted() == ["en"] })
  }

  @Test func aLanguageNotSpokenOrAMisplacedLocaleIsAUsageError() throws {
    let box = try Sandbox(inProcess: true)
    let french = try box.run(["strings", "--locale", "fr"])
    #expect(french.status == 64)
    #expect(french.stdout == "")
    #expect(french.stderr == "cooktimer: --locale fr: cooktimer speaks en and de\n")
    let status = try box.run(["status", "--locale", "de"])
    #expect(status.status == 64)
    #expect(status.stderr.contains("--locale does not apply to `status`"), "\(status.stderr)")
  }
}
