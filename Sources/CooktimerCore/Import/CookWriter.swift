import Foundation

/// A ``SchemaRecipe`` as a readable Cooklang file: metadata as YAML front matter, one
/// paragraph per step, `= Section` headings, the ingredients marked where the steps name
/// them (the others in a first step, so nothing is lost) and times in the words as timers.
enum CookWriter {
  /// A piece of a step: words to escape, or markup written as is.
  private enum Piece {
    case words([Character])
    case markup(String)
  }

  static func text(_ recipe: SchemaRecipe, source: String?, language: String?) -> String {
    var steps = recipe.sections.map { $0.steps.map { [Piece.words(Array($0))] } }
    steps = steps.map { $0.map(timed) }
    var unnamed: [String] = []
    for line in recipe.ingredients {
      let ingredient = IngredientLine(line)
      // A line with no name left ("1 clove") would write `@{1%clove}`, which does not
      // parse: it is listed as words.
      guard !ingredient.name.isEmpty, !ingredient.name.contains(where: { "{}%@#~\\".contains($0) })
      else {
        unnamed.append(String(escaped(Array(line), atStart: false)))
        continue
      }
      let others = Set(
        recipe.ingredients.map { IngredientLine($0).name.lowercased() }.filter {
          $0 != ingredient.name.lowercased()
        })
      if !mark(ingredient, in: &steps, others: others) {
        unnamed.append(markup(ingredient, as: ingredient.name))
      }
    }
    var out = frontMatter(recipe, source: source, language: language)
    if !unnamed.isEmpty {
      let code = language?.lowercased() ?? ""
      let label =
        code.hasPrefix("de")
        ? "Zutaten"
        : code.hasPrefix("fr")
          ? "Ingrédients"
          : code.hasPrefix("nl")
            ? "Ingrediënten"
            : code.hasPrefix("es")
              ? "Ingredientes" : code.hasPrefix("it") ? "Ingredienti" : "Ingredients"
      out += "\n\(label): " + unnamed.joined(separator: ", ") + "\n"
    }
    for (section, pieces) in zip(recipe.sections, steps) {
      if let name = section.name { out += "\n= \(heading(name))\n" }
      for step in pieces { out += "\n" + render(step) + "\n" }
    }
    return out
  }

  // MARK: Front matter

  private static func frontMatter(
    _ recipe: SchemaRecipe, source: String?, language: String?
  ) -> String {
    var pairs: [(String, String)] = [("title", recipe.name)]
    // The page's language (`inLanguage`, else `<html lang>`) as Cooklang's `locale`.
    if let language, !language.isEmpty { pairs.append(("locale", language)) }
    if let d = recipe.description { pairs.append(("description", d)) }
    if let a = recipe.author { pairs.append(("author", a)) }
    if let y = recipe.yield { pairs.append(("servings", y)) }
    for (key, ms) in [
      ("prep time", recipe.prepTime), ("cook time", recipe.cookTime),
      ("total time", recipe.totalTime),
    ] {
      if let ms { pairs.append((key, DurationText.short(ms))) }
    }
    var out = "---\n" + pairs.map { "\($0.0): \(quoted($0.1))\n" }.joined()
    if !recipe.keywords.isEmpty {
      out += "tags:\n" + recipe.keywords.map { "  - \(quoted($0))\n" }.joined()
    }
    if let source = source ?? recipe.url { out += "source: \(quoted(source))\n" }
    return out + "---\n"
  }

  /// A YAML double-quoted scalar: reads back as exactly `text`.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }

  // MARK: Steps

  /// The countdowns in the words become timers (the same finder as `show`'s suggestions, so
  /// storage times, intervals, offsets and restatements stay words). A timer keeps the
  /// words as written with `%` before the unit (`~{25%minutes}`, which the reference parser
  /// reads the same), else `~{30%min}` ("half an hour"). Words that are no part of the
  /// amount stay words: "10 more minutes" → `~{10%minutes} more`, "another minute" →
  /// `another ~{1%minute}`, "5 full minutes" → `full ~{5%minutes}`.
  private static func timed(_ pieces: [Piece]) -> [Piece] {
    guard case .words(let chars) = pieces.first, pieces.count == 1 else { return pieces }
    var out: [Piece] = []
    var at = 0
    for found in ProseDurations.countdowns(in: String(chars)) {
      out.append(.words(Array(chars[at..<found.span.lowerBound])))
      out += timerPieces(found)
      at = found.span.upperBound
    }
    out.append(.words(Array(chars[at...])))
    return out
  }

  /// Words kept before the timer ("another", "a further", "full") and after it ("more").
  private static let articles: Set<String> = [
    "a", "an", "another", "ein", "eine", "einer", "einen", "un", "une",
  ]
  private static let wordsBefore: Set<String> = [
    "full", "good", "whole", "volle", "vollen", "gute", "guten",
  ]
  private static let wordsAfter: Set<String> = [
    "more", "additional", "further", "extra", "weitere", "weiteren",
  ]

  private static func timerPieces(_ found: ProseDuration) -> [Piece] {
    var words = found.text.split(separator: " ").map(String.init)
    var before: [String] = []
    var after: [String] = []
    // "another minute", "a further minute": the article and its word stay words.
    if words.count == 2 || words.count == 3, articles.contains(words[0].lowercased()),
      TimeUnit(spelling: words.last!.lowercased()) != nil
    {
      // "an hour" is the timer's own amount; "another", "a further" stay words.
      before = words.count == 2 && words[0].lowercased() != "another" ? [] : Array(words.dropLast())
      words = [words.last!]
    } else if words.count == 3 {
      let filler = words[1].lowercased()
      if wordsAfter.contains(filler) {
        after = [words.remove(at: 1)]
      } else if wordsBefore.contains(filler) {
        before = [words.remove(at: 1)]
      }
    }
    let amount = timerAmount(words, found)
    var pieces: [Piece] = []
    if !before.isEmpty { pieces.append(.words(Array(before.joined(separator: " ") + " "))) }
    pieces.append(.markup("~{\(amount)}"))
    if !after.isEmpty { pieces.append(.words(Array(" " + after.joined(separator: " ")))) }
    return pieces
  }

  /// `["25", "minutes"]` → `25%minutes`; `["minute"]` (after "another") → `1%minute`; a
  /// range as `3-5%minutes`: the unit as written whenever the bounds are whole in it, else
  /// `h`, `min` or `s`. The amount always reads back to the length found.
  private static func timerAmount(_ words: [String], _ found: ProseDuration) -> String {
    let expected = CooklangTimerDuration.Reading.duration(
      found.duration, upper: found.upperDuration)
    let bounds = [found.duration] + (found.upperDuration.map { [$0] } ?? [])
    if let unit = words.last, !unit.contains(where: { "{}%@#~\\".contains($0) }),
      let spelled = TimeUnit(spelling: unit.lowercased()), spelled.milliseconds > 0,
      bounds.allSatisfy({ $0 % spelled.milliseconds == 0 })
    {
      let quantity = bounds.map { String($0 / spelled.milliseconds) }.joined(separator: "-")
      if CooklangTimerDuration.read(quantity: quantity, units: unit) == expected {
        return "\(quantity)%\(unit)"
      }
    }
    let (size, unit): (Int64, String) =
      bounds.allSatisfy { $0 % 3_600_000 == 0 }
      ? (3_600_000, "h")
      : bounds.allSatisfy { $0 % 60_000 == 0 } ? (60_000, "min") : (1000, "s")
    return bounds.map { String($0 / size) }.joined(separator: "-") + "%" + unit
  }

  /// Marks the first place a step names `ingredient`; `false` if none does.
  /// A part of the name is marked only where it stands alone: not inside another
  /// ingredient's name ("heavy cream" is not marked in "8 oz cream cheese", issue 23).
  private static func mark(
    _ ingredient: IngredientLine, in steps: inout [[[Piece]]], others: Set<String>
  ) -> Bool {
    for wanted in candidates(ingredient.name) {
      let partial = wanted.lowercased() != ingredient.name.lowercased()
      for s in steps.indices {
        for t in steps[s].indices {
          for (p, piece) in steps[s][t].enumerated() {
            guard case .words(let chars) = piece, let range = find(wanted, in: chars),
              !partial || !insideAnother(range, of: chars, others)
            else {
              continue
            }
            let replacement: [Piece] = [
              .words(Array(chars[..<range.lowerBound])),
              .markup(markup(ingredient, as: String(chars[range]))),
              .words(Array(chars[range.upperBound...])),
            ]
            steps[s][t].replaceSubrange(p...p, with: replacement)
            return true
          }
        }
      }
    }
    return false
  }

  /// Whether the words around `range` in `chars` make another ingredient's name: the word
  /// before or after joined to the match ("cream" + "cheese").
  private static func insideAnother(
    _ range: Range<Int>, of chars: [Character], _ others: Set<String>
  ) -> Bool {
    let text = String(chars).lowercased()
    let words = text.split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
    let match = String(chars[range]).lowercased()
    for (i, word) in words.enumerated()
    where word == match.split(separator: " ").first.map(String.init) {
      let ahead = words[i..<min(words.count, i + match.split(separator: " ").count + 1)]
        .joined(separator: " ")
      let behind = i > 0 ? words[i - 1] + " " + match : match
      if others.contains(where: { $0 == ahead || $0 == behind || $0.hasSuffix(" " + ahead) }) {
        return true
      }
    }
    return false
  }

  /// Words that describe rather than name: never marked alone ("large" of "large eggs"
  /// would mark "a large bowl").
  private static let describing: Set<String> = [
    "large", "small", "medium", "fresh", "ground", "chopped", "whole", "extra", "dried",
    "unsalted", "salted", "warm", "cold", "hot", "big", "red", "green", "white", "black",
    "sweet", "light", "dark", "fine", "sea", "kosher", "plain", "all-purpose", "frozen",
    "grated", "minced", "sliced", "diced", "softened", "melted", "heavy", "sour", "baking",
  ]

  /// The full name, then its last two words and its last word, each also in the singular or
  /// plural ("eggs" finds "egg"); a describing word is never a name by itself.
  private static func candidates(_ name: String) -> [String] {
    let words = name.split(separator: " ").map(String.init)
    guard !words.isEmpty, !name.contains(where: { "{}%@#~\\".contains($0) }) else { return [] }
    var names = [name]
    if words.count > 2 { names.append(words.suffix(2).joined(separator: " ")) }
    if words.count > 1, words.last!.count > 2, !describing.contains(words.last!.lowercased()) {
      names.append(words.last!)
    }
    if words.count > 1, words[0].count > 2, !describing.contains(words[0].lowercased()) {
      names.append(words[0])
    }
    return names.flatMap { n in [n, n.hasSuffix("s") ? String(n.dropLast()) : n + "s"] }
  }

  /// `wanted` as whole words in `chars`, ignoring case.
  private static func find(_ wanted: String, in chars: [Character]) -> Range<Int>? {
    let needle = Array(wanted.lowercased())
    let hay = chars.map { Character($0.lowercased()) }
    guard !needle.isEmpty, hay.count >= needle.count else { return nil }
    for start in 0...(hay.count - needle.count)
    where Array(hay[start..<(start + needle.count)]) == needle {
      let end = start + needle.count
      if (start == 0 || !hay[start - 1].isLetter) && (end == hay.count || !hay[end].isLetter) {
        return start..<end
      }
    }
    return nil
  }

  private static func markup(_ ingredient: IngredientLine, as name: String) -> String {
    let amount =
      ingredient.unit.isEmpty ? ingredient.quantity : "\(ingredient.quantity)%\(ingredient.unit)"
    let clean = amount.filter { !"{}".contains($0) }
    var text = "@\(name){\(clean)}"
    if let prep = ingredient.preparation, !prep.contains(where: { "()".contains($0) }) {
      text += "(\(prep))"
    }
    return text
  }

  private static func render(_ pieces: [Piece]) -> String {
    var out = ""
    for piece in pieces {
      switch piece {
      case .words(let chars): out += escaped(chars, atStart: out.isEmpty)
      case .markup(let text): out += text
      }
    }
    return out
  }

  /// Words that Cooklang would read as markup, escaped with `\`: sigils, braces, the
  /// hyphens of `--` and `[-`, and a `>` or `=` that would start a note or a section.
  private static func escaped(_ chars: [Character], atStart: Bool) -> String {
    var out = ""
    for (i, c) in chars.enumerated() {
      let next = i + 1 < chars.count ? chars[i + 1] : nil
      let previous = i > 0 ? chars[i - 1] : nil
      if "@#~{}\\".contains(c) || (c == "-" && (next == "-" || previous == "["))
        || (atStart && i == 0 && (c == ">" || c == "="))
      {
        out.append("\\")
      }
      out.append(c)
    }
    return out
  }

  /// A section heading is read as written (no escapes): no `=` and no `--` comment in it.
  private static func heading(_ name: String) -> String {
    var text = name.filter { $0 != "=" }
    while text.contains("--") { text = text.replacingOccurrences(of: "--", with: "-") }
    text = text.replacingOccurrences(of: "[-", with: "[ -")
    return text
  }
}
