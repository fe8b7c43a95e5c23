/// Text from web pages made plain: tags dropped, character references decoded, whitespace
/// collapsed ("Salt &amp; pepper<br>to taste" → "Salt & pepper to taste").
enum HTMLText {
  static func plain(_ html: String) -> String {
    var text = stripped(html)
    // `&amp;nbsp;` (double-encoded, issue 23): decoded once more when that leaves no
    // reference visible; never a third time.
    if text.contains("&") {
      let again = decoded(text)
      if again != text { text = again }
    }
    // Control characters other than whitespace never reach a recipe file; a terminal
    // escape sequence goes whole, so no `[31m` is left of it.
    let visible = withoutEscapeSequences(text).unicodeScalars.map { scalar -> Character in
      scalar.properties.generalCategory == .control && !scalar.properties.isWhitespace
        ? " " : Character(scalar)
    }
    return StepText.collapse(String(visible))
  }

  /// `html` with its character references decoded, tags left as they are.
  static func decoded(_ html: String) -> String { scanned(html, strippingTags: false) }

  /// Tags replaced by a space and references decoded, once.
  private static func stripped(_ html: String) -> String { scanned(html, strippingTags: true) }

  /// One pass over `html`: each character reference decoded, each tag (when
  /// `strippingTags`) replaced by a space.
  private static func scanned(_ html: String, strippingTags: Bool) -> String {
    var out = ""
    var i = html.startIndex
    while i < html.endIndex {
      let c = html[i]
      if strippingTags, c == "<", let close = html[i...].firstIndex(of: ">") {
        out.append(" ")
        i = html.index(after: close)
      } else if c == "&", let semi = html[i...].prefix(12).firstIndex(of: ";"),
        let decoded = reference(String(html[html.index(after: i)..<semi]))
      {
        out.append(decoded)
        i = html.index(after: semi)
      } else {
        out.append(c)
        i = html.index(after: i)
      }
    }
    return out
  }

  /// An instruction string cut into steps where its HTML or its lines say a step ends:
  /// `<li>`, `<p>`, `<br>`, and line breaks (recipe-scrapers 1880/1535: "<ol><li>…" was one
  /// step). Each piece made plain; empty pieces dropped.
  static func steps(_ html: String) -> [String] {
    var marked = html
    for tag in [
      "</li>", "<li>", "</p>", "<p>", "<br>", "<br/>", "<br />", "</ol>", "<ol>", "</ul>", "<ul>",
    ] {
      marked = marked.replacingOccurrences(of: tag, with: "\n", options: .caseInsensitive)
    }
    // `<li class="…">`, `<p style="…">`
    for tag in ["<li ", "<p "] {
      while let open = marked.range(of: tag, options: .caseInsensitive),
        let close = marked[open.upperBound...].firstIndex(of: ">")
      {
        marked.replaceSubrange(open.lowerBound...close, with: "\n")
      }
    }
    return marked.split(whereSeparator: \.isNewline).map { plain(String($0)) }.filter {
      !$0.isEmpty
    }
  }

  /// `text` without its CSI (`ESC [ … final`) and OSC (`ESC ] … BEL` or `ESC \`)
  /// sequences; any other ESC is left for the control rule.
  static func withoutEscapeSequences(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      let opens = i + 1 < scalars.count && (scalars[i + 1] == "[" || scalars[i + 1] == "]")
      guard scalars[i] == "\u{1B}", opens else {
        out.append(scalars[i])
        i += 1
        continue
      }
      var j = i + 2
      if scalars[i + 1] == "[" {
        // Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
        while j < scalars.count, (0x20...0x3F).contains(scalars[j].value) { j += 1 }
        if j < scalars.count, (0x40...0x7E).contains(scalars[j].value) { j += 1 }
      } else {
        while j < scalars.count, scalars[j] != "\u{07}", scalars[j] != "\u{1B}" { j += 1 }
        if j < scalars.count, scalars[j] == "\u{07}" { j += 1 }
        if j + 1 < scalars.count, scalars[j] == "\u{1B}", scalars[j + 1] == "\\" { j += 2 }
      }
      i = j
    }
    return String(out)
  }

  /// `amp` → "&", `#39` → "'", `#x2019` → "’"; `nil` for an unknown name.
  static func reference(_ name: String) -> String? {
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
    }
    if name.hasPrefix("#") {
      return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
    }
    return named[name]
  }

  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–",
    "mdash": "—", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    "deg": "°", "frac12": "½", "frac14": "¼", "frac34": "¾", "eacute": "é", "egrave": "è",
    "ecirc": "ê", "agrave": "à", "acirc": "â", "ccedil": "ç", "ocirc": "ô", "ucirc": "û",
    "icirc": "î", "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö",
    "Uuml": "Ü", "szlig": "ß", "oelig": "œ", "times": "×", "frac13": "⅓",
  ]
}
