import Testing

@testable import CooktimerCLI

/// Two recipe files whose names differ only in Unicode normalisation ("Café" in NFC and in
/// NFD: two files on Linux) are each reached by the name as typed (issue 23).
@Suite("recipe names: Unicode normalisation")
struct UnicodeNameTests {
  static let nfc = "Caf\u{E9}"
  static let nfd = "Cafe\u{301}"

  @Test func eachFormReachesItsOwnFile() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: Self.nfc, "---\ntitle: Composed\n---\nBoil.\n")
    try box.write(recipe: Self.nfd, "---\ntitle: Decomposed\n---\nStir.\n")
    let composed = try box.run(["show", Self.nfc])
    #expect(composed.status == 0)
    #expect(composed.stdout.hasPrefix("Composed  (\(box.recipes)/\(Self.nfc).cook)\n"))
    let decomposed = try box.run(["show", Self.nfd])
    #expect(decomposed.status == 0)
    #expect(decomposed.stdout.hasPrefix("Decomposed  (\(box.recipes)/\(Self.nfd).cook)\n"))
    let started = try box.run(["start", Self.nfd, "--now", "@1795975200"])
    #expect(started.status == 0)
    #expect(started.stdout.contains(": Decomposed\n"))
  }

  @Test func aFormMatchingNeitherNamesBoth() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(recipe: "x/" + Self.nfc, "Boil.\n")
    try box.write(recipe: "x/" + Self.nfd, "Stir.\n")
    let r = try box.run(["show", "x/CAF\u{C9}"])
    #expect(r.status == 64)
    #expect(
      r.stderr
        == "cooktimer: \"x/CAF\u{C9}\" names 2 recipes whose names differ only in Unicode normalisation: x/\(Self.nfd) (NFD), x/\(Self.nfc) (NFC); type the name in that form or give the file path\n"
    )
  }

  @Test func theFormIsNamed() {
    #expect(RecipeCatalog.normalisation(of: Self.nfc) == "NFC")
    #expect(RecipeCatalog.normalisation(of: Self.nfd) == "NFD")
    #expect(RecipeCatalog.normalisation(of: Self.nfc + Self.nfd) == "mixed")
  }
}
