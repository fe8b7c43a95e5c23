import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

/// The application layer: every use case of a run, whole, for every front end (REPL, CLI,
/// sender, HTTP server). Each change runs in one store transaction: select the run, record
/// what happened by itself since its last change (with its pushes), apply the action, queue
/// the push it implies, save — the run read once, in one transaction (docs/architecture.md §4).
///
/// Instants are Unix milliseconds; a `now` before a run's last change is taken as that
/// change's instant (history never reorders). Not thread-safe: one per thread, as the store.
public final class RunService {
  /// The store, for the sender (application layer: it claims and records pushes) and the
  /// benchmark; front ends reach it only through the service's use cases (`.ci/check-layers`).
  package let store: RunStore
  public let clock: any Clock
  /// The zone clock times (`begin … until 18:42`) are read in.
  public let zone: TimeZone
  public var settings: PushSettings
  let makeAPNsID: @Sendable () -> String

  /// - Parameter makeAPNsID: a fresh `apns-id` per queued push (default: a random UUID).
  public init(
    store: RunStore, clock: any Clock = SystemClock(), zone: TimeZone = .current,
    settings: PushSettings = PushSettings(),
    makeAPNsID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
  ) {
    self.store = store
    self.clock = clock
    self.zone = zone
    self.settings = settings
    self.makeAPNsID = makeAPNsID
  }

  /// The result of a change: the run after it (settled at `at`), what the engine reported,
  /// the instant it took effect, and for `begin … until` the end it resolved.
  public struct Outcome: Sendable {
    public var run: Run
    public var change: Change
    public var at: Instant
    public var resolvedEnd: Instant?
  }

  /// Something a front end records in the same transaction as a change, after it (the HTTP
  /// server's stored answer to an `Idempotency-Key`, docs/api.md §2): if it throws, the
  /// change rolls back too.
  public typealias Finish<T> = (T, ChangeTransaction) throws -> Void

  /// Starts a run of `recipe` at step 1 and queues its `start` push.
  ///
  /// - Throws: ``ServiceError/core(_:)`` (`invalidRecipe`) for a recipe with no step;
  ///   ``ServiceError/activity(_:)`` when the start push cannot be built;
  ///   ``ServiceError/database(_:)``. Nothing is written then.
  public func start(_ recipe: Recipe, autoAdvance: Bool, at now: Instant? = nil)
    throws(ServiceError) -> Run
  {
    do {
      return try start(recipe, autoAdvance: autoAdvance, at: now, finishing: nil)
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// ``start(_:autoAdvance:at:)`` with `finish` run last, inside the same transaction.
  ///
  /// - Throws: as ``start(_:autoAdvance:at:)``, or `finish`'s own error as it threw it;
  ///   nothing is written then.
  public func start(
    _ recipe: Recipe, autoAdvance: Bool, at now: Instant? = nil,
    finish: @escaping Finish<Run>
  ) throws -> Run {
    try start(recipe, autoAdvance: autoAdvance, at: now, finishing: finish)
  }

  private func start(
    _ recipe: Recipe, autoAdvance: Bool, at now: Instant?, finishing finish: Finish<Run>?
  ) throws -> Run {
    let now = now ?? clock.now()
    return try changing { tx in
      let settings = try self.settings.resolved(tx, remember: true)
      let id = try tx.newRunID()
      let (run, events) = try Run.start(id: id, recipe: recipe, autoAdvance: autoAdvance, at: now)
      let before = try Rescoring.ranking(tx)
      try tx.insert(run, events: events)
      var lifetime = ActivityLifetime(startedAt: now)
      let moments = ActivityPushes.change(run, cause: .runStarted, lifetime: &lifetime, at: now)
      try tx.setActivityRecord(ActivityRecord(lifetime), runID: id)
      let after = try Rescoring.ranking(tx)
      let queue = PushQueue(settings: settings, makeAPNsID: makeAPNsID)
      try queue.enqueue(moments, runID: id, ranking: after, tx: tx)
      try Rescoring.rescore(from: before, to: after, except: id, at: now, queue: queue, tx: tx)
      try finish?(run, ChangeTransaction(tx: tx))
      return run
    }
  }

  /// Applies `action` to the run named `given` (or the only active run), in one transaction.
  ///
  /// - Throws: ``ServiceError/noSuchRun(_:)``, ``ServiceError/noActiveRun``,
  ///   ``ServiceError/severalActiveRuns(_:)``, ``ServiceError/noSuchTimer(run:timer:)``,
  ///   ``ServiceError/invalid(_:)`` for a run or timer that is not there or not one;
  ///   ``ServiceError/core(_:)`` when the run's state refuses (`refused`) or an `until` time
  ///   does not exist (`invalidTime`); ``ServiceError/activity(_:)`` when its push cannot be
  ///   built; ``ServiceError/database(_:)``. Nothing is written then.
  public func perform(_ action: RunAction, on given: String?, at now: Instant? = nil)
    throws(ServiceError) -> Outcome
  {
    do {
      return try perform(action, on: given, at: now, finishing: nil)
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// ``perform(_:on:at:)`` with `finish` run last inside its transaction, also when the
  /// action changed nothing.
  ///
  /// - Throws: as ``perform(_:on:at:)``, or `finish`'s own error as it threw it; nothing is
  ///   written then.
  public func perform(
    _ action: RunAction, on given: String?, at now: Instant? = nil,
    finish: @escaping Finish<Outcome>
  ) throws -> Outcome {
    try perform(action, on: given, at: now, finishing: finish)
  }

  private func perform(
    _ action: RunAction, on given: String?, at now: Instant?, finishing finish: Finish<Outcome>?
  ) throws -> Outcome {
    let now = now ?? clock.now()
    return try changing(lockingRuns: true) { tx in
      let settings = try self.settings.resolved(tx, remember: true)
      let (stored, settled) = try selectSettling(given, tx: tx, at: now, locking: true)
      let at = max(now, stored.lastChange)
      var keeper = try ActivityKeeper(stored, tx: tx, settings: settings, makeAPNsID: makeAPNsID)
      var run = try keeper.catchUp(stored, settled: settled, through: at, tx: tx)
      var resolvedEnd: Instant?
      let change = try apply(action, to: &run, at: at, resolvedEnd: &resolvedEnd)
      if change.changedState {
        try keeper.record(
          run, events: change.events, cause: .cook(action.cookAction), at: at, tx: tx)
      }
      let outcome = Outcome(run: run, change: change, at: at, resolvedEnd: resolvedEnd)
      try finish?(outcome, ChangeTransaction(tx: tx))
      return outcome
    }
  }

  /// Records what happened by itself to every active run (or those in `ids`) up to `now`,
  /// with the pushes each fire or renewal implies, in one transaction. With `notified`, also
  /// moves the runs' alarm watermarks to `now` (the REPL has rung them).
  ///
  /// - Throws: ``ServiceError/database(_:)``; ``ServiceError/activity(_:)`` when a push of
  ///   a fire cannot be built (nothing is written then).
  public func catchUpAll(
    through now: Instant? = nil, only ids: Set<String>? = nil, notified: Bool = false
  ) throws(ServiceError) {
    let now = now ?? clock.now()
    try writing { tx in
      let settings = try self.settings.resolved(tx, remember: false)
      // Only the runs named are read: the REPL names the few that rang, not 50,000.
      let runs = try ids.map { try tx.activeRuns(ids: $0) } ?? tx.activeRuns()
      for run in runs {
        var keeper = try ActivityKeeper(run, tx: tx, settings: settings, makeAPNsID: makeAPNsID)
        try keeper.catchUp(run, through: max(now, run.lastChange), tx: tx)
        if notified { _ = try tx.advanceAlarmWatermark(runID: run.id, through: now) }
      }
    }
  }

  /// The settings in force (given, else stored), without storing anything.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func settingsInForce() throws(ServiceError) -> PushSettings {
    try reading { tx in try settings.resolved(tx, remember: false) }
  }

  private func apply(
    _ action: RunAction, to run: inout Run, at now: Instant, resolvedEnd: inout Instant?
  ) throws -> Change {
    switch action {
    case .pause: return try run.pause(at: now)
    case .resume: return try run.resume(at: now)
    case .next: return try run.next(at: now)
    case .restart: return try run.restartStep(at: now)
    case .stop: return try run.stop(at: now)
    case .add(let ms, nil): return try run.add(ms, at: now)
    case .add(let ms, let timer?):
      return try run.add(ms, toTimer: try index(timer, in: run), at: now)
    case .skip(let timer): return try run.skipTimer(try index(timer, in: run), at: now)
    case .cancel(let timer): return try run.cancelTimer(try index(timer, in: run), at: now)
    case .begin(.suggested(let number), let length):
      guard length == nil else {
        throw ServiceError.invalid(
          "s\(number) runs for the time its step names; `begin s\(number)` takes no length")
      }
      // A label the step does not offer is no such timer (66, 404), as a number past the
      // list is; the engine's own refusal is for a suggestion it cannot start.
      if run.isActive, !run.step.suggested.contains(where: { $0.number == number }) {
        throw ServiceError.noSuchTimer(run: run.id, timer: "s\(number)")
      }
      return try run.beginSuggested(number, at: now)
    case .begin(let timer, let length):
      var ms: Int64?
      switch length {
      case .duration(let d)?: ms = d
      case .until(let text)?:
        let end = try DurationText.clockTime(text, after: now, timeZone: zone)
        resolvedEnd = end
        ms = end - now
      case nil: ms = nil
      }
      return try run.startTimer(try index(timer, in: run), duration: ms, at: now)
    }
  }
}

extension ActivityRecord {
  init(_ lifetime: ActivityLifetime) {
    self.init(number: lifetime.activity, startedAt: lifetime.startedAt, isAlive: lifetime.isAlive)
  }
}

extension RunService {
  /// Catches up only the runs with something due by `now` (a timer's end, an activity's
  /// renewal) — what a sender does at each wake, cheaply with thousands of runs.
  ///
  /// - Throws: ``ServiceError/database(_:)``; ``ServiceError/activity(_:)`` when a push of
  ///   a fire cannot be built (nothing is written then).
  public func catchUpDue(through now: Instant? = nil) throws(ServiceError) {
    do {
      _ = try catchUpDue(through: now) { _ in }
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// ``catchUpDue(through:)`` with `then` run last in the same write transaction, so what it
  /// writes is durable with the catch-up's one commit: the sender claims the pushes the
  /// catch-up queued there (a timer's push then waits for one `fdatasync`, not two).
  ///
  /// - Returns: `then`'s result, or `nil` when nothing was due (no transaction, `then` not run).
  /// - Throws: as ``catchUpDue(through:)``, or `then`'s own error as it threw it; nothing is
  ///   written then.
  package func catchUpDue<T>(through now: Instant? = nil, then: (StoreTransaction) throws -> T)
    throws -> T?
  {
    let now = now ?? clock.now()
    // Looked for in a read first: a sender's round with nothing due (most rounds) then takes
    // no schema-wide write lock, which other senders' claims would queue behind.
    let span = ActivityLifetime().span
    guard try reading({ tx in try !tx.runsDue(at: now, activitySpan: span).isEmpty }) else {
      return nil
    }
    return try changing { tx in
      let settings = try self.settings.resolved(tx, remember: false)
      for run in try tx.runsDue(at: now, activitySpan: span) {
        var keeper = try ActivityKeeper(run, tx: tx, settings: settings, makeAPNsID: makeAPNsID)
        try keeper.catchUp(run, through: max(now, run.lastChange), tx: tx)
      }
      return try then(tx)
    }
  }

  /// When something next happens by itself to any run: the earliest running timer's end or
  /// activity renewal; `nil` when nothing is scheduled.
  ///
  /// - Throws: ``ServiceError/database(_:)``.
  public func nextWake() throws(ServiceError) -> Instant? {
    try reading { tx in try tx.nextWake(activitySpan: ActivityLifetime().span) }
  }
}
