// Swift Testing is there for `swift test` only: the benchmark, a release executable that
// also links this target, builds without it.
#if canImport(Testing)
  import Foundation
  import Testing

  /// Runs each test of a suite on a thread of its own instead of one of Swift concurrency's
  /// cooperative threads (as many as there are cores). The suite's tests block while they
  /// wait: for a process (`cooktimer`, the APNs stand-in), a socket, a pseudo-terminal. On
  /// two cores two such tests would otherwise hold the whole pool and every other test
  /// would wait behind them; on threads of their own they wait side by side and the pool
  /// stays free for the tests that compute. The test still runs in its own task (task-local
  /// values, so issues are recorded against it, are kept): only the executor changes
  /// (SE-0417 task executor preference).
  public struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
      for test: Test, testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      guard testCase != nil else { return try await function() }
      await OwnThreadGate.shared.enter()
      do {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
      } catch {
        await OwnThreadGate.shared.leave()
        throw error
      }
      await OwnThreadGate.shared.leave()
    }
  }

  /// At most ``width`` tests on threads of their own at once: more would start processes in
  /// bursts that starve the tests that measure time (`.timing`) of the two cores.
  actor OwnThreadGate {
    static let shared = OwnThreadGate()
    /// 6, or `COOKTIMER_TEST_THREADS` (for a machine with more cores or more load).
    static let width =
      ProcessInfo.processInfo.environment["COOKTIMER_TEST_THREADS"].flatMap(Int.init).map {
        max(1, $0)
      } ?? 6
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
      if running < Self.width {
        running += 1
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the first test waiting, else frees it.
    func leave() {
      if waiting.isEmpty {
        running -= 1
      } else {
        waiting.removeFirst().resume()
      }
    }
  }

  extension Trait where Self == OwnThreadTrait {
    /// Each test of the suite on a thread of its own (``OwnThreadTrait``): for suites whose
    /// tests spend their time waiting on other processes or the network.
    public static var ownThread: Self { OwnThreadTrait() }
  }

  /// A task executor that runs every job it is given on a new thread: a blocked job blocks
  /// only its own thread. Jobs of one test are few (one per resumption), so the threads are.
  final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      let thread = Thread { job.runSynchronously(on: executor) }
      thread.stackSize = 8 << 20  // as the main thread's: deep recursion in a test is fine
      thread.start()
    }
  }
#endif
