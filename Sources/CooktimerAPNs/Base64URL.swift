import Foundation

/// base64url without padding (RFC 7515 §2, RFC 4648 §5), as JWT segments are written.
enum Base64URL {
  static func encode(_ data: Data) -> String {
    var text = data.base64EncodedString()
    text = text.replacingOccurrences(of: "+", with: "-")
    text = text.replacingOccurrences(of: "/", with: "_")
    while text.hasSuffix("=") { text.removeLast() }
    return text
  }

  /// The bytes of a base64url segment (padding optional), or nil when it is not one.
  static func decode(_ text: String) -> Data? {
    var standard = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while standard.count % 4 != 0 { standard += "=" }
    return Data(base64Encoded: standard)
  }
}
