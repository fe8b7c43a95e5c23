import CooktimerActivity
import Foundation
import Testing

@Suite struct ContractTests {
  @Test func contractIsTheCompiledDeclaration() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Contract/CookingTimerAttributes.swift")
    let compiled = try String(contentsOf: file, encoding: .utf8)
    #expect(contractDeclaration() == compiled)
  }

  @Test func contractNamesEveryEmittedField() throws {
    let run = try startRun()
    let state = try JSONValue(try ActivityContent(run: run, at: t0).encoded())["state"]
    let text = contractDeclaration()
    for key in state?.keys ?? [] {
      #expect(text.contains("    var \(key): "), "contract lacks \(key)")
    }
    #expect(state?.keys.count == 11)
  }

  @Test func contractTakesAnotherTypeName() {
    let text = contractDeclaration(attributesType: "BakeAttributes")
    #expect(text.contains("struct BakeAttributes: ActivityAttributes {"))
    #expect(!text.contains("struct CookingTimerAttributes"))
  }

  @Test func contractWarnsAgainstTheTrappingRange() {
    let text = contractDeclaration()
    #expect(text.contains("endDate - timerDuration ... endDate, pauseTime:"))
    #expect(text.contains("never\n/// with `Date.now ... endDate`"))
    #expect(text.contains("seconds since\n/// 2001-01-01T00:00:00Z"))
  }
}
