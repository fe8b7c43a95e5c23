import CooktimerCore
import CooktimerService
import CooktimerStore
import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerServer

/// Changes that arrive while a commit is under way are committed together, each answered
/// with its own result once the batch is on disk.
@Suite("Group commit of the server's changes")
struct GroupCommitTests {
  struct Refused: Error {}

  @Test func changesQueuedDuringACommitShareTheNextOne() throws {
    let folder = NSTemporaryDirectory() + "cooktimer-group-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/db.sqlite3"
    let service = RunService(store: try RunStore(path: path), clock: FixedClock(t0))
    let recipe = try Cooklang.recipe(TestRecipes.texts["tea"]!, file: "tea.cook")
    let ids = try (0..<9).map { _ in try service.start(recipe, autoAdvance: false, at: t0).id }
    let commits = GroupCommit(service: RunService(store: try RunStore(path: path)))
    // Latches, not semaphores with a deadline: nothing here reads a clock.
    let first = Latch()
    let release = Latch()
    let answers = Answers()
    // The first change holds its batch open until eight more are queued behind it.
    Thread.detachNewThread {
      answers.add(
        Result {
          try commits.run { s in
            first.open()
            release.wait()
            return try s.perform(.pause, on: ids[0], at: t0 + 1).run.id
          }
        })
    }
    first.wait()
    for i in 1..<9 {
      Thread.detachNewThread {
        answers.add(
          Result {
            try commits.run { s in
              if i == 4 { throw Refused() }
              return try s.perform(.pause, on: ids[i], at: t0 + 1).run.id
            }
          })
      }
    }
    // Up to 10 s (10,000 looks 1 ms apart) for the eight to queue.
    for _ in 0..<10_000 where commits.waiting < 8 { usleep(1000) }
    #expect(commits.waiting == 8)
    release.open()
    answers.wait(for: 9)
    #expect(commits.batches == 2)
    let results = answers.all
    #expect(
      results.compactMap { try? $0.get() }.sorted()
        == ids.enumerated().filter { $0.offset != 4 }.map(\.element).sorted())
    #expect(results.filter { (try? $0.get()) == nil }.count == 1)
    let stored = try RunService(store: try RunStore(path: path), clock: FixedClock(t0 + 2))
      .activeRuns()
    #expect(
      stored.filter { $0.pausedAt != nil }.map(\.id).sorted()
        == ids.enumerated().filter { $0.offset != 4 }.map(\.element).sorted())
  }
}

final class Answers: @unchecked Sendable {
  private let condition = NSCondition()
  private var results: [Result<String, any Error>] = []
  func add(_ result: Result<String, any Error>) {
    condition.lock()
    results.append(result)
    condition.broadcast()
    condition.unlock()
  }
  /// Waits until `count` answers are in.
  func wait(for count: Int) {
    condition.lock()
    while results.count < count { condition.wait() }
    condition.unlock()
  }
  var all: [Result<String, any Error>] {
    condition.lock()
    defer { condition.unlock() }
    return results
  }
}

/// Opens once; `wait` returns once it is open.
final class Latch: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false
  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }
  func wait() {
    condition.lock()
    while !isOpen { condition.wait() }
    condition.unlock()
  }
}
