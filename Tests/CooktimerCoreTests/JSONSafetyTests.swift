import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCore

/// DEL, C1 and bidi controls `\u`-escaped after Foundation's encoder (issue 26): exact (the
/// same string decodes back) and safe (no such character left raw).
@Suite struct JSONSafetyTests {
  func encoded(_ value: [String]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return JSONSafety.escaped(try encoder.encode(value))
  }

  @Test func everyUnsafeCharacterIsEscaped() throws {
    let text =
      "a\u{7F}b\u{80}\u{9B}\u{9F}\u{A0}c\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}"
    #expect(
      String(decoding: try encoded([text]), as: UTF8.self)
        == #"["a\u007fb\u0080\u009b\u009f"# + "\u{A0}c"
        + #"\u061c\u200e\u200f\u202a\u202e\u2066\u2069"]"#)
    // Their neighbours stay as they are.
    let kept = "\u{A0}é\u{200D}\u{2028}\u{2065}\u{206A}\u{202F}\u{2029}\u{D8}\u{61B}—🍝"
    #expect(String(decoding: try encoded([kept]), as: UTF8.self) == "[\"\(kept)\"]")
    #expect(JSONSafety.escaped("{\"x\":\"\u{9B}\"}") == #"{"x":"\u009b"}"#)
  }

  /// The scan reads eight bytes at a time: each character is found at every offset, and
  /// at the very end, and a sequence cut by the end of the data is left alone.
  @Test func foundAtEveryOffset() {
    for offset in 0..<20 {
      for unsafe in ["\u{7F}", "\u{9B}", "\u{61C}", "\u{202E}", "\u{2069}"] {
        let pad = String(repeating: "a", count: offset)
        let escaped = "\\u" + String(format: "%04x", unsafe.unicodeScalars.first!.value)
        #expect(JSONSafety.escaped(pad + unsafe + "b") == pad + escaped + "b")
        #expect(JSONSafety.escaped(pad + unsafe) == pad + escaped)
      }
    }
    let cut = Data([0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0xE2, 0x80])
    #expect(JSONSafety.escaped(cut) == cut)
  }

  @Test func nothingToEscapeReturnsTheSameBytes() throws {
    let data = Data(#"{"a":"plain — ünïcode 🍝","b":[1,2]}"#.utf8)
    #expect(JSONSafety.escaped(data) == data)
  }

  /// Random strings of the characters around each edge: decoding gives the string back, and
  /// none of the unsafe characters stands raw in the output.
  @Test func exactAndSafeForRandomText() throws {
    var generator = SplitMix64(seed: 9)
    let scalars: [UInt32] = [
      0x0, 0x1B, 0x1F, 0x20, 0x22, 0x5C, 0x7E, 0x7F, 0x80, 0x9B, 0x9F, 0xA0, 0xC2, 0x61B, 0x61C,
      0x61D, 0x200D, 0x200E, 0x200F, 0x2010, 0x2029, 0x202A, 0x202E, 0x202F, 0x2065, 0x2066,
      0x2069, 0x206A, 0xE9, 0x1F35D, 0xFEFF,
    ]
    for _ in 0..<2000 {
      let count = Int.random(in: 0..<24, using: &generator)
      var text = ""
      for _ in 0..<count {
        text.unicodeScalars.append(Unicode.Scalar(scalars.randomElement(using: &generator)!)!)
      }
      let data = try encoded([text])
      #expect(try JSONDecoder().decode([String].self, from: data) == [text])
      let output = String(decoding: data, as: UTF8.self)
      #expect(
        !output.unicodeScalars.contains(where: JSONSafety.isUnsafe), "\(text.debugDescription)")
    }
  }
}
