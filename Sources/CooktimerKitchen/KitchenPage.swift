/// The kitchen screen `cooktimer serve` answers `GET /` with: one self-contained HTML
/// document (inline CSS and JavaScript, no file, font or script from elsewhere — a kitchen
/// may be offline), under 100 KB.
///
/// The page is written as ordinary files in `Resources/` — `kitchen.html` (the document with
/// an empty `<style>` and an empty `<script>`), `kitchen.css`, and the script in a few
/// `kitchen-*.js` files that share one scope — so editors, `node --check` and linters read
/// them. SwiftPM compiles them into this module as byte arrays (`.embedInCode`,
/// SE-0271/SwiftPM 5.9), so they are inside the binary: a `cooktimer` copied on its own still
/// serves the page, with no bundle to find on disk and nothing to read at run time.
///
/// Serve it with `content-type: text/html; charset=utf-8` and `ETag: etag` (answer 304 to a
/// matching `If-None-Match`). It needs no key: the page asks for one when `/v1` answers 401.
public enum KitchenPage {
  /// The whole document, UTF-8 text: the stylesheet goes into the shell's `<style>`, the
  /// scripts (in this order: each uses what the ones before it define) into its `<script>`.
  public static let html: String = assemble(
    shell: text(PackageResources.kitchen_html),
    style: text(PackageResources.kitchen_css),
    scripts: [
      PackageResources.kitchen_base_js, PackageResources.kitchen_stream_js,
      PackageResources.kitchen_alarm_js, PackageResources.kitchen_cards_js,
      PackageResources.kitchen_actions_js,
    ].map(text))

  /// A strong entity tag for `html` (a quoted FNV-1a 64-bit hash of its bytes): it changes
  /// whenever the page does, so a browser revalidates cheaply and never keeps an old page.
  public static let etag: String = "\"k-" + fnv1a64Hex(html) + "\""

  /// The size in bytes as served.
  public static var byteCount: Int { html.utf8.count }

  /// `shell` with `style` put before its first `</style>` and the scripts, joined, before its
  /// last `</script>`. A shell without them is a build mistake the tests catch: it is
  /// returned with nothing inserted where the tag is missing.
  static func assemble(shell: String, style: String, scripts: [String]) -> String {
    var page = shell
    if let at = page.firstRange(of: "</style>") {
      page.insert(contentsOf: style, at: at.lowerBound)
    }
    if let at = page.ranges(of: "</script>").last {
      page.insert(contentsOf: scripts.joined(), at: at.lowerBound)
    }
    return page
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

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
