#if canImport(Glibc)
  import Glibc
#endif

/// Writes straight to a file descriptor, unbuffered (alarms must not wait in a buffer). It
/// lives here because the editor's redraws and everything else the REPL prints must reach
/// the terminal in the order they were written, with no stdio buffer in between.
public func writeOut(_ text: String, to fd: Int32 = STDOUT_FILENO) {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
    if n <= 0 {
      if n < 0 && errno == EINTR { continue }
      return
    }
    offset += n
  }
}
