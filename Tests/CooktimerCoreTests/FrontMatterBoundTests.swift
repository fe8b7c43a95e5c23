import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCore

/// YAML aliases and nesting are bounded while libyaml's events are read (issue 26: a
/// 310-byte "billion laughs" took 18 s and 0.9 GB): the front matter is refused with a
/// warning at the place it went over, the steps still load.
@Suite struct FrontMatterBoundTests {
  /// Nine levels of nine aliases each: 10⁹ values once expanded, 329 bytes as written.
  static let laughs: String = {
    var lines = ["---", "a: &a [x,x,x,x,x,x,x,x,x]"]
    let names = Array("abcdefghi")
    for (n, name) in names.enumerated().dropFirst() {
      let alias = "*\(names[n - 1])"
      lines.append(
        "\(name): &\(name) [" + Array(repeating: alias, count: 9).joined(separator: ",") + "]")
    }
    return lines.joined(separator: "\n") + "\n---\nBoil ~{5%min}.\n"
  }()

  /// Refused while reading, not after building: the warning points at line 6, column 8 —
  /// the first alias of `e`, where the count (a: 10, b: 91, c: 820, d: 7,381 values, then
  /// `*d` again) first passes 10,000 — so no more than those events were read and no value
  /// of 10⁹ was ever built. The work done is shown by where it stopped, not by a clock.
  @Test func billionLaughsIsRefusedWhereItGoesOver() throws {
    #expect(Self.laughs.utf8.count == 329)
    let result = Cooklang.parse(Self.laughs, file: "laughs.cook")
    #expect(
      result.diagnostics.map(\.description) == [
        "laughs.cook:6:8: warning: front matter is ignored: it holds more than 10000 values "
          + "with its aliases expanded"
      ])
    let recipe = try #require(result.recipe)
    #expect(recipe.metadata == [])
    #expect(recipe.title == "laughs")
    #expect(recipe.steps.map(\.text) == ["Boil 5 min."])
    #expect(recipe.steps[0].timers.map(\.duration) == [300_000])
  }

  /// Few values but a long text named many times: bounded by its bytes.
  @Test func aLongTextAliasedManyTimesIsRefused() {
    // 25 lines of 9,000 characters: 225,025 bytes, the fourth alias passes 1 MiB.
    let block = Array(repeating: "  " + String(repeating: "x", count: 9000), count: 25)
    let source =
      "---\na: &a |\n" + block.joined(separator: "\n")
      + "\nb: [*a, *a, *a, *a, *a, *a]\n---\nBoil.\n"
    #expect(
      Cooklang.parse(source, file: "x.cook").diagnostics.map(\.description) == [
        "x.cook:28:17: warning: front matter is ignored: its text is over 1 MiB with its "
          + "aliases expanded"
      ])
  }

  @Test func aliasesWithinTheBoundStillResolve() {
    let result = Cooklang.parse(
      "---\nbase: &b [salt, pepper]\nmore: [*b, *b]\n---\nBoil.\n", file: "x.cook")
    #expect(result.diagnostics == [])
    #expect(
      result.document.metadata == [
        MetadataEntry(key: "base", value: .list(["salt", "pepper"])),
        MetadataEntry(
          key: "more", value: .list([.list(["salt", "pepper"]), .list(["salt", "pepper"])])),
      ])
  }

  @Test func deepNestingIsRefusedAtTheListThatGoesTooDeep() throws {
    let deep = "k: " + String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
    let result = Cooklang.parse("---\n\(deep)\n---\nBoil.\n", file: "x.cook")
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:2:67: warning: front matter is ignored: it nests lists and maps more than 64 deep"
      ])
    #expect(try #require(result.recipe).steps.count == 1)
    // 63 lists inside the top map: 64 levels, read.
    let fits = "k: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
    #expect(Cooklang.parse("---\n\(fits)\n---\nBoil.\n", file: "x.cook").diagnostics == [])
  }

  /// An alias counts as deep as what it names: a shallow list of a deep anchor is too deep.
  @Test func anAliasCountsItsDepth() {
    let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    let shallow = String(repeating: "[", count: 30) + "*d" + String(repeating: "]", count: 30)
    let result = Cooklang.parse("---\na: &d \(deep)\nb: \(shallow)\n---\nBoil.\n", file: "x.cook")
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:3:34: warning: front matter is ignored: it nests lists and maps more than 64 deep"
      ])
  }

  /// A megabyte of `[` (the file limit): refused at the 65th level, not walked recursively.
  @Test func aMegabyteOfOpenBracketsIsNoStackOverflow() throws {
    let source = "---\nk: " + String(repeating: "[", count: 1_000_000) + "\n---\nBoil.\n"
    let result = Cooklang.parse(source, file: "x.cook")
    #expect(result.diagnostics.first?.description.hasPrefix("x.cook:2:") == true)
  }
}
