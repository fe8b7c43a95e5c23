import CooktimerService
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerCLI

/// Random argument vectors and REPL lines through the parser the binary uses: every input
/// must return (an invocation or an error), and every error must be one line starting
/// `cooktimer: `. Seeds are fixed and each test runs a fixed number of inputs, so a failure
/// repeats and the work done is the same on any machine; no wall-clock bound judges the
/// parser (a hang is caught by the suite's time limit, a slow parser by the libFuzzer
/// target in .ci/run).
@Suite(.timeLimit(.minutes(1))) struct CommandParserFuzzTests {
  /// Inputs per test: each test takes well under a second in a debug build.
  static let inputs = 5_000

  /// Every command word and alias, so most inputs reach a command's own parsing.
  static let commandWords = CommandSpec.all.flatMap { [$0.word] + $0.aliases } + ["cooktimer"]

  static let options = [
    "--db", "--recipes", "--now", "--json", "--topic", "--alerts", "--on-alarm", "--ring",
    "--auto-advance", "--dismissal", "--priority", "--start", "--mark-sent", "--limit",
    "--after", "--help", "-h", "--version", "--listen", "--no-send", "--name", "--force",
    "--prose-timers", "--device", "--sandbox", "--activity", "--once", "--apns-key",
    "--apns-key-id", "--apns-team-id", "--apns-url", "--apns-ca", "--", "--db=", "--now=@1",
    "--limit=-1", "--unknown", "---", "--=",
  ]

  static let values = [
    "1m", "-30s", "+1m", "90", "1h30", "1h 30m", "PT8M", "P1W", "1:30", "1:30:00", "8 min",
    "8", "min", "Std.", "1.5h", "0", "-0s", "1e3s", "99999h", "7d", "until", "at", "bis", "um",
    "18:42", "6:42", "pm", "25:99", "Uhr", "@1795975200.25", "@-1", "@", "2026-11-29T18:00:00Z",
    "2026-11-29T18:00", "2026-03-29T02:30", "default", "immediate", "now", "5", "10", "start",
    "update", "end", "add", "list", "remove", "push-to-start", "activity", "create", "revoke",
    "a1", "k4m", "s1", "s0", "1", "2", "-1", "1,2,3", ",", ",,", "9223372036854775808",
    "once", "repeat", "text", "loc-keys", "com.example.app", "127.0.0.1:8417", ":0", "[::1]:80",
    "", " ", "\n", "a\nb", "\r", "\t", "\u{1b}[2J", "\u{0}", "\u{202E}", "é", "🍝", "\u{FEFF}",
    "=", "-", "\"", "'", "\\", "Nudeln", "Soße", "Breakfast/Pancakes", "x.cook", "/tmp",
    "deadbeefdeadbeefdeadbeefdeadbeef",
  ]

  static func word(_ generator: inout SplitMix64) -> String {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0...2: return commandWords.randomElement(using: &generator)!
    case 3...4: return options.randomElement(using: &generator)!
    case 5...8: return values.randomElement(using: &generator)!
    default:
      // Random characters, now and then a long word (errors must not echo it whole).
      let count =
        Int.random(in: 0...40, using: &generator) == 0
        ? 5_000 : Int.random(in: 0...12, using: &generator)
      let scalars = (0..<count).map { _ in
        Unicode.Scalar(UInt32.random(in: 0...0x2FF, using: &generator)) ?? "?"
      }
      return String(String.UnicodeScalarView(scalars))
    }
  }

  static func words(_ generator: inout SplitMix64) -> [String] {
    var words = (0..<Int.random(in: 0...8, using: &generator)).map { _ in word(&generator) }
    // Most inputs start with a command, as people type them.
    if !words.isEmpty, Int.random(in: 0..<4, using: &generator) > 0 {
      words[0] = commandWords.randomElement(using: &generator)!
    }
    return words
  }

  /// What the binary does with an argument vector up to running it: the parser, and for an
  /// error its one message (the failure mapping the binary uses).
  static func check(argv: [String], session: Session) {
    do {
      _ = try CommandParser.parse(argv)
    } catch {
      expectOneLine(session.failure(error, json: false), input: argv.description)
    }
  }

  /// A REPL or piped line, split and parsed as ``Session/run(line:)`` does before running.
  static func check(line: String, session: Session) {
    do {
      var words = try splitWords(line)
      if words.first == "cooktimer" { words.removeFirst() }
      _ = try CommandParser.parse(words)
    } catch {
      expectOneLine(session.failure(error, json: false), input: line)
    }
  }

  static func expectOneLine(_ output: Output, input: String) {
    #expect(output.stderr.count == 1, "\(input.prefix(200))")
    let message = output.stderr.first ?? ""
    #expect(message.hasPrefix("cooktimer: "), "\(message.prefix(200))")
    let oneLine = !message.contains { $0.isNewline }
    #expect(oneLine, "\(message.prefix(200))")
    // A long argument is quoted cut, never whole (words of 5,000 characters come in).
    #expect(
      message.count <= 500 + "cooktimer: ".count,
      "\(message.count) characters: \(message.prefix(200))")
    #expect(output.status == 64, "\(output.status): \(message.prefix(200))")
  }

  /// A session that never touches a database: only its error mapping is used.
  static func session() -> Session { Session(options: GlobalOptions(), environment: [:]) }

  @Test func randomArgumentVectors() {
    let session = Self.session()
    var generator = SplitMix64(seed: 15)
    for _ in 0..<Self.inputs {
      Self.check(argv: Self.words(&generator), session: session)
    }
  }

  @Test func randomREPLLines() {
    let session = Self.session()
    var generator = SplitMix64(seed: 2026)
    for _ in 0..<Self.inputs {
      // Joined with spaces, quotes and backslashes, as a cook or a script might type them.
      let glue = [" ", " ", " ", "  ", "\"", "'", "\\", "\t", " \" ", " ' "]
      var line = ""
      for word in Self.words(&generator) {
        line += word + glue.randomElement(using: &generator)!
      }
      Self.check(line: line, session: session)
    }
  }
}
