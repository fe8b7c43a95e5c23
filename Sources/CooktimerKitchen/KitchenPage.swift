/// The kitchen screen `cooktimer serve` answers `GET /` with: one self-contained HTML
/// document (inline CSS and JavaScript, no file, font or script from elsewhere — a kitchen
/// may be offline), under 100 KB.
///
/// The page lives in Swift raw string literals (`#"""…"""#`, one file per part: markup,
/// style, and the script in a few pieces) rather than SwiftPM resources, so it is inside the
/// binary itself: a `cooktimer` copied on its own still serves it, with no bundle to find on
/// disk and nothing to read at run time. Raw literals need no escaping of the backslashes and
/// quotes that CSS and JavaScript are full of.
///
/// Serve it with `content-type: text/html; charset=utf-8` and `ETag: etag` (answer 304 to a
/// matching `If-None-Match`). It needs no key: the page asks for one when `/v1` answers 401.
public enum KitchenPage {
  /// The whole document, UTF-8 text.
  public static let html: String =
    KitchenSource.documentStart
    + "<style>\n" + KitchenSource.style + "</style>\n</head>\n"
    + KitchenSource.body
    + "<script>\n"
    + KitchenSource.scriptBase
    + KitchenSource.scriptStream
    + KitchenSource.scriptAlarm
    + KitchenSource.scriptCards
    + KitchenSource.scriptActions
    + "</script>\n</body>\n</html>\n"

  /// A strong entity tag for `html` (a quoted FNV-1a 64-bit hash of its bytes): it changes
  /// whenever the page does, so a browser revalidates cheaply and never keeps an old page.
  public static let etag: String = "\"k-" + fnv1a64Hex(html) + "\""

  /// The size in bytes as served.
  public static var byteCount: Int { html.utf8.count }

  /// FNV-1a: a few lines with no dependency; an ETag needs change detection, not secrecy.
  static func fnv1a64Hex(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

/// The parts of the page, each in its own file; ``KitchenPage`` joins them.
enum KitchenSource {}
