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
      let attributes = rest[open.upperBound..<tagEnd].lowercased()
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
      return .failure(JSONLDProblem())
    }
  }
}

/// A JSON-LD block that is not valid JSON.
struct JSONLDProblem: Error {}
