import Foundation

/// The third pass: lines into steps (one per paragraph), sections, notes and `>>` metadata.
enum CooklangBlocks {
  static func document(
    metadata: [MetadataEntry], lines: [CooklangLine], diagnostics: inout CooklangDiagnostics
  ) -> CooklangDocument {
    var builder = Builder(document: CooklangDocument(metadata: metadata))
    for line in lines where !line.onlyComment {
      if line.isBlank {
        builder.endParagraph(&diagnostics)
        continue
      }
      let text = String(line.chars).trimmingCharacters(in: .whitespaces)
      if text.hasPrefix(">>") {
        builder.endParagraph(&diagnostics)
        if let entry = CooklangLines.metadataEntry(String(text.dropFirst(2))) {
          builder.document.metadata.append(entry)
        } else {
          let at = line.chars.firstIndex { !$0.isWhitespace } ?? 0
          diagnostics.warning(
            "\">>\" line has no \"key: value\" and is ignored: write >> servings: 4",
            at: line.location(at: at))
        }
      } else if text.hasPrefix("=") {
        builder.endParagraph(&diagnostics)
        let name = text.trimmingCharacters(in: CharacterSet(charactersIn: "=").union(.whitespaces))
        builder.section = name.isEmpty ? nil : name
      } else if var note = builder.note {
        let more = text.hasPrefix(">") ? String(text.dropFirst()) : text
        note.text += " " + more.trimmingCharacters(in: .whitespaces)
        builder.note = note
      } else if builder.paragraph.isEmpty, text.hasPrefix(">") {
        builder.note = CooklangNote(
          text: String(text.dropFirst()).trimmingCharacters(in: .whitespaces),
          location: line.location(at: 0))
      } else {
        builder.paragraph.append(line)
      }
    }
    builder.endParagraph(&diagnostics)
    if builder.document.steps.isEmpty {
      diagnostics.warning(
        "recipe has no steps: write its directions as paragraphs separated by blank lines",
        at: SourceLocation(line: 1, column: 1))
    }
    return builder.document
  }

  private struct Builder {
    var document: CooklangDocument
    var section: String?
    var paragraph: [CooklangLine] = []
    var note: CooklangNote?

    mutating func endParagraph(_ diagnostics: inout CooklangDiagnostics) {
      if let note {
        document.notes.append(note)
        self.note = nil
      }
      guard let first = paragraph.first else { return }
      var items: [CooklangItem] = []
      for (index, line) in paragraph.enumerated() {
        if index > 0 {
          let previous = paragraph[index - 1]
          items.append(
            CooklangItem(
              kind: .text, value: previous.forcedBreak ? "\n" : " ",
              location: previous.location(at: previous.chars.count)))
        }
        items += CooklangInline.items(of: line, diagnostics: &diagnostics)
      }
      paragraph = []
      let tidy = Self.tidy(items)
      guard !tidy.isEmpty else { return }
      document.steps.append(
        CooklangStep(section: section, items: tidy, location: first.location(at: 0)))
    }

    /// Joins adjacent text, trims the step's ends, drops empty text.
    static func tidy(_ items: [CooklangItem]) -> [CooklangItem] {
      var out: [CooklangItem] = []
      for item in items {
        if item.kind == .text, let last = out.last, last.kind == .text {
          out[out.count - 1].value += item.value
        } else {
          out.append(item)
        }
      }
      if let first = out.first, first.kind == .text {
        out[0].value = String(first.value.drop(while: \.isWhitespace))
      }
      if let last = out.last, last.kind == .text {
        var value = last.value
        while value.last?.isWhitespace == true { value.removeLast() }
        out[out.count - 1].value = value
      }
      return out.filter { $0.kind != .text || !$0.value.isEmpty }
    }
  }
}
