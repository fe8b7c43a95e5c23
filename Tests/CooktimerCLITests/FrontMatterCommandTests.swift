import Foundation
import Testing

@Suite("front matter through show")
struct FrontMatterCommandTests {
  static let soup = """
    ---
    title: Lentil Soup
    tags:
      - soup
      - vegan
    source:
      name: Oma
    description: >
      Thick and
      warming.
    ---
    Simmer @lentils{200%g} for ~{25%minutes}.

    """

  @Test func showJSONGivesValuesTheirShape() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "soup", Self.soup)
    let json = try box.json("show soup --json")
    let metadata = try #require(json["metadata"] as? [String: Any])
    #expect(metadata["tags"] as? [String] == ["soup", "vegan"])
    #expect(metadata["source"] as? [String: String] == ["name": "Oma"])
    #expect(metadata["description"] as? String == "Thick and warming.\n")
    #expect(metadata["title"] as? String == "Lentil Soup")
  }

  @Test func showTextJoinsListsOnOneLine() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "soup", Self.soup)
    let r = try box.run("show soup")
    #expect(r.status == 0)
    #expect(
      r.stdout.split(separator: "\n").prefix(2) == [
        "Lentil Soup  (\(box.recipes)/soup.cook)",
        "tags: soup, vegan · source: name: Oma · description: Thick and warming.",
      ])
  }

  @Test func controlCharactersNeverReachTheTerminal() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "esc", "---\ntitle: \"Tea\\e[2J\"\nnote: \"a\\rb\"\n---\nBoil.\n")
    let r = try box.run("show esc")
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("Tea\u{241B}[2J  (\(box.recipes)/esc.cook)\nnote: a b\n"))
  }

  /// One bad line (an unclosed `{`, a YAML fault) is a warning: `start` runs the rest,
  /// the timers it can run included (issue 23).
  @Test func aRecipeWithOneBadLineStillStarts() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(
      recipe: "loose", "---\ntags: [a, b\n---\nBoil ~{5%minutes}.\n\nAdd @salt{1%pinch and stir.\n")
    let r = try box.run(["start", "loose", "--now", "@1795975200"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stderr
        == "cooktimer: \(box.recipes)/loose.cook:3:1: warning: front matter is not valid YAML: did not find expected ',' or ']'; its lines are read one by one as \"key: value\"\n"
        + "cooktimer: \(box.recipes)/loose.cook:6:10: warning: \"{\" is never closed on this line: the amount is read as text; end it with \"}\"\n"
    )
  }

  /// Invalid YAML is a warning at its place; the recipe still shows (issue 23).
  @Test func invalidYAMLIsAWarningWithItsPlace() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "bad", "---\ntags: [a, b\n---\nBoil.\n")
    let r = try box.run("show bad")
    #expect(r.status == 0)
    #expect(
      r.stderr
        == "cooktimer: \(box.recipes)/bad.cook:3:1: warning: front matter is not valid YAML: did not find expected ',' or ']'; its lines are read one by one as \"key: value\"\n"
    )
    #expect(r.stdout.contains("Boil."))
  }
}
