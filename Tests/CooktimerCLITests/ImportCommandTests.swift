import CooktimerCore
import Foundation
import Testing

/// `import`: saved pages in the shapes real sites write, each with its exact `.cook` file.
@Suite("import")
struct ImportCommandTests {
  static let pages = packageRoot.appendingPathComponent("Tests/CooktimerCLITests/Fixtures/import")

  static func page(_ name: String) -> String { pages.appendingPathComponent(name).path }

  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: page(name + ".cook"), encoding: .utf8)
  }

  /// WordPress Recipe Maker's `@graph`, Tasty Recipes' sections, a German page with one
  /// instruction string, a French page, two blocks (an array type), plain strings with HTML,
  /// a recipe as a page's `mainEntity`.
  @Test(arguments: [
    ("wprm-graph", "Easy Banana Bread — 4 steps, 2 timers"),
    ("tasty-sections", "Chicken Pot Pie — 5 steps, 4 timers"),
    ("chefkoch-de", "Kartoffelsuppe nach Omas Art — 5 steps, 2 timers"),
    ("marmiton-fr", "Crêpes faciles — 4 steps, 2 timers"),
    ("two-blocks", "Garlic Butter Shrimp — 4 steps, 2 timers"),
    ("plain-strings", "No-Knead Bread — 4 steps, 4 timers"),
    ("main-entity", "Mom’s Rice Pudding — 3 steps, 1 timer"),
  ])
  func aSavedPageBecomesItsCookFile(name: String, summary: String) throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", Self.page(name + ".html"), "--name", "Imported/\(name)"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "Imported Imported/\(name): \(summary)\n")
    #expect(r.stderr == "")
    let path = box.recipes + "/Imported/\(name).cook"
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == (try Self.expected(name)))
    #expect(Cooklang.parse(written, file: path).diagnostics == [])
    let show = try box.run(["show", "Imported/\(name)"])
    #expect(show.status == 0 && show.stderr == "", "\(show.stderr)")
  }

  @Test func theFrontMatterReadsBackAsThePageWroteIt() throws {
    let box = try Sandbox(inProcess: true)
    try box.run(["import", Self.page("tasty-sections.html")])
    let json = try box.json("show Chicken Pot Pie --json")
    let metadata = try #require(json["metadata"] as? [String: Any])
    #expect(metadata["author"] as? String == "Sam Hill, Ana Ruiz")
    #expect(metadata["tags"] as? [String] == ["chicken", "comfort food"])
    #expect(metadata["source"] as? String == "https://example.org/chicken-pot-pie/")
    #expect(json["file"] as? String == box.recipes + "/Chicken Pot Pie.cook")
  }

  /// A saved page is read no further than a fetched one may be (32 MiB): `/dev/zero`, which
  /// never ends, is refused at once instead of being read until memory runs out.
  @Test func aPageFileOverTheSizeLimitIsRefusedWithoutReadingItWhole() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", "/dev/zero"])
    #expect(r.status == 65)
    #expect(r.stderr == "cooktimer: /dev/zero is over 32 MiB: not a recipe page\n")
    #expect(r.stdout == "")
  }

  @Test func anExistingFileIsKeptUnlessForced() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "Shrimp", "Mine.\n")
    let page = Self.page("two-blocks.html")
    let kept = try box.run(["import", page, "--name", "Shrimp"])
    #expect(kept.status == 73)
    #expect(kept.stderr == "cooktimer: \(box.recipes)/Shrimp.cook exists; --force replaces it\n")
    #expect(try String(contentsOfFile: box.recipes + "/Shrimp.cook", encoding: .utf8) == "Mine.\n")
    let forced = try box.run(["import", page, "--name", "Shrimp", "--force"])
    #expect(forced.status == 0)
    #expect(
      try String(contentsOfFile: box.recipes + "/Shrimp.cook", encoding: .utf8)
        == (try Self.expected("two-blocks")))
  }

  @Test(arguments: [
    ("none.html", "has no schema.org Recipe: the page carries no JSON-LD (application/ld+json)"),
    ("broken.html", "has no schema.org Recipe (1 JSON-LD block is not valid JSON)"),
    // Issue 23: a Recipe whose instructions give no step was imported as a success.
    ("no-steps.html", "has a Recipe (\"Tea\") with no instructions this importer can read"),
  ])
  func aPageWithoutARecipeSaysSo(file: String, message: String) throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", Self.page(file)])
    #expect(r.status == 65)
    #expect(r.stderr == "cooktimer: \(Self.page(file)) \(message)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.recipes) == [])
  }

  @Test func aURLIsFetchedAndBecomesTheSource() throws {
    let body = try String(contentsOfFile: Self.page("two-blocks.html"), encoding: .utf8)
    let server = try PageServer(body: body)
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", server.url, "--name", "shrimp"])
    #expect(r.status == 0, "\(r.stderr)")
    let written = try String(contentsOfFile: box.recipes + "/shrimp.cook", encoding: .utf8)
    let expected = try Self.expected("two-blocks").replacingOccurrences(
      of: "total time: \"15 min\"\n", with: "total time: \"15 min\"\nsource: \"\(server.url)\"\n")
    #expect(written == expected)
    let missing = try PageServer(status: 404, body: "gone")
    let gone = try box.run(["import", missing.url])
    #expect(gone.status == 74)
    #expect(gone.stderr == "cooktimer: cannot fetch \(missing.url): HTTP 404\n")
  }

  @Test func aRedirectIsFollowedAndTheAskedURLIsTheSource() throws {
    let body = try String(contentsOfFile: Self.page("two-blocks.html"), encoding: .utf8)
    let page = try PageServer(body: body)
    let moved = try PageServer(status: 301, body: "", headers: ["Location: \(page.url)"])
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", moved.url, "--name", "shrimp"])
    #expect(r.status == 0, "\(r.stderr)")
    let written = try String(contentsOfFile: box.recipes + "/shrimp.cook", encoding: .utf8)
    #expect(written.contains("source: \"\(moved.url)\"\n"))
  }

  @Test func aServerNobodyListensOnIsAnIOError() throws {
    let box = try Sandbox(inProcess: true)
    // A port that was just listened on and closed: nobody is there.
    let url = try PageServer(body: "").url.replacingOccurrences(of: "/recipe", with: "/gone")
    let r = try box.run(["import", url])
    #expect(r.status == 74)
    #expect(r.stderr.hasPrefix("cooktimer: cannot fetch \(url): "), "\(r.stderr)")
    #expect(r.stderr.hasSuffix("\n") && r.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func aNameMayNotLeaveTheRecipesFolder() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", Self.page("two-blocks.html"), "--name", "../x"])
    #expect(r.status == 64)
  }
}
