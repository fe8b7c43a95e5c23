import Foundation

/// Encodes one JSON document for stdout: sorted keys (stable between runs on Linux),
/// `/` unescaped.
func encodeJSON<T: Encodable>(_ value: T) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  do {
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  } catch {
    // Our output types hold only strings, numbers and arrays; this cannot fail.
    preconditionFailure("JSON encoding failed: \(error)")
  }
}
