import CooktimerActivity

/// Encodes one JSON document for stdout with the project's one encoder (``WireJSON``: sorted
/// keys, stable between runs on Linux, `/` unescaped).
func encodeJSON<T: Encodable>(_ value: T) -> String {
  do {
    return try WireJSON.string(value)
  } catch {
    // Our output types hold only strings, numbers and arrays; this cannot fail.
    preconditionFailure("JSON encoding failed: \(error)")
  }
}
