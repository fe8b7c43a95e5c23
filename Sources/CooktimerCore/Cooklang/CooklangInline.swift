/// The second pass: one line of a step into text, ingredients, cookware and timers
/// (Cooklang spec "Ingredients", "Cookware", "Timer"; docs/recipes.md §4, §8).
struct CooklangInline {
  private let line: CooklangLine
  private var chars: [Character] { line.chars }
  private(set) var items: [CooklangItem] = []
  private var buffer = ""
  private var bufferStart = 0
  /// For each index, the index of the next `}` and `)` at or after it (or `chars.count`);
  /// computed once so that long lines of `{` stay linear.
  private let nextBrace: [Int]
  private let nextParenthesis: [Int]

  private init(line: CooklangLine) {
    self.line = line
    nextBrace = Self.nextIndices(of: "}", in: line.chars)
    nextParenthesis = Self.nextIndices(of: ")", in: line.chars)
  }

  private static func nextIndices(of target: Character, in chars: [Character]) -> [Int] {
    var result = [Int](repeating: chars.count, count: chars.count + 1)
    for i in chars.indices.reversed() {
      result[i] = chars[i] == target ? i : result[i + 1]
    }
    return result
  }

  private func next(_ table: [Int], after index: Int) -> Int? {
    let found = table[min(index + 1, chars.count)]
    return found < chars.count ? found : nil
  }

  static func items(of line: CooklangLine, diagnostics: inout CooklangDiagnostics) -> [CooklangItem]
  {
    var reader = CooklangInline(line: line)
    reader.run(&diagnostics)
    return reader.items
  }

  private mutating func run(_ diagnostics: inout CooklangDiagnostics) {
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "\\", i + 1 < chars.count {
        appendText(chars[i + 1], at: i)
        i += 2
        continue
      }
      if let kind = Self.kinds[c], let (item, next) = component(kind, at: i, &diagnostics) {
        flush()
        items.append(item)
        i = next
        continue
      }
      if c == "{" {
        warnBareTimer(at: i, &diagnostics)
      }
      appendText(c, at: i)
      i += 1
    }
    flush()
  }

  private static let kinds: [Character: CooklangItem.Kind] = [
    "@": .ingredient, "#": .cookware, "~": .timer,
  ]

  // MARK: Components

  /// Reads `@name`, `@multi word name{amount}(preparation)`, `#…`, `~…` at `start`;
  /// `nil` when the sigil is plain text (followed by a space, or nothing usable).
  private func component(
    _ kind: CooklangItem.Kind, at start: Int, _ diagnostics: inout CooklangDiagnostics
  ) -> (CooklangItem, Int)? {
    let nameStart = start + 1
    guard nameStart < chars.count, !chars[nameStart].isWhitespace else { return nil }
    // `~~{8%minutes}`: the first `~` is "about", written as text; the second starts the timer.
    if kind == .timer, chars[nameStart] == "~" { return nil }
    let location = line.location(at: start)
    var name: String
    var amount: String?
    var next: Int
    if let (open, close) = braces(from: nameStart) {
      name = Self.unescaped(chars[nameStart..<open]).trimmingCharacters(in: .whitespaces)
      amount = Self.unescaped(chars[(open + 1)..<close])
      next = close + 1
    } else {
      // `~egg{5%min.`: the amount never ends. As the reference parser does, the sign takes
      // one word and the rest stays text; the recipe loads, the fault is a warning (issue
      // 23: one bad line no longer refuses a whole real recipe).
      if let open = unclosedBrace(from: nameStart) {
        diagnostics.warning(
          "\"{\" is never closed on this line: the amount is read as text; end it with \"}\"",
          at: line.location(at: open))
      }
      var end = nameStart
      while end < chars.count, !chars[end].isWhitespace, !chars[end].isPunctuation {
        end += 1
      }
      guard end > nameStart else { return nil }
      name = String(chars[nameStart..<end])
      next = end
    }
    var item = CooklangItem(kind: kind, value: name, location: location)
    if let amount {
      let split = amount.firstIndex(of: "%")
      let quantity = String(amount[..<(split ?? amount.endIndex)]).trimmingCharacters(
        in: .whitespaces)
      item.quantityText = quantity
      if let split {
        item.units = String(amount[amount.index(after: split)...]).trimmingCharacters(
          in: .whitespaces)
      }
      item.quantity =
        quantity.isEmpty
        ? .none : CooklangNumber.value(quantity).map { .number($0) } ?? .text(quantity)
    }
    if kind == .ingredient, amount != nil, next < chars.count, chars[next] == "(",
      let close = self.next(nextParenthesis, after: next)
    {
      item.preparation = Self.unescaped(chars[(next + 1)..<close])
      next = close + 1
    }
    check(item, hasAmount: amount != nil, &diagnostics)
    return (item, next)
  }

  /// The `{` and `}` of a multi-word component: a `{` reached before any other sigil,
  /// and its `}` on the same line.
  private func braces(from start: Int) -> (Int, Int)? {
    guard let open = openingBrace(from: start), let close = next(nextBrace, after: open)
    else { return nil }
    return (open, close)
  }

  /// The `{` a component opens (as ``braces(from:)`` finds it) when no `}` follows it.
  private func unclosedBrace(from start: Int) -> Int? {
    guard let open = openingBrace(from: start) else { return nil }
    return next(nextBrace, after: open) == nil ? open : nil
  }

  /// The first `{` from `start` (escaped characters skipped), or `nil` when a `}` or
  /// another sigil comes first or the text ends.
  private func openingBrace(from start: Int) -> Int? {
    var i = start
    while i < chars.count {
      let c = chars[i]
      if c == "\\" {
        i += 2
        continue
      }
      if c == "{" { return i }
      if c == "}" || Self.kinds[c] != nil { return nil }
      i += 1
    }
    return nil
  }

  private func check(
    _ item: CooklangItem, hasAmount: Bool, _ diagnostics: inout CooklangDiagnostics
  ) {
    let at = item.location
    switch item.kind {
    case .ingredient where item.value.isEmpty:
      diagnostics.error("ingredient has no name: write @salt or @flour{250%g}", at: at)
    case .cookware where item.value.isEmpty:
      diagnostics.error("cookware has no name: write #pot or #frying pan{}", at: at)
    case .timer where item.value.isEmpty && item.quantityText.isEmpty:
      let what = item.units.isEmpty ? "is empty" : "has a unit but no quantity"
      diagnostics.error("timer \(what): write ~{10%minutes}", at: at)
    case .timer where item.quantityText.isEmpty:
      if CooklangNumber.value(item.value) != nil {
        diagnostics.warning(
          "timer name \"\(item.value)\" is a number: write ~{\(item.value)%minutes} for a timer",
          at: at)
      } else {
        diagnostics.warning(
          "timer \"~\(item.value)\" has no duration; the cook is asked for one", at: at)
      }
    default:
      break
    }
  }

  // MARK: Text

  /// `{5%minutes}` written without `~` is text; say so, since it looks like a timer.
  private func warnBareTimer(at start: Int, _ diagnostics: inout CooklangDiagnostics) {
    // Only short groups look like an amount; this also keeps `{{{{…` linear.
    guard let close = next(nextBrace, after: start), close - start <= 40 else { return }
    let inside = String(chars[(start + 1)..<close])
    guard let percent = inside.firstIndex(of: "%"),
      TimeUnit(
        spelling: inside[inside.index(after: percent)...].trimmingCharacters(in: .whitespaces))
        != nil
    else { return }
    diagnostics.warning(
      "\"{\(inside)}\" has no \"~\" and is plain text: write ~{\(inside)} for a timer",
      at: line.location(at: start))
  }

  private mutating func appendText(_ c: Character, at index: Int) {
    if buffer.isEmpty { bufferStart = index }
    buffer.append(c)
  }

  private mutating func flush() {
    guard !buffer.isEmpty else { return }
    items.append(CooklangItem(kind: .text, value: buffer, location: line.location(at: bufferStart)))
    buffer = ""
  }

  private static func unescaped(_ slice: ArraySlice<Character>) -> String {
    var out = ""
    var escaping = false
    for c in slice {
      if c == "\\", !escaping {
        escaping = true
        continue
      }
      escaping = false
      out.append(c)
    }
    return out
  }
}
