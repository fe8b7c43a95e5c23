/// Text from web pages made plain: tags dropped, character references decoded, whitespace
/// collapsed ("Salt &amp; pepper<br>to taste" → "Salt & pepper to taste").
enum HTMLText {
  static func plain(_ html: String) -> String {
    var out = ""
    var i = html.startIndex
    while i < html.endIndex {
      let c = html[i]
      if c == "<", let close = html[i...].firstIndex(of: ">") {
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
    // Control characters other than whitespace never reach a recipe file.
    let visible = out.unicodeScalars.map { scalar -> Character in
      scalar.properties.generalCategory == .control && !scalar.properties.isWhitespace
        ? " " : Character(scalar)
    }
    return StepText.collapse(String(visible))
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
