/// A step as a cook reads it (docs/live-activity.md §1.4 "stepName", without the 80-character cut).
public enum StepText {
  /// Ingredients (a recipe reference by the recipe's name) and cookware by name, a timer
  /// as its quantity and unit as written (`~eggs{3%minutes}` → "3 minutes"), a name-only
  /// timer as its name; preparations such as `(peeled)` left out; whitespace collapsed and
  /// trimmed.
  public static func render(_ items: [CooklangItem]) -> String {
    rendered(items).text
  }

  /// ``render(_:)`` and where each timer's words ended up in it (`Character` offsets, in
  /// the order of the timers).
  static func rendered(_ items: [CooklangItem]) -> (text: String, timerSpans: [Range<Int>]) {
    var text = ""
    var count = 0
    var pendingSpace = false
    var spans: [Range<Int>] = []
    for (item, piece) in zip(items, pieces(items)) {
      var start: Int?
      for c in piece {
        if c.isWhitespace {
          pendingSpace = count > 0
          continue
        }
        if pendingSpace {
          text.append(" ")
          count += 1
          pendingSpace = false
        }
        if start == nil { start = count }
        text.append(c)
        count += 1
      }
      if item.kind == .timer { spans.append((start ?? count)..<count) }
    }
    return (text, spans)
  }

  private static func pieces(_ items: [CooklangItem]) -> [String] {
    items.map { item -> String in
      switch item.kind {
      case .ingredient:
        return referencedRecipe(item.value) ?? item.value
      case .text, .cookware:
        return item.value
      case .timer:
        if item.quantityText.isEmpty { return item.value }
        return item.units.isEmpty ? item.quantityText : "\(item.quantityText) \(item.units)"
      }
    }
  }

  /// The recipe an ingredient refers to by path (Cooklang spec "Recipe references":
  /// `@./Shared/Red Beans{}`, `@../sauces/aioli.cook{}`), by its file name without `.cook`
  /// ("Red Beans"); `nil` for a plain ingredient.
  public static func referencedRecipe(_ name: String) -> String? {
    guard name.hasPrefix("./") || name.hasPrefix("../") else { return nil }
    var last = name.split(separator: "/").last.map(String.init) ?? name
    if last.lowercased().hasSuffix(".cook") { last.removeLast(5) }
    return last.isEmpty || last == "." || last == ".." ? nil : last
  }

  /// `text` with runs of whitespace (newlines included) made one space, trimmed.
  public static func collapse(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `text` cut to at most `limit` Characters: whole if it fits, else cut at a word boundary
  /// with "…" appended, the total at most `limit` (used for the 80-character `stepName`).
  /// A first word longer than the limit is cut inside the word.
  ///
  /// ```swift
  /// StepText.shortened("Boil the pasta in salted water", to: 16)  // "Boil the pasta…"
  /// ```
  public static func shortened(_ text: String, to limit: Int) -> String {
    guard text.count > limit else { return text }
    guard limit > 1 else { return limit == 1 ? "…" : "" }
    let room = Array(text.prefix(limit - 1))
    var cut = room.count
    // Cut at the last space inside the room, unless the next character is a space anyway.
    let next = text[text.index(text.startIndex, offsetBy: limit - 1)]
    if !next.isWhitespace, let space = room.lastIndex(where: \.isWhitespace) {
      cut = space
    }
    var kept = String(room[..<cut])
    while kept.last?.isWhitespace == true { kept.removeLast() }
    if kept.isEmpty { kept = String(room) }
    return kept + "…"
  }
}
