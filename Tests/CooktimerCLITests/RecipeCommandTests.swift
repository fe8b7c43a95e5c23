import Foundation
import Testing

@Suite("recipes and show through the binary")
struct RecipeCommandTests {
  @Test func showJSONHasTheContractShape() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    let json = try box.json("show spaghetti --json")
    #expect(json["name"] as? String == "Spaghetti mit Tomatensoße")
    let steps = try #require(json["steps"] as? [[String: Any]])
    #expect(steps.map { $0["number"] as? Int } == [1, 2, 3, 4])
    let seconds = steps.map { ($0["timers"] as? [[String: Any]])?.map { $0["seconds"] as? Double } }
    #expect(seconds == [[300], [480], [600], []])
    #expect((json["warnings"] as? [Any])?.isEmpty == true)
  }

  @Test func aRecipeIsFoundByTitleFileNameOrPath() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    for name in ["Black Tea", "black tea", "tea", "\(box.recipes)/tea.cook"] {
      let r = try box.run(["show", name, "--json"])
      #expect(r.status == 0, "\(name): \(r.stderr)")
    }
    let missing = try box.run(["show", "pizza"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "cooktimer: no recipe \"pizza\"; `recipes` lists them\n")
  }

  @Test func aBrokenFileIsAnErrorWithItsPlaceAndHidesNothing() throws {
    let box = try Sandbox(copyShippedRecipes: true)
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
    let box = try Sandbox()
    try box.write(recipe: "rest", "Let it ~rest.\n")
    let r = try box.run(["show", "rest"])
    #expect(r.status == 0)
    #expect(r.stderr.hasPrefix("cooktimer: \(box.recipes)/rest.cook:1:8: warning: "))
  }
}
