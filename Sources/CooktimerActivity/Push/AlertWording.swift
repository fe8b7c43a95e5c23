/// The words of an alert, one message at a time: a localization key, its arguments, and the
/// text it stands for in each language cooktimer speaks (English, German).
///
/// The keys and their English and German texts are the strings file an app needs for
/// `--alerts loc-keys` (docs/live-activity.md §3); `%@` stands for each argument in order.
struct AlertMessage: Hashable {
  var key: String
  var arguments: [String]

  /// The text in `language`: the template with the arguments put in.
  func text(in language: AlertLanguage) -> String {
    var out = ""
    var args = arguments.makeIterator()
    var rest = Substring(Self.template(key, language))
    while let range = rest.range(of: "%@") {
      out += rest[..<range.lowerBound]
      out += args.next() ?? ""
      rest = rest[range.upperBound...]
    }
    return out + rest
  }

  /// Every key with its English and German template.
  static let templates: [String: (en: String, de: String)] = [
    "COOKTIMER_STARTED": ("%@ — started", "%@ — gestartet"),
    "COOKTIMER_STILL_COOKING": ("%@ — still cooking", "%@ — läuft weiter"),
    "COOKTIMER_TIMER_DONE": ("%@ — %@ done", "%@ — %@ fertig"),
    "COOKTIMER_TIMER_DONE_UNNAMED": ("%@ — timer done", "%@ — Timer fertig"),
    "COOKTIMER_STEP": ("Step %@ of %@: %@", "Schritt %@ von %@: %@"),
    "COOKTIMER_STEP_TIMER_RUNNING": (
      "Step %@ of %@: %@ — %@ is running", "Schritt %@ von %@: %@ — %@ läuft"
    ),
    "COOKTIMER_STEP_NEXT": (
      "Step %@ of %@: %@ — time for the next step",
      "Schritt %@ von %@: %@ — Zeit für den nächsten Schritt"
    ),
    "COOKTIMER_STEP_FINISH": (
      "Step %@ of %@: %@ — time to finish", "Schritt %@ von %@: %@ — Zeit zum Abschließen"
    ),
    "COOKTIMER_ALL_DONE": ("All %@ steps done.", "Alle %@ Schritte erledigt."),
    "COOKTIMER_DONE": ("Done.", "Fertig."),
  ]

  private static func template(_ key: String, _ language: AlertLanguage) -> String {
    guard let t = templates[key] else { return key }
    switch language {
    case .english: return t.en
    case .german: return t.de
    }
  }
}

/// The language of alert texts, from the recipe's `locale` metadata (`de`, `de-AT`, `de_CH`
/// → German); English for anything else or none.
public enum AlertLanguage: String, Hashable, Sendable {
  case english = "en"
  case german = "de"

  public init(locale: String?) {
    let primary = (locale ?? "").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
      .first
    self = primary == "de" ? .german : .english
  }
}
