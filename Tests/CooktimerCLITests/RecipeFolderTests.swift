import CooktimerPTY
import Foundation
import Testing

/// Recipes kept in folders: named by their path below the recipes folder.
@Suite("recipe folders")
struct RecipeFolderTests {
  /// A tree with nested folders, one file name in two folders, a hidden folder, a hidden
  /// file, a symlink loop and a file that is not a recipe.
  func tree() throws -> Sandbox {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "tea", "---\ntitle: Black Tea\n---\nSteep ~{3%min}.\n")
    try box.write(recipe: "Breakfast/Pancakes", "Fry ~{2%min}.\n")
    try box.write(recipe: "Breakfast/Eggs/Soft", "Boil ~{6%min}.\n")
    try box.write(recipe: "Dinner/Pancakes", "---\ntitle: Savoury Pancakes\n---\nFry.\n")
    try box.write(recipe: "Dinner/Red Beans", "Simmer ~{2%hours}.\n")
    try box.write(recipe: ".git/Hidden", "Nothing.\n")
    try box.write(recipe: "Dinner/.draft", "Nothing.\n")
    try "notes".write(toFile: box.recipes + "/Dinner/notes.txt", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: box.recipes + "/Breakfast/Eggs/loop", withDestinationPath: box.recipes)
    return box
  }

  @Test func recipesListsTheWholeTreeByPath() throws {
    let box = try tree()
    let r = try box.run("recipes")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout == """
        Breakfast/Eggs/Soft  Soft — 1 step, 1 timer
        Breakfast/Pancakes   Pancakes — 1 step, 1 timer
        Dinner/Pancakes      Savoury Pancakes — 1 step, 0 timers
        Dinner/Red Beans     Red Beans — 1 step, 1 timer
        tea                  Black Tea — 1 step, 1 timer

        """)
    let json = try box.json("recipes --json")
    let recipes = try #require(json["recipes"] as? [[String: Any]])
    #expect(
      recipes.map { $0["name"] as? String } == [
        "Breakfast/Eggs/Soft", "Breakfast/Pancakes", "Dinner/Pancakes", "Dinner/Red Beans", "tea",
      ])
    #expect(recipes[1]["file"] as? String == box.recipes + "/Breakfast/Pancakes.cook")
  }

  @Test(arguments: [
    ("Breakfast/Pancakes", "Breakfast/Pancakes.cook"),
    ("breakfast/pancakes.cook", "Breakfast/Pancakes.cook"),
    ("Soft", "Breakfast/Eggs/Soft.cook"),
    ("red beans", "Dinner/Red Beans.cook"),
    ("Savoury Pancakes", "Dinner/Pancakes.cook"),
    ("Black Tea", "tea.cook"),
  ])
  func showFindsANestedRecipe(query: String, file: String) throws {
    let box = try tree()
    let json = try box.json("show \(query) --json")
    #expect(json["file"] as? String == box.recipes + "/" + file)
  }

  @Test func anAmbiguousFileNameListsTheCandidates() throws {
    let box = try tree()
    for command in ["show", "start", "plan"] {
      let r = try box.run([command, "pancakes"])
      #expect(r.status == 64, "\(command)")
      #expect(
        r.stderr
          == "cooktimer: \"pancakes\" names 2 recipes: Breakfast/Pancakes, Dinner/Pancakes; name one of them\n"
      )
    }
  }

  @Test func startAndPlanFindANestedRecipe() throws {
    let box = try tree()
    let start = try box.run(["start", "Dinner/Red Beans", "--now", "2026-11-29T18:00:00Z"])
    #expect(start.status == 0, "\(start.stderr)")
    #expect(start.stdout.hasPrefix("Started "))
    let plan = try box.run(["plan", "Soft", "--start", "2026-11-29T18:00:00Z"])
    #expect(plan.status == 0, "\(plan.stderr)")
  }

  /// Tab completes a nested recipe by its path, and by its file name when that is unique.
  @Test func completionOffersNestedNames() throws {
    let box = try tree()
    let repl = try PseudoTerminal(environment: box.environment)
    #expect(repl.waitForPrompt())
    repl.type("show Breakfast/Eg\t")
    #expect(repl.wait(for: "show Breakfast/Eggs/Soft") != nil, "\(repl.screen)")
    repl.type("\u{15}")  // Ctrl-U: clear the line
    repl.type("start So\t")
    #expect(repl.wait(for: "start Soft") != nil, "\(repl.screen)")
    repl.type("\u{15}\u{04}")
    #expect(repl.waitForExit() == 0)
  }

  @Test func hiddenFilesAreNotFound() throws {
    let box = try tree()
    #expect(try box.run("show Hidden").status == 66)
    #expect(try box.run("show .git/Hidden").status == 66)
  }
}

/// `recipes` keeps what it read of each file and reads a file again only once it changed.
@Suite("recipe list cache")
struct RecipeListCacheTests {
  @Test func aChangedFileIsReadAgain() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "Soups/Lentil", "Simmer ~{25%minutes}.\n")
    #expect(try box.run("recipes").stdout == "Soups/Lentil  Lentil — 1 step, 1 timer\n")
    let cacheFolder = box.folder.appendingPathComponent(".cache/cooktimer").path
    #expect(try FileManager.default.contentsOfDirectory(atPath: cacheFolder).count == 1)
    try box.write(recipe: "Soups/Lentil", "Soak.\n\nSimmer ~{25%minutes} and ~{5%minutes}.\n")
    #expect(try box.run("recipes").stdout == "Soups/Lentil  Lentil — 2 steps, 2 timers\n")
    try box.write(recipe: "Soups/Broken", "Boil ~{}.\n")
    let r = try box.run("recipes")
    #expect(r.stdout.contains("Soups/Broken  ✗ \(box.recipes)/Soups/Broken.cook:1:6: error: "))
  }

  @Test func aCorruptCacheIsIgnored() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "tea", "Steep ~{3%min}.\n")
    _ = try box.run("recipes")
    let cacheFolder = box.folder.appendingPathComponent(".cache/cooktimer").path
    for name in try FileManager.default.contentsOfDirectory(atPath: cacheFolder) {
      try "{not json".write(toFile: cacheFolder + "/" + name, atomically: true, encoding: .utf8)
    }
    let r = try box.run("recipes")
    #expect(r.status == 0)
    #expect(r.stdout == "tea  tea — 1 step, 1 timer\n")
  }
}
