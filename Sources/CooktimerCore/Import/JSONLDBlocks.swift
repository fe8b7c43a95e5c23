import Foundation

/// The JSON-LD a web page carries: the text of each `<script type="application/ld+json">`
/// block, parsed. A file that is JSON itself (starts with `{` or `[`) is one block.
enum JSONLDBlocks {
  /// Each block parsed, or the parse error of a block that is not JSON, in page order.
  static func blocks(of page: String) -> [Result<Any, JSONLDProblem>] {
    let trimmed = page.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    if trimmed.first == "{" || trimmed.first == "[" { return [parse(String(trimmed))] }
    var found: [Result<Any, JSONLDProblem>] = []
    var rest = page[...]
    while let open = rest.range(of: "<script", options: .caseInsensitive) {
      guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
      // `type="application&#x2F;ld&#x2B;json"` (marmiton): attributes are HTML text.
      let attributes = HTMLText.decoded(String(rest[open.upperBound..<tagEnd])).lowercased()
      let bodyStart = rest.index(after: tagEnd)
      guard let close = rest[bodyStart...].range(of: "</script", options: .caseInsensitive)
      else { break }
      if attributes.contains("application/ld+json") {
        found.append(parse(String(rest[bodyStart..<close.lowerBound])))
      }
      rest = rest[close.upperBound...]
    }
    return found
  }

  private static func parse(_ text: String) -> Result<Any, JSONLDProblem> {
    var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
    // Some sites wrap the block in a CDATA comment for old browsers (`//<![CDATA[`,
    // `// <![CDATA[`).
    if body.hasPrefix("//"), let open = body.range(of: "<![CDATA["),
      body[..<open.lowerBound].allSatisfy({ $0 == "/" || $0.isWhitespace })
    {
      body = String(body[open.upperBound...])
    }
    if let close = body.range(of: "]]>", options: .backwards),
      body[close.upperBound...].allSatisfy(\.isWhitespace)
    {
      body = String(body[..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
      while body.hasSuffix("/") { body.removeLast() }
    }
    do {
      return .success(try JSONSerialization.jsonObject(with: Data(body.utf8)))
    } catch {
      // What real pages get wrong (issue 23), mended in turn: raw line breaks and tabs
      // inside strings (16 pages), escapes JSON lacks (`\'`), and text after the value
      // (`};`, a second object).
      let escaped = escapingControlCharactersInStrings(body)
      for candidate in [escaped, firstValue(escaped)].compactMap({ $0 }) where candidate != body {
        if let json = try? JSONSerialization.jsonObject(with: Data(candidate.utf8)) {
          return .success(json)
        }
      }
      return .failure(JSONLDProblem())
    }
  }

  /// The first complete object or array of `text` (braces counted outside strings), or
  /// `nil` when it is all of `text` or never closes.
  static func firstValue(_ text: String) -> String? {
    var depth = 0
    var inString = false
    var escaping = false
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      if inString {
        if escaping {
          escaping = false
        } else if c == "\\" {
          escaping = true
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == "{" || c == "[" {
        depth += 1
      } else if c == "}" || c == "]" {
        depth -= 1
        if depth == 0 {
          let end = text.index(after: index)
          return end == text.endIndex ? nil : String(text[..<end])
        }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// `text` with each control character (U+0000–U+001F) inside a JSON string written as
  /// `\uXXXX`, which JSON (RFC 8259 §7) requires and many sites forget, and each escape JSON
  /// lacks (`\'`) written as its character. Outside strings control characters are
  /// whitespace and stay.
  static func escapingControlCharactersInStrings(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var inString = false
    var escaping = false
    for scalar in text.unicodeScalars {
      if inString {
        if escaping {
          escaping = false
          // `\'`, `\:`: escapes JSON does not have; the character stands for itself.
          if !"\"\\/bfnrtu".unicodeScalars.contains(scalar) {
            out.removeLast()
          }
        } else if scalar == "\\" {
          escaping = true
        } else if scalar == "\"" {
          inString = false
        } else if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out.append(
            contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
          continue
        }
      } else if scalar == "\"" {
        inString = true
      }
      out.append(scalar)
    }
    return String(out)
  }
}

/// A JSON-LD block that is not valid JSON.
struct JSONLDProblem: Error {}
