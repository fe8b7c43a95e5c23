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
    // Some sites wrap the block in a CDATA comment for old browsers.
    if body.hasPrefix("//<![CDATA[") { body = String(body.dropFirst(11)) }
    if body.hasSuffix("//]]>") { body = String(body.dropLast(5)) }
    do {
      return .success(try JSONSerialization.jsonObject(with: Data(body.utf8)))
    } catch {
      // Raw line breaks and tabs inside strings (16 real pages): escaped, then read again.
      let escaped = escapingControlCharactersInStrings(body)
      guard escaped != body,
        let json = try? JSONSerialization.jsonObject(with: Data(escaped.utf8))
      else { return .failure(JSONLDProblem()) }
      return .success(json)
    }
  }

  /// `text` with each control character (U+0000–U+001F) inside a JSON string written as
  /// `\uXXXX`, which JSON (RFC 8259 §7) requires and many sites forget. Outside strings
  /// they are whitespace and stay.
  static func escapingControlCharactersInStrings(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var inString = false
    var escaping = false
    for scalar in text.unicodeScalars {
      if inString {
        if escaping {
          escaping = false
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
