import Foundation
import Testing

/// A recipe with no steps shows, but is not run: `start` printed a run id that was never
/// stored (a tester's report: `status ID` then found no such run). `start` and `plan` refuse
/// it alike, as the file's error (exit 65), and the database stays as it was.
@Suite("Recipes with no steps")
struct SteplessRecipeTests {
  static func refusal(_ box: Sandbox) -> String {
    "cooktimer: \(box.recipes)/notes.cook:1:1: error: recipe has no steps to run: write its "
      + "directions as paragraphs separated by blank lines\n"
  }

  @Test func startAndPlanRefuseItAsTheFilesError() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "notes", "---\ntitle: Notes\n---\n")
    let start = try box.run(["start", "notes", "--now", "2026-11-29T18:00:00Z"])
    #expect(start.status == 65)
    #expect(start.stdout == "")
    #expect(start.stderr == Self.refusal(box))
    #expect(!FileManager.default.fileExists(atPath: box.db))
    let plan = try box.run(["plan", "notes", "--start", "2026-11-29T18:00:00Z"])
    #expect(plan.status == 65)
    #expect(plan.stdout == "")
    #expect(plan.stderr == Self.refusal(box))
    // It still shows, with its warning: only running it is refused.
    let show = try box.run(["show", "notes"])
    #expect(show.status == 0)
  }

  /// With a database already there, nothing is added to it: no run, no push.
  @Test func nothingIsStoredBesideOtherRuns() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "tea", "Steep ~tea{3%minutes}.")
    try box.write(recipe: "notes", ">> servings: 2\n")
    #expect(try box.run(["start", "tea", "--now", "2026-11-29T18:00:00Z"]).status == 0)
    let before = try box.run(["outbox", "--json", "--now", "2026-11-29T18:00:01Z"]).stdout
    let start = try box.run(["start", "notes", "--now", "2026-11-29T18:00:01Z"])
    #expect(start.status == 65)
    #expect(start.stderr == Self.refusal(box))
    #expect(try box.run(["outbox", "--json", "--now", "2026-11-29T18:00:01Z"]).stdout == before)
    let status = try box.json("status --json --now 2026-11-29T18:00:01Z")
    #expect((status["runs"] as? [Any])?.count == 1)
  }
}
