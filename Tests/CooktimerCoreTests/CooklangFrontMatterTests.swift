import Foundation
import Testing

@testable import CooktimerCore

/// YAML front matter read with libyaml: values keep their shape; invalid YAML says where.
@Suite struct CooklangFrontMatterTests {
  func metadata(_ yaml: String) -> [MetadataEntry] {
    Cooklang.parse("---\n\(yaml)\n---\nBoil.\n", file: "x.cook").document.metadata
  }

  func diagnostics(_ source: String) -> [String] {
    Cooklang.parse(source, file: "x.cook").diagnostics.map(\.description)
  }

  @Test func listsInBothStyles() {
    #expect(
      metadata("tags:\n  - soup\n  - vegan\ncourse: [main, side]")
        == [
          MetadataEntry(key: "tags", value: .list(["soup", "vegan"])),
          MetadataEntry(key: "course", value: .list(["main", "side"])),
        ])
  }

  @Test func nestedMaps() {
    #expect(
      metadata("source:\n  name: Oma\n  url: https://example.com/a?b=c\nservings: 4")
        == [
          MetadataEntry(
            key: "source",
            value: .map([
              MetadataEntry(key: "name", value: "Oma"),
              MetadataEntry(key: "url", value: "https://example.com/a?b=c"),
            ])),
          MetadataEntry(key: "servings", value: "4"),
        ])
  }

  @Test func foldedAndLiteralBlocks() {
    #expect(
      metadata("description: >\n  A thick soup\n  for cold days.\nnotes: |\n  one\n  two\nx: y")
        == [
          MetadataEntry(key: "description", value: "A thick soup for cold days.\n"),
          MetadataEntry(key: "notes", value: "one\ntwo\n"),
          MetadataEntry(key: "x", value: "y"),
        ])
  }

  @Test func quotesAndComments() {
    #expect(
      metadata(
        "# about\ntitle: \"Red: Beans\"  # the name\nauthor: 'O''Brien'\nempty:\nhash: a#b")
        == [
          MetadataEntry(key: "title", value: "Red: Beans"),
          MetadataEntry(key: "author", value: "O'Brien"),
          MetadataEntry(key: "empty", value: ""),
          MetadataEntry(key: "hash", value: "a#b"),
        ])
  }

  @Test func aliasesAreResolved() {
    #expect(
      metadata("a: &x [1, 2]\nb: *x")
        == [
          MetadataEntry(key: "a", value: .list(["1", "2"])),
          MetadataEntry(key: "b", value: .list(["1", "2"])),
        ])
  }

  @Test func aFoldedTitleIsOneLine() {
    let source = "---\ntitle: >\n  Red Beans\n  and Rice\n---\nBoil.\n"
    #expect(Cooklang.parse(source, file: "x.cook").recipe?.title == "Red Beans and Rice")
  }

  @Test func valuesAsOneLine() {
    let value = MetadataValue.map([
      MetadataEntry(key: "tags", value: .list(["a", "b"])), MetadataEntry(key: "n", value: "1"),
    ])
    #expect(value.text == "tags: a, b, n: 1")
  }

  /// Invalid YAML no longer refuses the recipe (issue 23): a warning at the fault, the
  /// lines read one by one as `key: value`, the steps kept.
  @Test(arguments: [
    (
      "---\ntitle: Tea\ntags: [a, b\n---\nBoil.\n",
      "x.cook:4:1: warning: front matter is not valid YAML: did not find expected ',' or ']'; its lines are read one by one as \"key: value\"",
      [MetadataEntry(key: "title", value: "Tea"), MetadataEntry(key: "tags", value: "[a, b")]
    ),
    (
      "---\ntitle: Pasta: the classic\n---\nBoil.\n",
      "x.cook:2:13: warning: front matter is not valid YAML: mapping values are not allowed in this context; its lines are read one by one as \"key: value\"",
      [MetadataEntry(key: "title", value: "Pasta: the classic")]
    ),
    (
      "---\ntags:\n  - a\n - b\n---\nBoil.\n",
      "x.cook:4:2: warning: front matter is not valid YAML: did not find expected key; its lines are read one by one as \"key: value\"",
      [MetadataEntry(key: "tags", value: "")]
    ),
  ])
  func invalidFrontMatterIsAWarningWithItsPlace(
    source: String, message: String, metadata: [MetadataEntry]
  ) throws {
    let result = Cooklang.parse(source, file: "x.cook")
    let recipe = try #require(result.recipe)
    #expect(recipe.steps.map(\.text) == ["Boil."])
    #expect(result.document.metadata == metadata)
    #expect(result.diagnostics.map(\.description) == [message])
  }

  /// A `---` never closed hides where the steps start: still an error.
  @Test func anUnclosedFrontMatterIsAnError() {
    let result = Cooklang.parse("---\ntitle: Tea\n\nBoil ~{3%min}.\n", file: "x.cook")
    #expect(result.recipe == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:1:1: error: front matter opened with \"---\" is never closed: end it with a line \"---\""
      ])
  }

  @Test func aListIsNotMetadata() {
    #expect(
      diagnostics("---\n- a\n- b\n---\nBoil.\n") == [
        "x.cook:2:1: warning: front matter is a list, not \"key: value\" pairs; it is ignored"
      ])
  }

  /// Runs stored before metadata had shapes hold plain strings.
  @Test func storedStringsDecode() throws {
    let old = #"[{"key":"servings","value":"2"},{"key":"tags","value":["a",{"b":"c"}]}]"#
    let decoded = try JSONDecoder().decode([MetadataEntry].self, from: Data(old.utf8))
    #expect(
      decoded == [
        MetadataEntry(key: "servings", value: "2"),
        MetadataEntry(
          key: "tags", value: .list(["a", .map([MetadataEntry(key: "b", value: "c")])])),
      ])
    #expect(
      String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self).contains(
        #"["a",{"b":"c"}]"#))
  }
}
