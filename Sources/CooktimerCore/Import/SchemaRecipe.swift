import Foundation

/// A schema.org `Recipe` as web pages carry it in JSON-LD, its text made plain.
public struct SchemaRecipe: Hashable, Sendable {
  public var name: String
  public var description: String?
  /// Authors' names joined with ", ".
  public var author: String?
  /// The first `recipeYield` ("4 servings").
  public var yield: String?
  /// `prepTime`, `cookTime`, `totalTime` in milliseconds (from ISO 8601 durations).
  public var prepTime: Int64?
  public var cookTime: Int64?
  public var totalTime: Int64?
  public var keywords: [String]
  public var url: String?
  /// `inLanguage` ("de-DE"), for the words the file adds.
  public var language: String?
  /// `recipeIngredient` lines ("2 cups flour").
  public var ingredients: [String]
  /// `recipeInstructions` in sections (`HowToSection`); a section without a name first.
  public var sections: [Section]

  public struct Section: Hashable, Sendable {
    public var name: String?
    public var steps: [String]
  }
}

extension SchemaRecipe {
  /// The first `Recipe` in `json` (a JSON-LD block: an object, an array, a `@graph`, or a
  /// page whose `mainEntity` is the recipe); `nil` if there is none.
  static func find(in json: Any) -> SchemaRecipe? {
    if let object = json as? [String: Any] {
      if types(object).contains("recipe") { return SchemaRecipe(object) }
      for key in ["@graph", "mainEntity", "itemListElement"] {
        if let inner = object[key], let recipe = find(in: inner) { return recipe }
      }
    } else if let array = json as? [Any] {
      for item in array {
        if let recipe = find(in: item) { return recipe }
      }
    }
    return nil
  }

  private static func types(_ object: [String: Any]) -> [String] {
    let type = object["@type"]
    let names = (type as? [Any])?.compactMap { $0 as? String } ?? [(type as? String) ?? ""]
    return names.map { $0.lowercased().replacingOccurrences(of: "schema:", with: "") }
  }

  init(_ object: [String: Any]) {
    name = Self.text(object["name"]) ?? "Imported recipe"
    description = Self.text(object["description"])
    author = Self.names(object["author"])
    yield = Self.texts(object["recipeYield"]).first
    prepTime = Self.duration(object["prepTime"])
    cookTime = Self.duration(object["cookTime"])
    totalTime = Self.duration(object["totalTime"])
    keywords = Self.texts(object["keywords"]).flatMap {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }.filter { !$0.isEmpty }
    let page = object["mainEntityOfPage"]
    url =
      Self.text(object["url"]) ?? Self.text(page)
      ?? (page as? [String: Any]).flatMap { Self.text($0["@id"]) }
    language = Self.text(object["inLanguage"])
    ingredients = Self.texts(object["recipeIngredient"] ?? object["ingredients"])
    sections = Self.sections(object["recipeInstructions"])
  }

  /// Instructions in any of the shapes sites write: one string (steps on separate lines), a
  /// list of strings or `HowToStep`s, `HowToSection`s holding those.
  private static func sections(_ value: Any?) -> [Section] {
    var sections: [Section] = []
    func add(_ step: String, to name: String?) {
      if sections.isEmpty || sections[sections.count - 1].name != name {
        sections.append(Section(name: name, steps: []))
      }
      sections[sections.count - 1].steps.append(step)
    }
    func walk(_ value: Any?, section: String?) {
      if let string = value as? String {
        for line in string.split(whereSeparator: \.isNewline) {
          let step = HTMLText.plain(String(line))
          if !step.isEmpty { add(step, to: section) }
        }
      } else if let array = value as? [Any] {
        for item in array { walk(item, section: section) }
      } else if let object = value as? [String: Any] {
        if types(object).contains("howtosection") {
          walk(object["itemListElement"], section: text(object["name"]) ?? section)
        } else if let itemList = object["itemListElement"] {
          walk(itemList, section: section)
        } else {
          walk(object["text"] ?? object["name"], section: section)
        }
      }
    }
    walk(value, section: nil)
    return sections
  }

  private static func text(_ value: Any?) -> String? {
    texts(value).first
  }

  private static func texts(_ value: Any?) -> [String] {
    let raw: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
    return raw.compactMap { item -> String? in
      if let string = item as? String { return HTMLText.plain(string) }
      if let number = item as? NSNumber {
        let value = number.doubleValue
        // Whole numbers as integers (`"recipeYield": 4` → "4"); 1e300 as written, not trapped.
        return value == value.rounded() && abs(value) < 1e15
          ? String(Int64(value)) : String(value)
      }
      return nil
    }.filter { !$0.isEmpty }
  }

  private static func names(_ value: Any?) -> String? {
    let raw: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
    let names = raw.compactMap { item -> String? in
      if let object = item as? [String: Any] { return text(object["name"]) }
      return text(item)
    }
    return names.isEmpty ? nil : names.joined(separator: ", ")
  }

  /// `PT20M`, `P0DT1H30M`; `nil` for anything else and for zero (sites write `PT0M` for
  /// "not given").
  private static func duration(_ value: Any?) -> Int64? {
    guard let text = text(value), let ms = try? DurationText.parse(text.uppercased()), ms > 0
    else { return nil }
    return ms
  }
}
