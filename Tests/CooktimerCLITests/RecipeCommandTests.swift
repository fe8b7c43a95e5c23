import Foundation
import Testing

@Suite("recipes and show through the binary")
struct RecipeCommandTests {
  @Test func showJSONHasTheContractShape() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let json = try box.json("show spaghetti --json")
    #expect(json["name"] as? String == "Spaghetti mit Tomatensoße")
    let steps = try #require(json["steps"] as? [[String: Any]])
    #expect(steps.map { $0["number"] as? Int } == [1, 2, 3])
    let seconds = steps.map { ($0["timers"] as? [[String: Any]])?.map { $0["seconds"] as? Double } }
    #expect(seconds == [[300], [600, 480], []])
    #expect((json["warnings"] as? [Any])?.isEmpty == true)
    // The ingredients with quantities and units, per step and for the recipe (cli.md §4.4).
    func shown(_ list: Any?) -> [String] {
      ((list as? [[String: Any]]) ?? []).map {
        "\($0["quantity"] as? String ?? "?") \($0["unit"] as? String ?? "?") \($0["name"] as? String ?? "?")"
      }
    }
    #expect(shown(steps[0]["ingredients"]) == ["4 l Wasser"])
    #expect(
      shown(json["ingredients"]) == [
        "4 l Wasser", "2 EL Olivenöl", "2 Zehen Knoblauch", "500 g passierte Tomaten", "1 EL Salz",
        "500 g Spaghetti", "50 g Parmesan",
      ])
    let garlic = (steps[1]["ingredients"] as? [[String: Any]])?[1]
    #expect(garlic?["preparation"] as? String == "gehackt")
    #expect(garlic?["amount"] as? Double == 2)
  }

  @Test func aRecipeIsFoundByTitleFileNameOrPath() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    for name in ["Black Tea", "black tea", "tea", "tea.cook", "\(box.recipes)/tea.cook"] {
      let r = try box.run(["show", name, "--json"])
      #expect(r.status == 0, "\(name): \(r.stderr)")
    }
    let missing = try box.run(["show", "pizza"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "cooktimer: no recipe \"pizza\"; `recipes` lists them\n")
  }

  @Test func aBrokenFileIsAnErrorWithItsPlaceAndHidesNothing() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.write(recipe: "broken", "Boil.\n\nWait ~{} now.\n")
    let show = try box.run(["show", "broken"])
    #expect(show.status == 65)
    #expect(show.stderr.hasPrefix("cooktimer: \(box.recipes)/broken.cook:3:6: error: "))
    let start = try box.run(["start", "broken"])
    #expect(start.status == 65)
    let list = try box.run("recipes")
    #expect(list.status == 0)
    #expect(list.stdout.contains("tea ") && list.stdout.contains("broken"))
    #expect(list.stdout.contains("✗ \(box.recipes)/broken.cook:3:6"))
  }

  @Test func warningsGoToStderrWithTheirPlace() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "rest", "Let it ~rest.\n")
    let r = try box.run(["show", "rest"])
    #expect(r.status == 0)
    #expect(r.stderr.hasPrefix("cooktimer: \(box.recipes)/rest.cook:1:8: warning: "))
  }

  /// Odd files are reported: a zero-length timer is a warning; bytes that are not UTF-8 and
  /// a file over the size limit are refused.
  @Test func oddFilesAreReportedOrRefused() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "zero", "Wait ~{0%min}.\n")
    let zero = try box.run(["show", "zero"])
    #expect(zero.status == 0)
    #expect(
      zero.stderr
        == "cooktimer: \(box.recipes)/zero.cook:1:6: warning: the timer lasts 0 seconds: it fires as soon as it starts\n"
    )
    try Data([0xFF, 0xFE] + Array("Boil ~{1%min}.\n".utf8)).write(
      to: URL(fileURLWithPath: box.recipes + "/latin.cook"))
    let latin = try box.run(["show", "latin"])
    #expect(latin.status == 65)
    #expect(
      latin.stderr
        == "cooktimer: \(box.recipes)/latin.cook:1:1: error: the file is not UTF-8 text (byte 0xFF)\n"
    )
    // A huge file is listed with its refusal, never read whole.
    let huge = FileManager.default.createFile(atPath: box.recipes + "/huge.cook", contents: nil)
    let handle = try #require(FileHandle(forWritingAtPath: box.recipes + "/huge.cook"), "\(huge)")
    try handle.truncate(atOffset: 20_000_000)
    try handle.close()
    let list = try box.run(["recipes"])
    #expect(
      list.stdout == """
        huge   ✗ \(box.recipes)/huge.cook:1:1: error: the file is 20,000,000 bytes; a recipe is at most 1,048,576 bytes (1 MiB)
        latin  ✗ \(box.recipes)/latin.cook:1:1: error: the file is not UTF-8 text (byte 0xFF)
        zero   zero — 1 step, 1 timer

        """)
  }

  /// A range runs its lower bound and says so (docs/recipes.md §6: check early).
  @Test func rangesShowInStatus() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "pot", "Boil ~potatoes{20-25%minutes}.\n")
    let r = try box.run(["start", "pot", "--now", "2026-11-29T18:00:00Z"])
    #expect(
      r.stdout.contains(
        "potatoes  running  20:00  ends 18:20:00  (recipe: 20 min–25 min, check early)"))
  }
}
