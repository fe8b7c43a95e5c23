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
      guard !mark(ingredient, in: &steps) else { continue }
      // A name Cooklang cannot hold (`1 pincée de {el`, found by the import fuzz target)
      // is listed as its words, escaped, so the file still reads back.
      let holdable =
        !ingredient.name.isEmpty && !ingredient.name.contains(where: { "{}%@#~\\".contains($0) })
      unnamed.append(
        holdable ? markup(ingredient, as: ingredient.name) : escaped(Array(line), atStart: false))
    }
    var out = frontMatter(recipe, source: source)
    if !unnamed.isEmpty {
      let label =
        language?.hasPrefix("de") == true
        ? "Zutaten" : language?.hasPrefix("fr") == true ? "Ingrédients" : "Ingredients"
      out += "\n\(label): " + unnamed.joined(separator: ", ") + "\n"
    }
    for (section, pieces) in zip(recipe.sections, steps) {
      if let name = section.name { out += "\n= \(heading(name))\n" }
      for step in pieces { out += "\n" + render(step) + "\n" }
    }
    return out
  }

  // MARK: Front matter

  private static func frontMatter(_ recipe: SchemaRecipe, source: String?) -> String {
    var pairs: [(String, String)] = [("title", recipe.name)]
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

  /// The times in the words become timers: `~{25 minutes}` as written when the timer reads
  /// back to the same length, else `~{30%min}` ("half an hour").
  private static func timed(_ pieces: [Piece]) -> [Piece] {
    guard case .words(let chars) = pieces.first, pieces.count == 1 else { return pieces }
    var out: [Piece] = []
    var at = 0
    for found in ProseDurations.find(in: String(chars)) {
      out.append(.words(Array(chars[at..<found.span.lowerBound])))
      out.append(.markup("~{\(timerAmount(found))}"))
      at = found.span.upperBound
    }
    out.append(.words(Array(chars[at...])))
    return out
  }

  private static func timerAmount(_ found: ProseDuration) -> String {
    let asWritten = found.text
    if !asWritten.contains(where: { "{}%@#~\\".contains($0) }),
      CooklangTimerDuration.read(quantity: asWritten, units: "")
        == .duration(found.duration, upper: found.upperDuration)
    {
      return asWritten
    }
    let bounds = [found.duration] + (found.upperDuration.map { [$0] } ?? [])
    let (size, unit): (Int64, String) =
      bounds.allSatisfy { $0 % 3_600_000 == 0 }
      ? (3_600_000, "h")
      : bounds.allSatisfy { $0 % 60_000 == 0 } ? (60_000, "min") : (1000, "s")
    return bounds.map { String($0 / size) }.joined(separator: "-") + "%" + unit
  }

  /// Marks the first place a step names `ingredient`; `false` if none does.
  private static func mark(_ ingredient: IngredientLine, in steps: inout [[[Piece]]]) -> Bool {
    for wanted in candidates(ingredient.name) {
      for s in steps.indices {
        for t in steps[s].indices {
          for (p, piece) in steps[s][t].enumerated() {
            guard case .words(let chars) = piece, let range = find(wanted, in: chars) else {
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

  /// The full name, then its last two words and its last word, each also in the singular or
  /// plural ("eggs" finds "egg").
  private static func candidates(_ name: String) -> [String] {
    let words = name.split(separator: " ").map(String.init)
    guard !words.isEmpty, !name.contains(where: { "{}%@#~\\".contains($0) }) else { return [] }
    var names = [name]
    if words.count > 2 { names.append(words.suffix(2).joined(separator: " ")) }
    if words.count > 1, words.last!.count > 2 { names.append(words.last!) }
    if words.count > 1, words[0].count > 2 { names.append(words[0]) }
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
