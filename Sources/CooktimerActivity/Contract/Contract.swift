import CookingTimerAttributes

/// The Swift source of the app's Live Activity type: the file of the `CookingTimerAttributes`
/// library, byte for byte (embedded as a SwiftPM resource), with every field the tool emits,
/// units and epochs in its doc comments, and the note on `Text(timerInterval:)`
/// (docs/live-activity.md §1.6; Apple, ActivityKit `ActivityAttributes`). `cooktimer
/// contract` prints it; the tool encodes every content state through the same type.
///
/// - Parameter attributesType: the struct's name, as sent in `attributes-type`: every
///   mention of the type becomes it (the library's own name, after `import` and "product",
///   stays). A Swift identifier (the CLI checks, ``isAttributesTypeName(_:)``).
public func contractDeclaration(attributesType: String = "CookingTimerAttributes") -> String {
  let text = String(decoding: PackageResources.CookingTimerAttributes_swift, as: UTF8.self)
  guard attributesType != "CookingTimerAttributes" else { return text }
  // The library's name is kept behind a mark no Swift text holds while the type is renamed.
  let library = ["import CookingTimerAttributes", "product\n// `CookingTimerAttributes`"]
  var renamed = text
  for (n, name) in library.enumerated() {
    renamed = renamed.replacingOccurrences(of: name, with: "\u{0}\(n)")
  }
  renamed = renamed.replacingOccurrences(of: "CookingTimerAttributes", with: attributesType)
  for (n, name) in library.enumerated() {
    renamed = renamed.replacingOccurrences(of: "\u{0}\(n)", with: name)
  }
  return renamed
}

/// True when `name` can stand for the struct's name in ``contractDeclaration(attributesType:)``
/// and in `attributes-type`: an ASCII Swift identifier (a letter or `_`, then letters,
/// digits, `_`), not a keyword the declaration cannot take.
public func isAttributesTypeName(_ name: String) -> Bool {
  guard let first = name.unicodeScalars.first, !name.isEmpty, name.utf8.count <= 100 else {
    return false
  }
  func letter(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
  }
  guard letter(first), name != "_" else { return false }
  return !reservedNames.contains(name)
    && name.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
}

/// Names the renamed declaration cannot take: Swift's keywords (The Swift Programming
/// Language, "Lexical Structure: Keywords and Punctuation") and every word the file itself
/// uses (`String`, `Codable`, `ContentState`, …), which the struct's name would shadow.
private let reservedNames: Set<String> = {
  let keywords = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
    "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "some", "any",
  ]
  let text = String(decoding: PackageResources.CookingTimerAttributes_swift, as: UTF8.self)
  let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
  return Set(keywords + words).subtracting(["CookingTimerAttributes"])
}()
