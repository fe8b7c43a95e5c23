import CCrypto

/// The newest error on libcrypto's thread-local queue as one line, or `fallback` when the
/// queue is empty. Clears the queue so a later failure does not report this one.
func openSSLErrorLine(_ fallback: String) -> String {
  let code = ERR_get_error()
  ERR_clear_error()
  guard code != 0 else { return fallback }
  var buffer = [CChar](repeating: 0, count: 256)
  ERR_error_string_n(code, &buffer, buffer.count)
  let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  return "\(fallback) (\(text))"
}
