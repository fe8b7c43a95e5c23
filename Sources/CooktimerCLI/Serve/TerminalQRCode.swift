import CQRencode

/// A QR code drawn with text for `serve`'s pairing link (docs/api.md §2.1), made by Debian's
/// libqrencode (ISO/IEC 18004): two rows of modules per line with the half blocks `▀ ▄ █`.
///
/// Drawn for a terminal with light text on a dark background, as `qrencode -t UTF8` does:
/// light modules (and the 2-module quiet zone around them) are blocks of the text's color, dark
/// modules are the background. Phone cameras read the code either way round.
enum TerminalQRCode {
  /// Why no QR code can be drawn here (libqrencode4 missing), or `nil` when it can.
  static var unavailable: String? { cooktimer_qrencode_load().map { String(cString: $0) } }

  /// The lines, each the same width; `nil` when libqrencode cannot be loaded
  /// (``unavailable``) or the text cannot be encoded (over a QR code's 2,953 bytes at the
  /// lowest error correction: no link is that long).
  static func lines(_ text: String) -> [String]? {
    // Level M (15 % of the code may be lost): a screen's glare, a smudged display.
    guard let code = cooktimer_qrencode_encode_string(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
      return nil
    }
    defer { cooktimer_qrencode_free(code) }
    let width = Int(code.pointee.width)
    let data = code.pointee.data!
    let margin = 2
    let side = width + 2 * margin
    /// Whether the module at (x, y) of the whole picture (quiet zone included) is light.
    func light(_ x: Int, _ y: Int) -> Bool {
      let (cx, cy) = (x - margin, y - margin)
      guard (0..<width).contains(cx), (0..<width).contains(cy) else { return true }
      return data[cy * width + cx] & 1 == 0  // bit 0: dark module (qrencode.h)
    }
    return stride(from: 0, to: side, by: 2).map { y in
      String(
        (0..<side).map { x -> Character in
          switch (light(x, y), y + 1 < side ? light(x, y + 1) : false) {
          case (true, true): return "█"
          case (true, false): return "▀"
          case (false, true): return "▄"
          case (false, false): return " "
          }
        })
    }
  }
}
