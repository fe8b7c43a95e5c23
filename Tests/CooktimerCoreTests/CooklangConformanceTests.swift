import Foundation
import Testing

@testable import CooktimerCore

/// The Cooklang spec's conformance suite (`canonical.yaml` v7 as JSON, see
/// `/work/shared/cooklang/README.md`), run against our document.
@Suite struct CooklangConformanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    /// The expected result, as JSON (kept as data so the case is Sendable).
    let expected: Data
    var testDescription: String { name }
  }

  static let cases: [Case] = {
    guard let data = try? Fixture.data("canonical.json"),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let tests = root["tests"] as? [[String: Any]]
    else { return [] }
    return tests.map {
      Case(
        name: $0["name"] as! String, source: $0["source"] as! String,
        expected: try! JSONSerialization.data(withJSONObject: $0["result"]!))
    }
  }()

  /// The five cases the reference parser fails (README). Each is decided here:
  ///
  /// - testMetadataMultiwordKeyWithSpaces (`cooking time    :30 mins`): we trim keys and
  ///   values, so the key is "cooking time" as the case expects. Passes.
  /// - testMetadataBreak (`hello ---` …): `---` inside a paragraph is text; only a run of
  ///   exactly two hyphens starts a comment, so a line of dashes never eats the rest of a
  ///   line. Passes: one step, "hello --- sourced: babooshka ---".
  /// - testInvalidMultiWordTimer/Ingredient/Cookware (`~ {5}`, `@ example{}`, `# 10{}`): a
  ///   sigil followed by a space is plain text, as the spec says; prose such as "about ~ 5"
  ///   or "Recipe # 10" stays as written. Pass.
  static let questionable: Set<String> = [
    "testMetadataMultiwordKeyWithSpaces", "testMetadataBreak", "testInvalidMultiWordTimer",
    "testInvalidMultiWordIngredient", "testInvalidMultiWordCookware",
  ]

  @Test func suiteIsComplete() {
    #expect(Self.cases.count == 60)
    #expect(Set(Self.cases.map(\.name)).isSuperset(of: Self.questionable))
  }

  @Test(arguments: cases)
  func conformance(_ test: Case) {
    let result = Cooklang.parse(test.source, file: "\(test.name).cook")
    #expect(result.errors.isEmpty)
    let produced = Self.canonical(result.document)
    let expected = Self.withoutCookwareUnits(test.expected)
    #expect(produced == expected, "\(test.name): got \(produced)")
  }

  /// Our document in the suite's shape, with its defaults: an ingredient without an amount
  /// is "some", cookware without one is 1, a timer without one is "".
  static func canonical(_ document: CooklangDocument) -> NSDictionary {
    let steps = document.steps.map { step in
      step.items.map { item -> NSDictionary in
        switch item.kind {
        case .text:
          return ["type": "text", "value": item.value]
        case .ingredient:
          return [
            "type": "ingredient", "name": item.value,
            "quantity": value(item.quantity, default: "some"), "units": item.units,
          ]
        case .cookware:
          return [
            "type": "cookware", "name": item.value, "quantity": value(item.quantity, default: 1),
          ]
        case .timer:
          return [
            "type": "timer", "name": item.value, "quantity": value(item.quantity, default: ""),
            "units": item.units,
          ]
        }
      }
    }
    var metadata: [String: String] = [:]
    for entry in document.metadata { metadata[entry.key] = entry.value.text }
    return ["steps": steps, "metadata": metadata]
  }

  /// Three cases give cookware `"units": ""` and the rest none; cookware has no units, so
  /// the empty key is dropped before comparing.
  static func withoutCookwareUnits(_ json: Data) -> NSDictionary? {
    guard var result = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let steps = result["steps"] as? [[[String: Any]]]
    else { return nil }
    result["steps"] = steps.map { items in
      items.map { item in
        guard item["type"] as? String == "cookware", item["units"] as? String == "" else {
          return item
        }
        return item.filter { $0.key != "units" }
      }
    }
    return result as NSDictionary
  }

  private static func value(_ quantity: CooklangQuantity, default fallback: Any) -> Any {
    switch quantity {
    case .none: return fallback
    case .number(let number): return number
    case .text(let text): return text
    }
  }
}
