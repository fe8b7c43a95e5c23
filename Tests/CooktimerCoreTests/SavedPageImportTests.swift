import Foundation
import Testing

@testable import CooktimerCore

/// Import on 64 real saved pages from 64 sites (recipe-scrapers' test data; sources in
/// `Fixtures/pages/README.md`): the title, steps and ingredients recipe-scrapers expects,
/// and the countdowns written as timers (issue 23).
@Suite struct SavedPageImportTests {
  struct Expected: Decodable {
    var source: String
    var site: String
    var title: String
    var steps: [String]
    var ingredients: [String]
    var timers: [String]
  }

  static let folder = Fixture.testsFolder.appendingPathComponent("Fixtures/pages")

  static func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  static func expected(_ name: String) throws -> Expected {
    try JSONDecoder().decode(
      Expected.self, from: Data(contentsOf: folder.appendingPathComponent(name + ".json")))
  }

  @Test func thereAreEnoughPagesAndSites() throws {
    let all = try Self.names().map(Self.expected)
    #expect(all.count >= 60)
    #expect(Set(all.map(\.site)).count >= 40)
  }

  @Test(arguments: try names())
  func aSavedPageImportsAsExpected(name: String) throws {
    let expected = try Self.expected(name)
    let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".html"))
    let recipe = try RecipeImport.recipe(fromPage: PageText.decode(data))
    #expect(recipe.name == expected.title)
    #expect(recipe.sections.flatMap(\.steps) == expected.steps)
    #expect(recipe.ingredients == expected.ingredients)
    let text = try RecipeImport.checkedCookText(recipe, source: nil, file: name + ".cook")
    let parsed = Cooklang.parse(text, file: name + ".cook")
    #expect(parsed.diagnostics == [])
    let timers = try #require(parsed.recipe).steps.flatMap(\.timers).map { timer in
      "\(timer.duration ?? -1)" + (timer.upperDuration.map { "-\($0)" } ?? "")
    }
    #expect(timers == expected.timers)
  }
}
