/// The bytes of one message of the `text/event-stream` format (WHATWG HTML, "Server-sent
/// events", §9.2.5 "Parsing an event stream"). Lines end in LF; a blank line ends an event.
enum EventStreamFrame {
  /// `event:`, `id:` and one `data:` line per line of `data`, then a blank line. Line breaks
  /// (CRLF, CR or LF) in `data` become separate `data:` lines, which the client joins back
  /// with LF. `event` and `id` are single lines by definition, so their line breaks become
  /// spaces, and a NUL in `id` is dropped (a client would ignore the whole id).
  static func event(_ event: String?, id: String?, data: String) -> String {
    var text = ""
    if let event { text += "event: \(singleLine(event))\n" }
    if let id { text += "id: \(singleLine(id).replacing("\0", with: ""))\n" }
    for line in lines(data) { text += line.isEmpty ? "data:\n" : "data: \(line)\n" }
    return text + "\n"
  }

  /// A comment (`: ping`), which clients ignore: it keeps proxies and idle timers from
  /// closing a quiet stream, and lets the server find a client that went away.
  static func comment(_ text: String) -> String {
    lines(text).map { $0.isEmpty ? ":\n" : ": \($0)\n" }.joined() + "\n"
  }

  private static func lines(_ text: String) -> [Substring] {
    // "\r\n" is one Character in Swift, so it is matched as a whole.
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
  }

  private static func singleLine(_ text: String) -> String {
    lines(text).joined(separator: " ")
  }
}
