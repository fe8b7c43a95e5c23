import CooktimerCore
import CooktimerService
import Foundation
import Testing

@testable import CooktimerCLI

/// The REPL's ringer shows a store it cannot use as one line, once, instead of going quiet.
@Suite("Alarm ringer failures")
struct AlarmRingerFailureTests {
  @Test func aDatabaseThatDoesNotOpenIsSaidOnce() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cooktimer-ringer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("broken.sqlite3").path
    try Data(repeating: 0x2a, count: 4096).write(to: URL(fileURLWithPath: path))
    var options = GlobalOptions()
    options.database = path
    let session = Session(
      options: options, environment: [:],
      clock: FixedClock(Instant(unixMilliseconds: 1_795_975_200_000)))
    let terminal = TerminalInfo(inputIsTerminal: false, outputIsTerminal: false, noColor: true)
    let ringer = AlarmRinger(session: session, terminal: terminal)

    let lines = ringer.start()
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.hasPrefix("cooktimer: ") == true, "\(lines)")
    #expect(lines.first?.contains("\n") == false)
    var shown: [String] = []
    ringer.ring { shown.append($0) }
    ringer.reload()
    ringer.ring { shown.append($0) }
    #expect(shown == [], "said once: \(shown)")
  }
}
