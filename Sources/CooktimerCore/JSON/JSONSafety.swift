import Foundation

/// JSON output that is exact and safe to print at once: the characters a terminal, a log
/// viewer or a browser acts on are written as `\u` escapes, which every JSON reader decodes
/// back to the same string (RFC 8259 §7 allows any character escaped).
///
/// Foundation's `JSONEncoder` and `JSONSerialization` escape U+0000–U+001F only; this adds
/// DEL (U+007F), the C1 controls (U+0080–U+009F: `U+009B` is a terminal's CSI) and the bidi
/// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: Unicode TR 9, the
/// "Trojan Source" reordering, CVE-2021-42574). Every JSON document cooktimer writes passes
/// through ``escaped(_:)``: `WireJSON` (CLI `--json`, Live Activity bodies, the outbox), the
/// API's bodies and its event stream.
public enum JSONSafety {
  /// `json` (UTF-8 JSON text, as an encoder wrote it) with every character above written as
  /// `\uXXXX` (lowercase hex, as Foundation writes `\u001b`). Such characters can only stand
  /// inside strings, so the bytes are scanned without parsing. Returns `json` itself when
  /// there is none (the common case: one pass, no copy).
  public static func escaped(_ json: Data) -> Data {
    let first = json.withUnsafeBytes { firstUnsafe(in: $0) }
    guard let first else { return json }
    return json.withUnsafeBytes { bytes in
      var out = Data(capacity: bytes.count + 16)
      out.append(contentsOf: bytes[..<first])
      var i = first
      while i < bytes.count {
        if let (scalar, length) = unsafeScalar(in: bytes, at: i) {
          out.append(contentsOf: escape(scalar))
          i += length
        } else {
          out.append(bytes[i])
          i += 1
        }
      }
      return out
    }
  }

  /// ``escaped(_:)`` for JSON held as a `String`.
  public static func escaped(_ json: String) -> String {
    let data = Data(json.utf8)
    let safe = escaped(data)
    return safe.count == data.count ? json : String(decoding: safe, as: UTF8.self)
  }

  /// Whether `scalar` is one ``escaped(_:)`` writes as `\u`.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      return true
    default:
      return false
    }
  }

  /// The offset of the first character to escape. Eight bytes at a time: ASCII text below
  /// DEL, most of any document, is passed over without looking at each byte.
  private static func firstUnsafe(in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var i = 0
    while i + 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // A byte of 0x7F or more sets its high bit in `word` or in `word + 1` per byte (a carry
      // out of a byte comes only from 0xFF, which is such a byte itself).
      if (word | (word &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080 != 0 {
        for j in i..<i + 8 where bytes[j] >= 0x7F {
          if unsafeScalar(in: bytes, at: j) != nil { return j }
        }
      }
      i += 8
    }
    while i < count {
      if bytes[i] >= 0x7F, unsafeScalar(in: bytes, at: i) != nil { return i }
      i += 1
    }
    return nil
  }

  /// The unsafe character whose UTF-8 starts at `i` and its length in bytes, else `nil`.
  /// Control characters below U+0020 are escaped by the encoders already and never raw.
  @inline(__always)
  private static func unsafeScalar(
    in bytes: UnsafeRawBufferPointer, at i: Int
  ) -> (UInt32, Int)? {
    let lead = bytes[i]
    let count = bytes.count
    switch lead {
    case 0x7F:
      return (0x7F, 1)
    case 0xC2:  // U+0080–U+009F: C2 80 … C2 9F
      guard i + 1 < count, (0x80...0x9F).contains(bytes[i + 1]) else { return nil }
      return (UInt32(bytes[i + 1]), 2)
    case 0xD8:  // U+061C: D8 9C
      guard i + 1 < count, bytes[i + 1] == 0x9C else { return nil }
      return (0x061C, 2)
    case 0xE2:  // U+2000–U+207F: E2 80 xx, E2 81 xx
      guard i + 2 < count else { return nil }
      let second = bytes[i + 1]
      let third = bytes[i + 2]
      let scalar = 0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
      guard second == 0x80 || second == 0x81,
        (0x200E...0x200F).contains(scalar) || (0x202A...0x202E).contains(scalar)
          || (0x2066...0x2069).contains(scalar)
      else { return nil }
      return (scalar, 3)
    default:
      return nil
    }
  }

  private static let hex = Array("0123456789abcdef".utf8)

  private static func escape(_ scalar: UInt32) -> [UInt8] {
    [
      UInt8(ascii: "\\"), UInt8(ascii: "u"), hex[Int(scalar >> 12 & 0xF)],
      hex[Int(scalar >> 8 & 0xF)], hex[Int(scalar >> 4 & 0xF)], hex[Int(scalar & 0xF)],
    ]
  }
}
