import CooktimerCore
import CooktimerService
import CooktimerStore
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
    let first = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let answers = Answers()
    let group = DispatchGroup()
    // The first change holds its batch open until eight more are queued behind it.
    DispatchQueue.global().async(group: group) {
      answers.add(
        Result {
          try commits.run { s in
            first.signal()
            release.wait()
            return try s.perform(.pause, on: ids[0], at: t0 + 1).run.id
          }
        })
    }
    first.wait()
    for i in 1..<9 {
      DispatchQueue.global().async(group: group) {
        answers.add(
          Result {
            try commits.run { s in
              if i == 4 { throw Refused() }
              return try s.perform(.pause, on: ids[i], at: t0 + 1).run.id
            }
          })
      }
    }
    let deadline = Date().addingTimeInterval(10)
    while commits.waiting < 8 && Date() < deadline { usleep(1000) }
    #expect(commits.waiting == 8)
    release.signal()
    group.wait()
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
  private let lock = NSLock()
  private var results: [Result<String, any Error>] = []
  func add(_ result: Result<String, any Error>) {
    lock.lock()
    results.append(result)
    lock.unlock()
  }
  var all: [Result<String, any Error>] {
    lock.lock()
    defer { lock.unlock() }
    return results
  }
}
