import Testing

/// An error quotes what was typed, but never a huge argument whole: beyond 500 characters
/// the message keeps its first 400 and last 80 (docs/cli.md §5).
@Suite("long arguments in errors")
struct LongArgumentTests {
  @Test func aHugeArgumentIsCutInTheMessage() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    let huge = String(repeating: "a", count: 100_000)
    let r = try box.run(["start", huge])
    #expect(r.status == 66)
    #expect(
      r.stderr
        == "cooktimer: no recipe \"" + String(repeating: "a", count: 389) + " … "
        + String(repeating: "a", count: 57) + "\"; `recipes` lists them\n")
    let json = try box.run(["add", String(repeating: "1", count: 100_000), "--json"])
    #expect(json.status == 64)
    #expect(json.stdout.count < 600, "\(json.stdout.count) bytes")
    #expect(json.stderr.count < 600, "\(json.stderr.count) bytes")
  }
}
