import Testing

/// An API key's name is 1 to 64 characters without spaces (docs/api.md §2): no control or
/// format characters either, since `apikey list` prints the name to a terminal.
@Suite("API key names")
struct APIKeyNameTests {
  static let refusal =
    "cooktimer: an API key name is 1 to 64 characters without spaces or control characters\n"

  @Test(arguments: ["x\u{1B}y", "a b", "tab\there", "a\u{202E}b", "nul\u{7F}", ""])
  func aNameWithAControlCharacterOrSpaceIsRefused(name: String) throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["apikey", "create", "--name", name])
    #expect(r.status == 64)
    #expect(r.stdout == "")
    #expect(r.stderr == Self.refusal)
  }

  @Test func aNameOfLettersIsTaken() throws {
    let box = try Sandbox(inProcess: true)
    let r = try box.run(["apikey", "create", "--name", "küche-1"])
    #expect(r.status == 0)
    #expect(
      r.stderr
        == "cooktimer: API key küche-1 created; it is shown only this once (only its hash is kept)\n"
    )
  }
}
