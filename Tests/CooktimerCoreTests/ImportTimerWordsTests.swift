import Testing

@testable import CooktimerCore

/// What `import` writes as timers (issue 23): the same countdowns `show` would suggest,
/// `%` before the unit as written, and words that are no part of the amount kept as words.
@Suite struct ImportTimerWordsTests {
  static func imported(_ step: String) throws -> String {
    let page = """
      <script type="application/ld+json">{"@type":"Recipe","name":"T",
      "recipeInstructions":[{"@type":"HowToStep","text":\(jsonString(step))}]}</script>
      """
    let text = RecipeImport.cookText(try RecipeImport.recipe(fromPage: page), source: nil)
    return String(text.split(separator: "\n").last ?? "")
  }

  static func jsonString(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  @Test(arguments: [
    ("Simmer 10 more minutes.", "Simmer ~{10%minutes} more."),
    ("Cook another minute.", "Cook another ~{1%minute}."),
    ("Stir for a further minute.", "Stir for a further ~{1%minute}."),
    ("Beat 5 full minutes.", "Beat full ~{5%minutes}."),
    ("Steep 3 to 5 minutes.", "Steep ~{3-5%minutes}."),
    ("Bake 25 minutes, basting every 10 minutes.", "Bake ~{25%minutes}, basting every 10 minutes."),
    (
      "Store leftovers in the fridge for up to 3 days.",
      "Store leftovers in the fridge for up to 3 days."
    ),
    ("Rest for half an hour.", "Rest for ~{30%min}."),
    ("Add the aroma hops at 0 minutes.", "Add the aroma hops at 0 minutes."),
    (
      "Mash at 152 °F for 70 minutes. Boil 60 minutes, adding hops 30 minutes before the end.",
      "Mash at 152 °F for ~{70%minutes}. Boil ~{60%minutes}, adding hops 30 minutes before the end."
    ),
  ])
  func countdownsOnly(step: String, written: String) throws {
    let got = try Self.imported(step)
    #expect(got == written)
  }
}
