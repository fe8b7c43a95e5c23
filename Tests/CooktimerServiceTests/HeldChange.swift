import CooktimerCore
import CooktimerService
import Foundation

/// A change made on a thread of its own and held open inside its transaction (its writes
/// done, before COMMIT) until ``end()``, so a test can run another change beside it.
final class HeldChange: @unchecked Sendable {
  private let released = DispatchSemaphore(value: 0)
  private let ended = DispatchSemaphore(value: 0)

  /// Returns once the change is held. `rollingBack`: it throws at its end instead of
  /// committing.
  init(
    _ action: RunAction, on runID: String, at now: Instant, by service: RunService,
    rollingBack: Bool = false
  ) {
    struct Undo: Error {}
    let held = DispatchSemaphore(value: 0)
    let handed = Unchecked(service)
    Thread { [released, ended] in
      _ = try? handed.value.perform(action, on: runID, at: now) { _, _ in
        held.signal()
        released.wait()
        if rollingBack { throw Undo() }
      }
      ended.signal()
    }.start()
    held.wait()
  }

  /// Lets the change commit (or roll back) and waits until its thread is done.
  func end() {
    released.signal()
    ended.wait()
  }
}

/// A value handed to another thread by a test that orders the two threads itself.
final class Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
