import CooktimerPTY
import Foundation

/// The `cooktimer` REPL on a pseudo-terminal, driven like a person at a keyboard; waits are
/// on the wall clock, since alarm lateness is measured against end dates.
extension PseudoTerminal {
  convenience init(arguments: [String] = [], environment: [String: String]) throws {
    try self.init(executable: cooktimerBinary, arguments: arguments, environment: environment)
  }

  /// Reads until `text` appears after `offset` (a byte offset into the output) or `timeout`
  /// passes. Returns the instant it appeared, or nil.
  @discardableResult
  func wait(for text: String, after offset: Int = 0, timeout: TimeInterval = 10) -> Date? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      if offset <= output.count,
        String(decoding: output[offset...], as: UTF8.self).contains(text)
      {
        return Date()
      }
      drain(waiting: 5)
    }
    return nil
  }

  /// Waits until the screen ends with the prompt (the REPL is ready for the next line).
  func waitForPrompt(timeout: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      if screen.hasSuffix("cooktimer> ") { return true }
      drain(waiting: 5)
    }
    return false
  }

  /// Bytes read so far.
  var offset: Int {
    drain()
    return output.count
  }

  /// Waits for the process to end (after Ctrl-D); its status, or nil on time-out.
  func waitForExit() -> Int32? { waitForExit(timeout: 10) }
}
