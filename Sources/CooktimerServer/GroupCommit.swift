import CooktimerService
import Foundation

/// The server's changes, committed together: requests that arrive while a commit is under
/// way queue up, and the next one runs them all in one ``RunService/batch(_:)`` — one `fsync`
/// for the lot instead of one each, every answer sent only after its change is on disk
/// (docs/architecture.md §6). One of the waiting requests' threads does the work (the
/// leader); the others sleep until it hands them their answers.
final class GroupCommit: @unchecked Sendable {
  private let service: RunService
  private let condition = NSCondition()
  private var queue: [Job] = []
  private var leading = false
  /// Batches committed so far, and jobs waiting now (for tests).
  private(set) var batches = 0
  var waiting: Int {
    condition.lock()
    defer { condition.unlock() }
    return queue.count
  }

  /// - Parameter service: the connection every batched change goes through; nobody else's.
  init(service: RunService) { self.service = service }

  private final class Job {
    /// The caller's closure, wrapped with `withoutActuallyEscaping`: dropped by the leader
    /// (under the lock) before the result is published, because the caller's thread leaves
    /// `run` — and the closure must have no other owner — as soon as it sees the result,
    /// while the leader may still hold the job in its batch.
    var body: ((RunService) throws -> Any)?
    var result: Result<Any, any Error>?
    init(_ body: @escaping (RunService) throws -> Any) { self.body = body }
  }

  /// Runs `body` with the batch's service, inside the next batch; returns once the batch
  /// committed. `body`'s own store transactions are savepoints of the batch.
  ///
  /// - Throws: `body`'s error (its writes undone, the others' kept), or the batch commit's
  ///   error (nothing of the batch stored).
  func run<T>(_ body: (RunService) throws -> T) throws -> T {
    try withoutActuallyEscaping(body) { body in
      let job = Job { try body($0) }
      condition.lock()
      queue.append(job)
      while job.result == nil {
        if !leading {
          leading = true
          let batch = queue
          queue.removeAll()
          condition.unlock()
          commit(batch)
          condition.lock()
          leading = false
          condition.broadcast()
        } else {
          condition.wait()
        }
      }
      condition.unlock()
      // `result` is set (under the lock) before the leader's broadcast.
      return try job.result!.get() as! T
    }
  }

  /// Runs every job of `batch`, each in its savepoint, in one transaction that holds only the
  /// runs it changes (on PostgreSQL another server's batch of other runs commits meanwhile);
  /// on a failed commit every job hears the commit's error. A job that met a busy database
  /// inside the batch (a whole-schema write, a deadlock with another server's batch) left no
  /// write there and runs again alone once the batch has committed.
  private func commit(_ batch: [Job]) {
    var results: [Result<Any, any Error>] = []
    var alone: [Int] = []
    do {
      try service.batchOfRunChanges {
        for (index, job) in batch.enumerated() {
          let body = job.body!  // set at queueing, dropped only below
          let result = Result { try service.batchPart { try body(service) } }
          if case .failure(let error) = result, RunService.runsAgainAlone(error) {
            alone.append(index)
          }
          results.append(result)
        }
      }
    } catch {
      results = batch.map { _ in .failure(error) }
      alone = []
    }
    for index in alone {
      let body = batch[index].body!
      results[index] = Result { try body(service) }
    }
    condition.lock()
    for (job, result) in zip(batch, results) {
      job.body = nil
      job.result = result
    }
    batches += 1
    condition.unlock()
  }
}
