import CooktimerCLI
import CooktimerPTY
import CooktimerService
import CooktimerStore
import Foundation

/// Peak resident size (VmHWM) of the REPL on a terminal with 100 active runs.
enum REPLMemory {
  static func measure(_ options: Options) throws -> [Figure] {
    let binary = try Binary.cooktimer()
    let seeded = try Fixtures.SeededDatabase(finished: 0, active: 100)
    defer { seeded.folder.remove() }
    let environment = seeded.environment
    var peaks: [Double] = []
    for _ in 0..<options.pick(full: 3, quick: 1) {
      let terminal = try PseudoTerminal(
        executable: URL(fileURLWithPath: binary), environment: environment)
      let began = WallClock.monotonic()
      while WallClock.seconds(since: began) < 1.5 { terminal.drain(waiting: 10) }
      let peak = try peakResident(pid: terminal.process.processIdentifier)
      guard terminal.screen.contains("a99") else {
        throw BenchError("the REPL did not list the 100 active runs")
      }
      terminal.type("\u{04}")  // Ctrl-D leaves the REPL
      guard let status = terminal.waitForExit(timeout: 5) else {
        throw BenchError("the REPL did not leave on Ctrl-D")
      }
      guard status == 0 else { throw BenchError("the REPL exited with \(status)") }
      peaks.append(peak)
    }
    let peak = Stats.median(peaks)
    return [
      Figure(name: "REPL peak resident size, 100 active runs", value: peak, unit: "MB")
        .target(.below(30, "MB", peak))
    ]
  }

  /// VmHWM of /proc/PID/status, in MB (2^20 bytes).
  static func peakResident(pid: Int32) throws -> Double {
    let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kB = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    else { throw BenchError("no VmHWM in /proc/\(pid)/status") }
    return kB / 1024
  }
}
