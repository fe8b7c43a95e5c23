import Foundation
import Testing

@testable import CooktimerCore

/// Every recipe we ship parses cleanly, and a few have exactly the shape a cook expects.
@Suite struct ShippedRecipesTests {
  static let files: [URL] = {
    let all =
      (try? FileManager.default.contentsOfDirectory(
        at: Fixture.recipesFolder, includingPropertiesForKeys: nil)) ?? []
    return all.filter { $0.pathExtension == "cook" }.sorted {
      $0.lastPathComponent < $1.lastPathComponent
    }
  }()

  static func recipe(_ name: String) throws -> Recipe {
    let text = try String(
      contentsOf: Fixture.recipesFolder.appendingPathComponent(name), encoding: .utf8)
    return try Cooklang.recipe(text, file: "Recipes/\(name)")
  }

  @Test func atLeastTenRecipes() {
    #expect(Self.files.count >= 10)
  }

  @Test(arguments: files)
  func parsesWithoutWarnings(_ file: URL) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    let result = Cooklang.parse(text, file: "Recipes/\(file.lastPathComponent)")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let recipe = try #require(result.recipe)
    #expect(!recipe.steps.isEmpty)
    for key in ["title", "servings", "time"] {
      #expect(recipe.metadata.contains { $0.key == key }, "\(file.lastPathComponent) lacks \(key)")
    }
  }

  /// The lesson's spaghetti: water 5 min, then sauce 10 min with the pasta's 8 min at the
  /// same time ("gleichzeitig"), so the pasta is drained as the sauce is done.
  @Test func spaghettiInGerman() throws {
    let recipe = try Self.recipe("spaghetti.cook")
    #expect(recipe.title == "Spaghetti mit Tomatensoße")
    // Its alerts on the phone are German (issue 20: they read "… — started").
    #expect(recipe.metadata.first { $0.key == "locale" }?.value.text == "de")
    #expect(recipe.steps.count == 3)
    #expect(
      recipe.steps.flatMap(\.timers) == [
        TimerSpec(name: "Wasser", duration: 300_000, quantity: "5", unit: "Min."),
        TimerSpec(name: "Soße", duration: 600_000, quantity: "10", unit: "Min."),
        TimerSpec(
          name: "Nudeln", duration: 480_000, quantity: "8", unit: "Minuten", start: .withPrevious),
      ])
    #expect(
      recipe.steps[0].text
        == "Bringe Wasser in einem großen Topf zum Kochen, das dauert etwa 5 Min.")
  }

  @Test func steakTurnsEveryNinetySeconds() throws {
    let recipe = try Self.recipe("steak.cook")
    #expect(recipe.steps.count == 5)
    #expect(recipe.steps[2].timers.map(\.duration) == [90_000, 90_000, 90_000, 90_000])
    #expect(
      recipe.steps[2].timers.map(\.start) == [
        .withStep, .afterPrevious, .afterPrevious, .afterPrevious,
      ])
  }

  @Test func breadProofsRunPastEightHours() throws {
    let recipe = try Self.recipe("overnight-bread.cook")
    #expect(recipe.steps.count == 7)
    #expect(Set(recipe.steps.compactMap(\.section)) == ["Dough", "Cold proof", "Bake"])
    let total = recipe.steps.flatMap(\.timers).compactMap(\.duration).reduce(0, +)
    #expect(total > 8 * 3_600_000)
    #expect(recipe.steps[3].timers.map(\.duration) == [43_200_000])
    #expect(recipe.steps[1].timers.map(\.duration) == Array(repeating: 1_800_000, count: 4))
    #expect(recipe.steps[1].timers.dropFirst().allSatisfy { $0.start == .afterPrevious })
  }

  @Test func carbonaraRunsTwoTimersTogether() throws {
    let recipe = try Self.recipe("pasta-carbonara.cook")
    #expect(recipe.steps.count == 3)
    #expect(recipe.steps[1].timers.map(\.start) == [.withStep, .withPrevious])
  }

  @Test func teaIsOneStep() throws {
    let recipe = try Self.recipe("tea.cook")
    #expect(recipe.steps.count == 1)
    #expect(recipe.steps[0].timers.map(\.duration) == [180_000])
  }

  @Test func guacamoleHasNoTimers() throws {
    let recipe = try Self.recipe("guacamole.cook")
    #expect(recipe.steps.count == 4)
    #expect(recipe.steps.allSatisfy { $0.timers.isEmpty })
  }

  @Test func chiliOffersAlternatives() throws {
    let timers = try Self.recipe("slow-cooker-chili.cook").steps[2].timers
    #expect(timers.map(\.start) == [.withStep, .alternativeToPrevious])
    #expect(timers.map(\.duration) == [25_200_000, 14_400_000])
    #expect(timers.map(\.upperDuration) == [28_800_000, 18_000_000])
  }

  @Test func lasagneHasSections() throws {
    let recipe = try Self.recipe("lasagne.cook")
    #expect(recipe.steps.count == 7)
    #expect(
      recipe.steps.map(\.section) == [
        "Ragù", "Ragù", "Ragù", "Béchamel", "Béchamel", "Assembly", "Assembly",
      ])
    #expect(recipe.steps.flatMap(\.timers).count == 7)
  }

  @Test func eggsAndRice() throws {
    let soft = try Self.recipe("soft-boiled-eggs.cook")
    #expect(soft.steps.flatMap(\.timers).map(\.duration) == [360_000, 60_000])
    let hard = try Self.recipe("hard-boiled-eggs.cook")
    #expect(hard.steps.count == 5)
    #expect(hard.steps[1].timers.isEmpty)  // the boil waits for the cook; then the 10 minutes
    #expect(hard.steps[2].timers.map(\.duration) == [600_000])
    let rice = try Self.recipe("rice.cook")
    #expect(rice.steps.flatMap(\.timers).map(\.name) == ["rice", "rest"])
  }
}
