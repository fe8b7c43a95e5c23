import Testing

@testable import CooktimerCLI

/// A recipe named by a unique beginning (`start spag`), a beginning several share listed,
/// and close misses of recipes and commands suggested ("did you mean spaghetti?").
@Suite("recipe names: beginnings and close misses")
struct RecipePrefixTests {
  @Test func aUniqueBeginningNamesTheRecipe() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    // The file name wins over the title "Spaghetti Carbonara" of pasta-carbonara.
    let spag = try box.run(["show", "spag"])
    #expect(spag.status == 0)
    #expect(spag.stdout.hasPrefix("Spaghetti mit Tomatensoße  (\(box.recipes)/spaghetti.cook)\n"))
    // A title's beginning, then a word's.
    #expect(try box.run(["show", "Spaghetti C"]).stdout.hasPrefix("Spaghetti Carbonara  ("))
    #expect(try box.run(["show", "carb"]).stdout.hasPrefix("Spaghetti Carbonara  ("))
    let started = try box.run(["start", "spag", "--now", "@1795975200"])
    #expect(started.status == 0)
    #expect(started.stdout.contains(": Spaghetti mit Tomatensoße\n"))
  }

  @Test func aBeginningSeveralShareListsThem() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let egg = try box.run(["show", "egg"])
    #expect(egg.status == 64)
    #expect(
      egg.stderr
        == "cooktimer: \"egg\" names 2 recipes: hard-boiled-eggs, soft-boiled-eggs; name one of them\n"
    )
  }

  @Test func aCloseMissIsSuggested() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    let typo = try box.run(["start", "spaghettti"])
    #expect(typo.status == 66)
    #expect(
      typo.stderr
        == "cooktimer: no recipe \"spaghettti\"; did you mean spaghetti? `recipes` lists them\n")
    let two = try box.run(["show", "soft-boild-eggs"])
    #expect(
      two.stderr
        == "cooktimer: no recipe \"soft-boild-eggs\"; did you mean soft-boiled-eggs? `recipes` lists them\n"
    )
    let far = try box.run(["show", "xyzzy"])
    #expect(far.stderr == "cooktimer: no recipe \"xyzzy\"; `recipes` lists them\n")
  }

  @Test func aMistypedCommandIsSuggested() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["stauts"])
    #expect(r.status == 64)
    #expect(
      r.stderr
        == "cooktimer: unknown command \"stauts\"; did you mean status? type `help` for the list\n")
    #expect(
      try box.run(["frob"]).stderr
        == "cooktimer: unknown command \"frob\"; type `help` for the list\n")
  }

  @Test func nearMissesAreTheClosestWithinAThirdOfTheWord() {
    #expect(NearMiss.matches("spaghettti", in: ["spaghetti", "rice", "steak"]) == ["spaghetti"])
    #expect(NearMiss.matches("tex", in: ["tee", "tea", "rice"]) == ["tee", "tea"])
    #expect(NearMiss.matches("xyz", in: ["tea"]).isEmpty)
    #expect(NearMiss.matches("stauts", in: ["start", "status"]) == ["status"])  // a swap is one
    #expect(NearMiss.alternatives(["a", "b", "c"]) == "a, b or c")
  }
}
