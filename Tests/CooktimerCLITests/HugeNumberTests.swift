import Foundation
import Testing

/// A recipe whose words or timers hold numbers past any length (issue 26: `show`, `start`
/// and `import` trapped with "Double value cannot be converted to Int64", exit 132): each
/// command answers, the recipe warns at file:line:column, and nothing is offered or run
/// longer than 7 days.
@Suite("Huge numbers in a recipe", .serialized)
struct HugeNumberTests {
  static let recipe = "Rest 10000000000000 days.\n\nBake ~{99999999999999999999%hours}.\n"

  @Test func showAndStartWarnAndRun() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "huge", Self.recipe)
    let file = "\(box.recipes)/huge.cook"
    let warnings =
      "cooktimer: \(file):1:1: warning: the words name a time longer than 7 days "
      + "(\"10000000000000 days\"): it is not offered as a timer\n"
      + "cooktimer: \(file):3:6: warning: cannot read the timer's duration: "
      + "\"99999999999999999999\" is far longer than 7 days; the cook is asked for one\n"
    let show = try box.run(["show", "huge"])
    #expect(show.status == 0)
    #expect(show.stderr == warnings)
    #expect(show.stdout.contains("  1. Rest 10000000000000 days.\n"))
    let json = try box.run(["show", "huge", "--json"])
    #expect(json.status == 0)
    #expect(!json.stdout.contains("\"suggested\":[{"))
    let start = try box.run(["start", "huge", "--prose-timers", "--now", "2026-11-29T10:00:00Z"])
    #expect(start.status == 0, "\(start.stderr)")
    #expect(start.stderr == warnings)
  }

  /// The REPL (its commands piped) reads the recipe with the same warnings and goes on.
  @Test func theREPLGoesOn() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "huge", Self.recipe)
    let repl = try box.run([], input: "show huge\nstart huge --prose-timers\nstatus --json\n")
    #expect(repl.status == 0, "\(repl.stderr)")
    #expect(repl.stdout.contains("  1. Rest 10000000000000 days.\n"))
    #expect(repl.stdout.contains(#""phase":"waiting""#), "\(repl.stdout)")
    #expect(
      repl.stderr.components(separatedBy: "warning: the words name a time longer than 7 days")
        .count == 3)
  }

  @Test func importOfAPageWithHugeNumbers() throws {
    let box = try Sandbox(inProcess: true)
    let page = box.folder.appendingPathComponent("big.html")
    try """
    <script type="application/ld+json">
    {"@type": "Recipe", "name": "Big", "recipeYield": 1e300, "prepTime": "PT99999999999H",
     "recipeInstructions": "Rest 10000000000000 days. Bake 20 minutes."}
    </script>
    """.write(to: page, atomically: true, encoding: .utf8)
    let imported = try box.run(["import", page.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let text = try String(
      contentsOfFile: "\(box.recipes)/Big.cook", encoding: .utf8)
    #expect(
      text == """
        ---
        title: "Big"
        servings: "1e+300"
        ---

        Rest 10000000000000 days. Bake ~{20%minutes}.

        """)
  }

  /// One `GET /v1/recipes/NAME` of such a recipe killed `serve`; now it answers, and the
  /// server goes on. The API's JSON escapes C1 and bidi controls of a recipe's title too.
  @Test func serveAnswersForTheRecipeAndGoesOn() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "huge", Self.recipe)
    try box.write(recipe: "odd", "---\ntitle: \"A\\x9Bb\\u202Ec\\x7F\"\n---\nBoil.\n")
    let server = try ServeProcess(box)
    let huge = try server.request("GET", "/v1/recipes/huge")
    #expect(huge.status == 200)
    #expect(huge.body.contains(#""suggestedTimers":[]"#))
    #expect(
      huge.body.contains(#"huge.cook:1:1: warning: the words name a time longer than 7 days"#))
    #expect(try server.request("GET", "/healthz").status == 200)
    let odd = try server.request("GET", "/v1/recipes/odd")
    #expect(odd.status == 200)
    #expect(odd.body.contains(#""name":"A\u009bb\u202ec\u007f""#), "\(odd.body)")
    #expect(!odd.body.unicodeScalars.contains { [0x7F, 0x9B, 0x202E].contains($0.value) })
    let object = try JSONSerialization.jsonObject(with: Data(odd.body.utf8)) as? [String: Any]
    #expect(object?["name"] as? String == "A\u{9B}b\u{202E}c\u{7F}")
    #expect(server.stop() == 0)
  }
}
