import Foundation
import Testing

@testable import CooktimerServer

/// `GET /v1/runs` and the key check share their database-version reads (docs/deploy.md §6):
/// a caller must only ever get a read that began after it asked, or a change committed
/// before its request could be missed.
@Suite("One read shared by the callers waiting for it")
struct SharedReadTests {
  /// Counts reads; the first waits on `hold` once it began, so callers can queue behind it.
  final class Reads: @unchecked Sendable {
    let began = Latch()
    let hold = Latch()
    private let lock = NSLock()
    private var count = 0
    var made: Int { lock.withLock { count } }
    func read() -> Int {
      let number = lock.withLock {
        count += 1
        return count
      }
      if number == 1 {
        began.open()
        hold.wait()
      }
      return number
    }
  }

  @Test func callersArrivingDuringAReadShareTheNextOneNotThatOne() throws {
    let reads = Reads()
    let shared = SharedRead<Int, Never> { reads.read() }
    let answers = Answers()
    Thread.detachNewThread { answers.add(.success(String(shared.value()))) }
    reads.began.wait()
    // Four callers ask while read 1 is on its way: it may predate a commit they know of.
    for _ in 0..<4 {
      Thread.detachNewThread { answers.add(.success(String(shared.value()))) }
    }
    // Up to 10 s (10,000 looks 1 ms apart) for the four to queue.
    for _ in 0..<10_000 where shared.waiting < 4 { usleep(1000) }
    #expect(shared.waiting == 4)
    reads.hold.open()
    answers.wait(for: 5)
    #expect(answers.all.compactMap { try? $0.get() }.sorted() == ["1", "2", "2", "2", "2"])
    #expect(reads.made == 2)
  }

  @Test func aCallerAloneReadsEachTimeAndHearsTheReadsError() throws {
    struct Failed: Error, Equatable { let number: Int }
    var count = 0
    let shared = SharedRead<Int, Failed> { () throws(Failed) -> Int in
      count += 1
      if count == 2 { throw Failed(number: count) }
      return count
    }
    #expect(try shared.value() == 1)
    #expect(throws: Failed(number: 2)) { try shared.value() }
    #expect(try shared.value() == 3)
  }
}
