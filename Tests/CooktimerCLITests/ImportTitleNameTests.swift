import Foundation
import Testing

/// `import` without `--name`: the file name comes from the page's title, which may hold
/// escape sequences, slashes or dots; it is made a safe name in the recipes folder itself.
@Suite("import: names from titles")
struct ImportTitleNameTests {
  /// A page whose one Recipe has `title` (written into JSON as given, escapes and all).
  static func page(in box: Sandbox, title: String) throws -> String {
    let path = box.folder.appendingPathComponent("page.html").path
    let html =
      "<script type=\"application/ld+json\">{\"@type\": \"Recipe\", \"name\": \"\(title)\", "
      + "\"recipeInstructions\": \"Boil the water for 5 minutes.\"}</script>\n"
    try html.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: [
    (
      #"Garlic \u001b[31m Shrimp / Test"#, "Garlic Shrimp - Test",
      "Imported Garlic Shrimp - Test: Garlic Shrimp / Test — 1 step, 1 timer\n"
    ),
    ("../../pwned", "pwned", "Imported pwned: ../../pwned — 1 step, 1 timer\n"),
    (".hidden", "hidden", "Imported hidden: .hidden — 1 step, 1 timer\n"),
    (
      #"Tea\u0007 \u202Eton"#, "Tea ton",
      "Imported Tea ton: Tea \u{FFFD}ton — 1 step, 1 timer\n"
    ),
    ("...", "Imported recipe", "Imported Imported recipe: ... — 1 step, 1 timer\n"),
  ])
  func aTitleBecomesOneSafeFileName(title: String, file: String, stdout: String) throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["import", try Self.page(in: box, title: title)])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == stdout)
    #expect(r.stderr == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.recipes) == [file + ".cook"])
  }

  /// Only an explicit `--name` is blamed, and only when it was given.
  @Test func aBadExplicitNameIsBlamedAsGiven() throws {
    let box = try Sandbox(inProcess: true)
    let page = try Self.page(in: box, title: "Shrimp")
    let r = try box.run(["import", page, "--name", ".x"])
    #expect(r.status == 64)
    #expect(
      r.stderr == "cooktimer: --name \".x\" is not a recipe name: write e.g. Breakfast/Pancakes\n")
    let folders = try box.run(["import", page, "--name", "Dinner/Shrimp"])
    #expect(folders.stdout == "Imported Dinner/Shrimp: Shrimp — 1 step, 1 timer\n")
  }
}
