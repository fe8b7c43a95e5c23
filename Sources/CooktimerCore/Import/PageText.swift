import Foundation

/// A saved or fetched page's bytes as text, in the charset the page declares (issue 23:
/// pages declaring ISO-8859-1 or windows-1252 were read as UTF-8, "K�se").
public enum PageText {
  /// `data` decoded by the charset of the HTTP `Content-Type` header (`contentType`, e.g.
  /// `text/html; charset=ISO-8859-1`), else of the page's `<meta charset>` or `<meta
  /// http-equiv="Content-Type" content="…; charset=…">` (HTML Living Standard §4.2.5.4),
  /// else UTF-8. UTF-8 that does not decode is read as windows-1252, as browsers do for
  /// undeclared pages.
  public static func decode(_ data: Data, contentType: String? = nil) -> String {
    let declared = contentType.flatMap(charset(inHeader:)) ?? charset(inMeta: data)
    if let declared, let encoding = encoding(named: declared),
      let text = String(data: data, encoding: encoding)
    {
      return text
    }
    if let text = String(data: data, encoding: .utf8) { return text }
    return String(data: data, encoding: .windowsCP1252) ?? String(decoding: data, as: UTF8.self)
  }

  /// `text/html; charset="ISO-8859-1"` → `iso-8859-1`.
  static func charset(inHeader header: String) -> String? {
    for part in header.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { continue }
      let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
      return value.isEmpty ? nil : value.lowercased()
    }
    return nil
  }

  /// The charset a `<meta>` in the first 4 KiB declares (read as Latin-1: the tag is ASCII).
  static func charset(inMeta data: Data) -> String? {
    let head = String(decoding: data.prefix(4096).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self)
      .lowercased()
    var rest = head[...]
    while let meta = rest.range(of: "<meta") {
      guard let end = rest[meta.upperBound...].firstIndex(of: ">") else { break }
      let tag = rest[meta.upperBound..<end]
      if let at = tag.range(of: "charset=") {
        let value = tag[at.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
          .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        if !value.isEmpty { return String(value) }
      }
      rest = rest[end...]
    }
    return nil
  }

  private static func encoding(named name: String) -> String.Encoding? {
    switch name {
    case "utf-8", "utf8": return .utf8
    // Browsers read a page labelled ISO-8859-1 or US-ASCII as windows-1252 (WHATWG
    // Encoding Standard, "Legacy single-byte encodings").
    case "iso-8859-1", "latin1", "iso8859-1", "windows-1252", "cp1252", "us-ascii":
      return .windowsCP1252
    case "iso-8859-15", "latin9": return .isoLatin1
    case "utf-16", "utf-16le": return .utf16LittleEndian
    case "utf-16be": return .utf16BigEndian
    default: return nil
    }
  }

  /// The page's language: `<html lang="de-DE">` (the first `lang` attribute of an `html`
  /// tag), or `nil`.
  public static func language(of page: String) -> String? {
    guard let html = page.range(of: "<html", options: .caseInsensitive),
      let end = page[html.upperBound...].firstIndex(of: ">")
    else { return nil }
    let tag = page[html.upperBound..<end]
    guard let lang = tag.range(of: "lang=", options: .caseInsensitive) else { return nil }
    let value = tag[lang.upperBound...].drop { $0 == "\"" || $0 == "'" }
      .prefix { $0.isLetter || $0 == "-" || $0 == "_" }
    return value.isEmpty ? nil : String(value)
  }
}
