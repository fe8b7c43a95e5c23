import CooktimerActivity
import Foundation
import Testing

@Suite struct ContractTests {
  /// `contract` prints the library product's own file, byte for byte.
  @Test func contractIsTheLibrarysFile() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/CookingTimerAttributes/CookingTimerAttributes.swift")
      .standardized
    let library = try String(contentsOf: file, encoding: .utf8)
    #expect(contractDeclaration() == library)
    #expect(library.hasSuffix("}\n"))
  }

  /// It compiles without ActivityKit: it names the protocol only in comments.
  @Test func contractImportsFoundationOnly() {
    let code = contractDeclaration().split(separator: "\n")
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    #expect(code.filter { $0.hasPrefix("import ") } == ["import Foundation"])
    #expect(!code.contains { $0.contains("ActivityAttributes") || $0.contains("canImport") })
    #expect(
      contractDeclaration().contains(
        "//     extension CookingTimerAttributes: ActivityAttributes {}\n"))
  }

  @Test func contractNamesEveryEmittedField() throws {
    let run = try startRun()
    let state = try JSONValue(try ActivityContent(run: run, at: t0).encoded())["state"]
    let text = contractDeclaration()
    for key in state?.keys ?? [] {
      #expect(text.contains("    public var \(key): "), "contract lacks \(key)")
    }
    #expect(state?.keys.count == 11)
  }

  /// The struct takes the name given; the library's own name, in `import`, stays.
  @Test func contractTakesAnotherTypeName() {
    let text = contractDeclaration(attributesType: "BakeAttributes")
    #expect(text.contains("public struct BakeAttributes: Codable, Hashable, Sendable {"))
    #expect(text.contains("//     extension BakeAttributes: ActivityAttributes {}\n"))
    #expect(text.contains("//     import CookingTimerAttributes  // not when"))
    #expect(text.contains("the library product\n// `CookingTimerAttributes` of"))
    #expect(text.components(separatedBy: "CookingTimerAttributes").count == 3)
  }

  @Test func attributesTypeNamesAreSwiftIdentifiers() {
    #expect(isAttributesTypeName("BakeAttributes"))
    #expect(isAttributesTypeName("_Timer2"))
    #expect(!isAttributesTypeName(""))
    #expect(!isAttributesTypeName("2Timers"))
    #expect(!isAttributesTypeName("Bake Attributes"))
    #expect(!isAttributesTypeName("Bake{}"))
    #expect(!isAttributesTypeName("Self"))
    #expect(!isAttributesTypeName("Bäck"))
  }

  @Test func contractWarnsAgainstTheTrappingRange() {
    let text = contractDeclaration()
    #expect(text.contains("endDate - timerDuration ... endDate, pauseTime: pauseTime)"))
    #expect(text.contains("never\n/// with `Date.now ... endDate`"))
    #expect(text.contains("seconds since 2001-01-01T00:00:00Z"))
  }
}
