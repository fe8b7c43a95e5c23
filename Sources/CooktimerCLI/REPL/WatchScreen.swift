/// Fits `watch`'s frame to the terminal: no line wider than the screen (a cut line ends in
/// `…`), and no more lines than it has rows, so the header never scrolls away — the body
/// gives way first, then the messages.
enum WatchScreen {
  /// The lines to draw, top to bottom.
  ///
  /// - Parameters:
  ///   - header: always shown first (the title and the keys).
  ///   - body: the runs and their timers; what does not fit ends in one `… N more lines` line.
  ///   - messages: the latest changes and alarms, below the body.
  ///   - width, rows: the terminal's columns and rows.
  static func fit(
    header: [String], body: [String], messages: [String], width: Int, rows: Int
  ) -> [String] {
    let rows = max(1, rows)
    let top = Array(header.prefix(rows))
    let notes = Array(messages.suffix(max(0, min(messages.count, rows - top.count - 1))))
    let room = rows - top.count - notes.count
    var shown = Array(body.prefix(room))
    if body.count > room, room > 0 {
      shown = Array(body.prefix(room - 1))
      shown.append("… \(body.count - shown.count) more lines: `status` lists every timer")
    }
    return (top + shown + notes).map { cut($0, to: width) }
  }

  /// `line` in at most `width` characters: a longer one keeps `width - 1` and ends in `…`.
  static func cut(_ line: String, to width: Int) -> String {
    guard line.count > width else { return line }
    return String(line.prefix(max(0, width - 1))) + "…"
  }
}
