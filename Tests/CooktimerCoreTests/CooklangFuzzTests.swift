import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCore

/// Random and mutated input: the parser must return for every one, quickly, with sane
/// results. Seeds are fixed so a failure repeats.
@Suite struct CooklangFuzzTests {

  static let pieces: [String] = [
    "@", "#", "~", "{", "}", "%", "(", ")", "-", "--", "---", "[-", "-]", "\\", "\n", "\n\n",
    "\r\n", ">", ">>", "=", "==", ":", "/", " ", "\u{2009}", "1", "1/2", "1 1/2", "0", ",5", ".",
    "min", "Std.", "分钟", "🍝", "é", "\u{FEFF}", "\u{301}", "salt", "to", "bis", "or", "while",
  ]

  static let samples = [
    "---\ntitle: T\n---\nBoil @water{2%l} in #pot{} for ~{5%min}, meanwhile ~sauce{10%Min.}.\n",
    "= A\n> note\n\n@flour{1 1/2%cups}(sifted) [- x -] ~{5-10%minutes} or ~{1h 30m} -- c\\\nend",
  ]

  static func check(_ source: String) {
    let result = Cooklang.parse(source, file: "f.cook")
    #expect((result.recipe == nil) == !result.errors.isEmpty)
    #expect(result.diagnostics.allSatisfy { $0.line >= 1 && $0.column >= 1 })
    for step in result.recipe?.steps ?? [] {
      #expect(step.timers.allSatisfy { ($0.duration ?? 0) >= 0 })
      _ = StepText.shortened(step.text, to: 80)
    }
  }

  @Test func randomBytes() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<1000 {
      let count = Int.random(in: 0..<200, using: &generator)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      Self.check(String(decoding: bytes, as: UTF8.self))
    }
  }

  @Test func randomPieces() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<1500 {
      let count = Int.random(in: 0..<60, using: &generator)
      Self.check((0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined())
    }
  }

  @Test func mutatedRecipes() throws {
    var generator = SplitMix64(seed: 2026)
    let files =
      (try? FileManager.default.contentsOfDirectory(
        at: Fixture.recipesFolder, includingPropertiesForKeys: nil)) ?? []
    let recipes = Self.samples + files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    for round in 0..<1500 {
      var chars = Array(recipes[round % recipes.count])
      for _ in 0..<Int.random(in: 1...8, using: &generator) where !chars.isEmpty {
        let at = Int.random(in: 0..<chars.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: chars.remove(at: at)
        case 1: chars.insert(contentsOf: Self.pieces.randomElement(using: &generator)!, at: at)
        default: chars.swapAt(at, Int.random(in: 0..<chars.count, using: &generator))
        }
      }
      Self.check(String(chars))
    }
  }

  /// Time is the point here, so this stays a `.timing` test: inputs of 40,000–60,000
  /// characters that would make a quadratic scan (re-reading the rest of a line for every
  /// `@`, `~` or `[-`) take minutes. The parser keeps no counter of its steps to check
  /// instead, and 3 s is 10x what a debug build takes on a loaded machine.
  @Test(.tags(.timing)) func longInputsStayFast() {
    let start = Date()
    Self.check(String(repeating: "@a ", count: 20_000))
    Self.check(String(repeating: "~{", count: 20_000))
    Self.check("[-" + String(repeating: "x\n", count: 20_000))
    Self.check(String(repeating: "@x{", count: 5_000))
    #expect(Date().timeIntervalSince(start) < 3)
  }
}
