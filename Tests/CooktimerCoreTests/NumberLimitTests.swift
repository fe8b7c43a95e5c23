import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCore

/// Every number a recipe, a page or a cook writes becomes a duration through checked
/// arithmetic: out of range is a diagnostic or a refusal, never a trap (issue 26).
@Suite struct NumberLimitTests {
  func warnings(_ source: String) -> [String] {
    Cooklang.parse(source, file: "x.cook").diagnostics.map(\.description)
  }

  @Test func aHugeTimeInTheWordsIsNotOfferedAndIsWarnedAbout() throws {
    #expect(ProseDurations.find(in: "Rest 10000000000000 days.") == [])
    let long = ProseDurations.tooLong(in: "Rest 10000000000000 days.")
    #expect(long.map(\.span) == [5..<24])
    #expect(long.map(\.text) == ["10000000000000 days"])
    let result = Cooklang.parse("Mix.\n\nRest 10000000000000 days.\n", file: "x.cook")
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:3:1: warning: the words name a time longer than 7 days (\"10000000000000 days\"): "
          + "it is not offered as a timer"
      ])
    let recipe = try #require(result.recipe)
    #expect(SuggestedTimers.attaching(to: recipe, from: result.document).steps[1].suggested == [])
  }

  @Test func aTimeOfSevenDaysIsStillOfferedAndOneMillisecondMoreIsNot() {
    #expect(ProseDurations.find(in: "Cure 7 days.").map(\.duration) == [604_800_000])
    #expect(ProseDurations.find(in: "Cure 168 hours.").map(\.duration) == [604_800_000])
    #expect(ProseDurations.find(in: "Cure 604800.001 seconds.") == [])
    // A range goes whole when either bound is too long.
    #expect(ProseDurations.find(in: "Age 2 to 9 days.") == [])
    #expect(ProseDurations.tooLong(in: "Age 2 to 9 days.").map(\.text) == ["2 to 9 days"])
    #expect(
      ProseDurations.find(in: "Age 2 to 7 days.").map { [$0.duration, $0.upperDuration] }
        == [[172_800_000, 604_800_000]])
  }

  @Test func digitsPastADoubleAreNoTrap() {
    let nines = String(repeating: "9", count: 400)
    #expect(ProseDurations.find(in: "Rest \(nines) hours.") == [])
    #expect(ProseDurations.tooLong(in: "Rest \(nines) hours.").count == 1)
    #expect(ProseDurations.find(in: "Rest 1/\(nines) hours.").map(\.duration) == [0])
    #expect(ProseDurations.find(in: "Rest \(nines)½ minutes 30 seconds.") == [])
  }

  @Test func aTimerPastAnyNumberIsAWarningAtItsPlace() throws {
    let result = Cooklang.parse("Rest ~{99999999999999999999%hours}.\n", file: "x.cook")
    #expect(
      result.diagnostics.map(\.description) == [
        "x.cook:1:6: warning: cannot read the timer's duration: \"99999999999999999999\" is far "
          + "longer than 7 days; the cook is asked for one"
      ])
    #expect(try #require(result.recipe).steps[0].timers.map(\.duration) == [nil])
    #expect(
      warnings("Rest ~{999999999999999%days}.\n") == [
        "x.cook:1:6: warning: cannot read the timer's duration: \"999999999999999\" is far "
          + "longer than 7 days; the cook is asked for one"
      ])
    #expect(
      warnings("Rest ~{99999%hours}.\n") == [
        "x.cook:1:6: warning: the timer lasts 4166 d 15 h, longer than 7 days: it waits for a "
          + "length (`begin TIMER DURATION`)"
      ])
  }

  /// `999999999999999 to ~{2%days}` multiplied to milliseconds is past Int64.
  @Test func aHugeLowerBoundBeforeATimerIsIgnored() throws {
    let result = Cooklang.parse("Simmer 999999999999999 to ~{2%days}.\n", file: "x.cook")
    let timer = try #require(result.recipe?.steps[0].timers.first)
    #expect(timer.duration == 172_800_000)
    #expect(timer.upperDuration == nil)
    let ranged = try #require(
      Cooklang.parse("Simmer 1 to ~{2%days}.\n", file: "x.cook").recipe?.steps[0].timers.first)
    #expect([ranged.duration, ranged.upperDuration] == [86_400_000, 172_800_000])
  }

  @Test func typedDurationsStopAtSevenDays() {
    for text in ["10000000000000d", "99999999999999999999h", "PT99999999999H", "P9999999999999D"] {
      #expect(
        throws: CoreError.invalidDuration(
          input: text, message: "\"\(text)\" is longer than 7 days: type at most 7d")
      ) {
        try DurationText.parse(text)
      }
    }
    #expect(throws: CoreError.self) { try DurationText.parseSigned("-99999999999999999999s") }
  }

  @Test func importKeepsHugeNumbersAsWrittenAndDropsHugeTimes() throws {
    let page = """
      <script type="application/ld+json">
      {"@type": "Recipe", "name": "Big", "recipeYield": 1e300, "prepTime": "PT99999999999H",
       "cookTime": "PT20M", "recipeInstructions": "Rest 10000000000000 days. Bake 20 minutes."}
      </script>
      """
    let recipe = try RecipeImport.recipe(fromPage: page)
    #expect(recipe.prepTime == nil)
    #expect(recipe.cookTime == 1_200_000)
    let text = RecipeImport.cookText(recipe, source: nil)
    #expect(text.contains("servings: \"1e+300\"\n"))
    #expect(text.contains("Rest 10000000000000 days. Bake ~{20 minutes}."))
  }

  /// Random numbers of every size in every place a number becomes a length: each read
  /// returns, and whatever is read as a length is within 0…7 days.
  @Test func anyNumberAnywhereReturnsWithinTheLimit() {
    var generator = SplitMix64(seed: 26)
    let units = ["s", "min", "hours", "days", "Std.", "h", "d", "jours"]
    func number() -> String {
      let digits = Int.random(in: 1...40, using: &generator)
      var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }
        .joined()
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: text += "." + String(Int.random(in: 0...99, using: &generator))
      case 1: text += "/" + String(Int.random(in: 0...99_999, using: &generator))
      case 2: text = "1 " + text + "/7"
      default: break
      }
      return text
    }
    for _ in 0..<2000 {
      let (a, b) = (number(), number())
      let unit = units.randomElement(using: &generator)!
      let sources = [
        "Rest \(a) \(unit).", "~{\(a)%\(unit)}", "\(a) to ~{\(b)%\(unit)}", "~{\(a)-\(b)%\(unit)}",
        "~{\(a) \(unit)}", "Bake \(a) to \(b) \(unit) and \(b) \(unit).",
      ]
      let source = sources.randomElement(using: &generator)!
      let result = Cooklang.parse(source + "\n", file: "x.cook")
      for step in result.recipe?.steps ?? [] {
        for timer in step.timers {
          #expect((0...Run.longestTimer).contains(timer.duration ?? 0), "\(source)")
          #expect((0...Run.longestTimer).contains(timer.upperDuration ?? 0), "\(source)")
        }
      }
      for found in ProseDurations.find(in: source) {
        #expect((0...ProseDurations.longest).contains(found.duration), "\(source)")
        #expect((0...ProseDurations.longest).contains(found.upperDuration ?? 0), "\(source)")
      }
      for typed in ["\(a)\(unit)", "PT\(a)H", "P\(a)DT\(b)S", "\(a):\(b)", "+\(a)s", "-\(a)m"] {
        if let ms = try? DurationText.parseSigned(typed) {
          #expect(ms != 0 && ms.magnitude <= Run.longestTimer, "\(typed)")
        }
      }
    }
  }
}
