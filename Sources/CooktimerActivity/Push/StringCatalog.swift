import Foundation

/// The app's string table for `--alerts loc-keys` (docs/live-activity.md §3.4), as an Xcode
/// String Catalog (`Localizable.xcstrings`): every key an alert can carry, with its English and
/// German text, `%@` for each `loc-args` entry in order. Its shape is Xcode's (Apple,
/// "Localizing and varying text with a string catalog"): `{"sourceLanguage": "en",
/// "strings": {KEY: {"extractionState": "manual", "localizations": {LANG: {"stringUnit":
/// {"state": "translated", "value": TEXT}}}}}, "version": "1.0"}`, keys sorted.
public enum StringCatalog {
  /// The catalog with the localizations of `languages` (each key's), as UTF-8 JSON bytes.
  public static func json(languages: [AlertLanguage] = [.english, .german]) -> Data {
    var strings: [String: Entry] = [:]
    for (key, texts) in AlertMessage.templates {
      var localizations: [String: Localization] = [:]
      for language in languages {
        let value = language == .german ? texts.de : texts.en
        localizations[language.rawValue] = Localization(
          stringUnit: StringUnit(state: "translated", value: value))
      }
      strings[key] = Entry(extractionState: "manual", localizations: localizations)
    }
    // Only strings and nested values of ours: encoding cannot fail.
    return (try? WireJSON.encode(Catalog(sourceLanguage: "en", strings: strings, version: "1.0")))
      ?? Data()
  }

  private struct Catalog: Encodable {
    var sourceLanguage: String
    var strings: [String: Entry]
    var version: String
  }

  private struct Entry: Encodable {
    var extractionState: String
    var localizations: [String: Localization]
  }

  private struct Localization: Encodable {
    var stringUnit: StringUnit
  }

  private struct StringUnit: Encodable {
    var state: String
    var value: String
  }
}
