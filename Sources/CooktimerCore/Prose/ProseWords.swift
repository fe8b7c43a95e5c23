/// The words the prose-duration finder knows, in English, German and French.
enum ProseWords {
  /// Numbers written as words. Articles are kept apart (``articles``): "a second bowl" has
  /// no duration in it.
  static let numbers: [String: Double] = [
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8,
    "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "fünfzehn": 15, "zwanzig": 20,
    "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60,
    "eineinhalb": 1.5, "anderthalb": 1.5, "zweieinhalb": 2.5, "dreieinhalb": 3.5,
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9,
    "dix": 10, "onze": 11, "douze": 12, "quinze": 15, "vingt": 20, "trente": 30,
    "quarante": 40, "cinquante": 50, "soixante": 60,
    "dizaine": 10, "douzaine": 12, "quinzaine": 15, "vingtaine": 20, "trentaine": 30,
  ]

  /// French round numbers that take "de" before the unit: "une dizaine de minutes",
  /// "une vingtaine de minutes".
  static let roundNumbers: Set<String> = [
    "dizaine", "douzaine", "quinzaine", "vingtaine", "trentaine",
  ]

  /// "a", "an", "ein", "une"…: one of the unit that follows, directly.
  static let articles: Set<String> = [
    "a", "an", "ein", "eine", "einer", "einen", "einem", "un", "une",
  ]

  /// Halves and quarters that take the place of a number: "half an hour", "eine halbe
  /// Stunde", "une demi-heure", "a quarter of an hour".
  static let parts: [String: Double] = [
    "half": 0.5, "halbe": 0.5, "halben": 0.5, "halb": 0.5, "demi": 0.5, "quarter": 0.25,
    "viertel": 0.25, "quart": 0.25,
  ]

  /// Compound nouns that are a duration by themselves ("eine Viertelstunde").
  static let compounds: [String: Double] = [
    "viertelstunde": 900, "dreiviertelstunde": 2700, "halbstunde": 1800,
  ]

  /// Words joining the two ends of a range. "and", "und", "et" only after "between".
  static let rangeWords: Set<String> = ["to", "or", "bis", "oder", "à", "ou"]
  static let betweenWords: Set<String> = ["between", "zwischen", "entre"]
  static let andWords: Set<String> = ["and", "und", "et"]

  /// Words that may sit between a number (or an article) and its unit: "5 more minutes",
  /// "a further minute", "an extra minute", "5 full minutes", "eine weitere Minute".
  static let fillers: Set<String> = [
    "more", "additional", "further", "extra", "full", "good", "whole", "weitere", "weiteren",
    "volle", "vollen", "gute", "guten",
  ]

  /// Words that stand for "one more" before a unit: "another minute", "another hour".
  static let another: Set<String> = ["another"]

  /// Words before a number that make "20 h" a time of day.
  static let clockWords: Set<String> = ["à", "vers", "at", "um", "dès", "jusqu"]

  /// Words after a unit that make it a rate: "20 minutes per pound".
  static let rateWords: Set<String> = ["per", "pro", "je", "par", "a", "an"]
  /// What a rate is counted by: "per pound", "pro kg".
  static let weights: Set<String> = [
    "pound", "lb", "lbs", "kg", "kilo", "kilogram", "kilogramm", "pfund", "livre", "g",
    "gram", "grams", "gramm", "ounce", "oz", "inch", "cm",
  ]

  /// The unit a word names in prose, in seconds. Cooklang's table (``TimeUnit``) without
  /// the one-letter `m` and `d` (metres, days?) that prose uses for other things, plus
  /// inflections met in sentences.
  static func unit(_ word: String) -> Double? {
    if let extra = extraUnits[word] { return extra }
    guard word != "m", word != "d", let unit = TimeUnit(spelling: word) else { return nil }
    return Double(unit.rawValue)
  }

  private static let extraUnits: [String: Double] = [
    "tagen": 86400, "stdn": 3600, "mn": 60, "minuut": 60, "sekunde": 1, "hs": 3600,
  ]
}
