import Foundation

/// A line of the file with comments taken out; each character keeps its original column.
struct CooklangLine {
  /// 1-based line number in the file.
  var number: Int
  var chars: [Character] = []
  /// The 1-based column of each character of `chars`.
  var columns: [Int] = []
  /// The line ended in `\`: a forced line break instead of a space.
  var forcedBreak = false
  /// Only comments were on it: it neither holds text nor ends a paragraph.
  var onlyComment = false

  var isBlank: Bool { chars.allSatisfy(\.isWhitespace) }

  func location(at index: Int) -> SourceLocation {
    let column = index < columns.count ? columns[index] : (columns.last.map { $0 + 1 } ?? 1)
    return SourceLocation(line: number, column: column)
  }
}

/// The first pass: BOM, line endings, front matter and comments.
enum CooklangLines {
  /// Splits `source` into lines without comments, and reads the front matter.
  static func read(
    _ source: String, diagnostics: inout CooklangDiagnostics
  ) -> (metadata: [MetadataEntry], lines: [CooklangLine]) {
    var text = source
    if text.unicodeScalars.first == "\u{FEFF}" {
      text = String(text.unicodeScalars.dropFirst())
    }
    text = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
    let raw = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    let (metadata, start) = CooklangFrontMatter.read(raw, diagnostics: &diagnostics)
    var lines: [CooklangLine] = []
    var openBlock: SourceLocation?
    for index in raw.indices.dropFirst(start) {
      lines.append(stripComments(raw[index], number: index + 1, openBlock: &openBlock))
    }
    if let openBlock {
      diagnostics.warning(
        "block comment \"[-\" is never closed with \"-]\"; it hides the rest of the file",
        at: openBlock)
    }
    return (metadata, lines)
  }

  /// `key: value` (a `>>` line); key and value trimmed, quotes around the value removed.
  static func metadataEntry(_ line: String) -> MetadataEntry? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon].trimmingCharacters(in: .whitespaces)
    var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty else { return nil }
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'",
      value.last == quote
    {
      value = String(value.dropFirst().dropLast())
    }
    return MetadataEntry(key: key, value: .string(value))
  }

  /// Removes `-- line comments` and `[- block comments -]` (which may span lines).
  /// A run of three or more hyphens (`---`) is text, not a comment.
  private static func stripComments(
    _ chars: [Character], number: Int, openBlock: inout SourceLocation?
  ) -> CooklangLine {
    var line = CooklangLine(number: number)
    var removed = openBlock != nil
    var i = 0
    while i < chars.count {
      if openBlock != nil {
        if chars[i] == "-", i + 1 < chars.count, chars[i + 1] == "]" {
          openBlock = nil
          i += 2
        } else {
          i += 1
        }
        continue
      }
      let c = chars[i]
      if c == "\\", i + 1 < chars.count {
        // An escaped character passes through; the inline pass resolves it.
        line.chars += [c, chars[i + 1]]
        line.columns += [i + 1, i + 2]
        i += 2
        continue
      }
      if c == "[", i + 1 < chars.count, chars[i + 1] == "-" {
        openBlock = SourceLocation(line: number, column: i + 1)
        removed = true
        i += 2
        continue
      }
      if c == "-" {
        var run = i
        while run < chars.count, chars[run] == "-" { run += 1 }
        if run - i == 2 {
          removed = true
          break
        }
        for j in i..<run {
          line.chars.append("-")
          line.columns.append(j + 1)
        }
        i = run
        continue
      }
      line.chars.append(c)
      line.columns.append(i + 1)
      i += 1
    }
    // An odd run of trailing backslashes ends in a lone `\`: a forced line break.
    let trailing = line.chars.reversed().prefix(while: { $0 == "\\" }).count
    if trailing % 2 == 1 {
      line.chars.removeLast()
      line.columns.removeLast()
      line.forcedBreak = true
    }
    line.onlyComment = removed && line.isBlank
    return line
  }
}
