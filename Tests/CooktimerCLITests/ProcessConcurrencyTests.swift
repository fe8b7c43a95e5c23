import CooktimerTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Several real `cooktimer` processes on one database: nothing acknowledged is lost, and no
/// "database is locked" reaches the cook.
@Suite("Processes sharing one database", .serialized, .ownThread)
struct ProcessConcurrencyTests {
  /// Two processes each add 1 s twenty times to the same run, at the same time.
  @Test func twoProcessesNeverLoseAnAdd() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    let id = try #require(
      try box.json("start tea --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    let group = DispatchGroup()
    let failures = Failures()
    for _ in 0..<2 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        for _ in 0..<20 {
          let r = try? box.run(["add", "1s", id, "--now", "2026-11-29T18:00:01Z"])
          if r?.status != 0 { failures.add(r?.stderr ?? "did not run") }
        }
      }
    }
    group.wait()
    #expect(failures.all.isEmpty, "\(failures.all)")
    let status = try box.json("status \(id) --json --now 2026-11-29T18:00:02Z")
    let timer = try #require(
      ((status["runs"] as? [[String: Any]])?.first?["timers"] as? [[String: Any]])?.first)
    #expect(timer["endDate"] as? String == "2026-11-29T18:03:40.000Z")  // 180 s + 40 × 1 s
  }

  /// Processes killed with SIGKILL at random moments of their work: the file stays sound,
  /// and every change a process acknowledged (exit 0) is there.
  @Test func killedProcessesLoseNothingAcknowledged() throws {
    let box = try Sandbox(copyShippedRecipes: true)
    let id = try #require(
      try box.json("start tea --json --now 2026-11-29T18:00:00Z")["id"] as? String)
    var generator = SystemRandomNumberGenerator()
    var acknowledged = 0
    let attempts = 25
    for _ in 0..<attempts {
      let process = Process()
      process.executableURL = cooktimerBinary
      process.arguments = ["add", "1s", id, "--now", "2026-11-29T18:00:01Z"]
      process.environment = box.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 0...40_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if process.terminationReason == .exit && process.terminationStatus == 0 { acknowledged += 1 }
    }
    let status = try box.run(["status", id, "--json", "--now", "2026-11-29T18:00:02Z"])
    #expect(status.status == 0, "\(status.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    let timer = try #require(
      ((object?["runs"] as? [[String: Any]])?.first?["timers"] as? [[String: Any]])?.first)
    let remaining = try #require(timer["remaining"] as? Double)
    let applied = Int(remaining.rounded()) - 178  // 180 s timer, read 2 s in
    #expect(
      applied >= acknowledged && applied <= attempts,
      "applied \(applied), acknowledged \(acknowledged)")
    // A later write still works: the file is sound (a damaged one is refused before writing).
    #expect(try box.run(["pause", id, "--now", "2026-11-29T18:00:03Z"]).status == 0)
  }
}

/// Messages collected from several threads.
final class Failures: @unchecked Sendable {
  private var items: [String] = []
  private let lock = NSLock()
  func add(_ item: String) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }
  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}
