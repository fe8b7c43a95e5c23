/// One `recipeIngredient` line read as amount, unit and name: "1 1/2 cups all-purpose
/// flour, sifted" → ("1 1/2", "cups", "all-purpose flour", "sifted").
struct IngredientLine: Hashable {
  var quantity: String
  var unit: String
  var name: String
  /// What follows a comma or sits in parentheses ("sifted"); a Cooklang preparation.
  var preparation: String?

  init(_ line: String) {
    var words = line.split(separator: " ").map(String.init)
    // "250g self-raising flour": the amount and unit written as one word.
    if let first = words.first, let split = Self.gluedUnit(first) {
      words.replaceSubrange(0...0, with: [split.0, split.1])
    }
    var amount: [String] = []
    while amount.count < 2, let first = words.first, Self.isAmount(first) {
      amount.append(Self.fractions(first))
      words.removeFirst()
    }
    // "pinch of salt": one of the unit.
    if amount.isEmpty, words.count > 2, Self.units.contains(Self.key(words[0])),
      ["of", "de", "d'"].contains(words[1].lowercased())
    {
      amount = ["1"]
    }
    quantity = amount.joined(separator: " ")
    unit = ""
    let rest = words.joined(separator: " ")
    var name = rest
    if !amount.isEmpty {
      let lower = rest.lowercased()
      if let long = Self.longUnits.first(where: { lower.hasPrefix($0 + " ") }) {
        unit = String(rest.prefix(long.count))
        name = String(rest.dropFirst(long.count + 1))
      } else if let first = words.first, Self.units.contains(Self.key(first)) {
        unit = first.hasSuffix(".") ? String(first.dropLast()) : first
        // "1/2 c." is half a cup: "c" alone says nothing to a cook or to Cooklang.
        if unit.lowercased() == "c" { unit = "cup" }
        name = words.dropFirst().joined(separator: " ")
      }
    }
    for lead in ["of ", "de ", "d'", "d’"] where name.lowercased().hasPrefix(lead) {
      name = String(name.dropFirst(lead.count))
    }
    var notes: [String] = []
    if let paren = name.firstIndex(of: "("), let close = name[paren...].firstIndex(of: ")") {
      notes.append(String(name[name.index(after: paren)..<close]))
      name = String(name[..<paren]) + String(name[name.index(after: close)...])
    }
    if let comma = name.firstIndex(of: ",") {
      notes.append(String(name[name.index(after: comma)...]))
      name = String(name[..<comma])
    }
    self.name = StepText.collapse(name)
    let note = notes.map(StepText.collapse).filter { !$0.isEmpty }.joined(separator: "; ")
    preparation = note.isEmpty ? nil : note
  }

  /// `"250g"` → ("250", "g"), `"1.5kg"` → ("1.5", "kg"): digits then a known unit.
  private static func gluedUnit(_ word: String) -> (String, String)? {
    guard let letter = word.firstIndex(where: { $0.isLetter }), letter > word.startIndex
    else { return nil }
    let number = String(word[..<letter])
    let unit = String(word[letter...])
    guard isAmount(number), units.contains(key(unit)) else { return nil }
    return (number, unit)
  }

  private static func key(_ word: String) -> String {
    var key = word.lowercased()
    if key.hasSuffix(".") { key.removeLast() }
    return key
  }

  private static func isAmount(_ word: String) -> Bool {
    !word.isEmpty
      && word.allSatisfy {
        ($0.isASCII && $0.isNumber) || "/.,-–".contains($0) || fractionWords[$0] != nil
      }
      && word.contains { $0.isNumber }
  }

  /// "1½" → "1 1/2", "½" → "1/2": Cooklang reads fractions written with a slash.
  private static func fractions(_ word: String) -> String {
    var out = ""
    for c in word {
      if let fraction = fractionWords[c] {
        out += out.isEmpty ? fraction : " " + fraction
      } else {
        out.append(c)
      }
    }
    return out
  }

  private static let fractionWords: [Character: String] = [
    "½": "1/2", "¼": "1/4", "¾": "3/4", "⅓": "1/3", "⅔": "2/3", "⅛": "1/8",
  ]

  static let units: Set<String> = [
    "cup", "cups", "c", "tbsp", "tbs", "tablespoon", "tablespoons", "tsp", "teaspoon",
    "teaspoons", "g", "gram", "grams", "kg", "ml", "l", "liter", "litre", "liters", "litres",
    "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "pinch", "pinches", "clove",
    "cloves", "can", "cans", "slice", "slices", "stick", "sticks", "el", "tl", "prise",
    "prisen", "stück", "bund", "dose", "dosen", "becher", "pck", "päckchen", "zehe", "zehen",
    "cl", "dl", "pincée", "pincées", "gousse", "gousses", "tranche", "tranches", "boîte",
    "sachet", "sachets", "botte",
  ]

  static let longUnits = [
    "c. à soupe", "c. à café", "c. à s.", "c. à c.", "cuillère à soupe", "cuillères à soupe",
    "cuillère à café", "cuillères à café",
  ]
}
