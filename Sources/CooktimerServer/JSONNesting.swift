/// How deep a JSON text nests, for telling why a body did not decode: Foundation's
/// decoders refuse more than 512 nested arrays and objects (swift-corelibs-foundation's
/// `JSONParser`, "Too many nested arrays or dictionaries"), and `JSONDecoder` then says only
/// "not valid JSON" without where.
enum JSONNesting {
  /// Foundation's limit: 512 levels decode, 513 do not.
  static let limit = 512

  /// The 1-based byte offset of the first `[` or `{` that opens level `limit + 1` of
  /// `bytes`, outside strings; `nil` when it never nests that deep. Only brackets and
  /// string quotes (with their `\` escapes) are looked at: the text's validity otherwise is
  /// the decoder's business.
  static func tooDeep(_ bytes: some Sequence<UInt8>, limit: Int = limit) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for (offset, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > limit { return offset + 1 }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return nil
  }
}
