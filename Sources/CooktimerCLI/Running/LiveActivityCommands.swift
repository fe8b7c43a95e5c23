import CooktimerActivity
import CooktimerCore
import CooktimerStore
import Foundation

extension CommandContext {
  /// The bundle id for `apns-topic`: `--topic`, `$COOKTIMER_BUNDLE_ID`, else a placeholder.
  var topic: String {
    options.topic ?? session.environment["COOKTIMER_BUNDLE_ID"] ?? "com.example.cooktimer"
  }

  /// `content [RUN]`: the run's `ActivityContent` now. Reading records nothing.
  func content(_ given: String?) throws -> Output {
    let id = try runID(given)
    guard let run = try store().run(id: id) else { throw CLIError.notFound("no run \"\(id)\"") }
    let data = try ActivityContent(run: run, at: max(now, run.lastChange)).encoded()
    return Output(stdout: String(decoding: data, as: UTF8.self) + "\n")
  }

  /// `payload EVENT [RUN]`: the exact bytes to POST (a newline is added only on a terminal),
  /// or with `--json` `{"headers", "body"}`. Takes the run's next `timestamp`.
  func payload(
    _ event: PushEventName, _ given: String?, dismissal: Dismissal?, priority: Int?
  ) throws -> Output {
    let id = try runID(given)
    let now = self.now
    let options = PushOptions(
      priority: priority.map { PushPriority(rawValue: $0) }, dismissal: dismissal ?? .systemDefault)
    let request = try store().transaction { tx -> PushRequest in
      guard let run = try tx.run(id: id) else { throw CLIError.notFound("no run \"\(id)\"") }
      let at = max(now, run.lastChange)
      if event != .end, !run.settled(at: at).run.isActive {
        throw CoreError.refused(
          runID: id, phase: run.settled(at: at).run.phase,
          message: "\(id) has ended: only `payload end` applies")
      }
      let timestamp = try tx.nextPushTimestamp(runID: id, now: at)
      return try PushRequest.liveActivity(
        PushEvent(rawValue: event.rawValue)!, run: run, at: at, timestamp: timestamp,
        topic: topic, options: options)
    }
    let warnings = request.warnings.map { "cooktimer: \($0)" }
    if json {
      return Output(
        stdout: String(decoding: try request.jsonObject(), as: UTF8.self) + "\n", stderr: warnings)
    }
    let body = String(decoding: request.body, as: UTF8.self)
    return Output(stdout: body + (isatty(STDOUT_FILENO) == 1 ? "\n" : ""), stderr: warnings)
  }

  /// `contract`: the Swift declaration of the app's `ActivityAttributes`.
  func contract() -> Output {
    if json { return Output(stdout: encodeJSON(["declaration": contractDeclaration()]) + "\n") }
    return Output(stdout: contractDeclaration())
  }

  /// `plan RECIPE [--start TIME]`: JSON lines, one push each; `--json`: `{"pushes": [...]}`.
  func plan(_ name: String, start: Instant?) throws -> Output {
    let recipe = try loadRecipe(name)
    let pushes = try planPushes(recipe: recipe.recipe, start: start ?? now, topic: topic)
    let lines = String(decoding: try jsonLines(pushes), as: UTF8.self)
    if json {
      let items = lines.split(separator: "\n").joined(separator: ",")
      return Output(stdout: "{\"pushes\":[\(items)]}\n", stderr: recipe.warnings)
    }
    return Output(stdout: lines, stderr: recipe.warnings)
  }

  /// The push a state change implies, queued in the change's own transaction: `start` for a
  /// new run, `end` once it has ended, otherwise `update`.
  func pushDrafts(
    for run: Run, events: [RunEvent], at now: Instant, tx: StoreTransaction,
    occasion: PushOccasion = .change
  ) throws -> [OutboxDraft] {
    let event: PushEvent
    if events.contains(where: { $0.kind == .started }) {
      event = .start
    } else if !run.isActive {
      event = .end
    } else {
      event = .update
    }
    let timestamp = try tx.nextPushTimestamp(runID: run.id, now: now)
    let request = try PushRequest.liveActivity(
      event, run: run, at: now, timestamp: timestamp, topic: topic,
      options: PushOptions(occasion: occasion))
    let activity = ActivityLifetime.activity(of: run, at: now)
    return [
      OutboxDraft(
        event: event.rawValue, timestamp: timestamp, priority: request.priority.rawValue,
        target: event == .start ? "push-to-start" : String(activity),
        headers: encodeJSON(request.headers), body: String(decoding: request.body, as: UTF8.self),
        createdAt: now)
    ]
  }

  /// The activity change at an 8-hour boundary: `end` for the old activity (dismissed at
  /// once), then `start` by push-to-start for the new one (asking for its token).
  func restartDrafts(for run: Run, at now: Instant, tx: StoreTransaction) throws -> [OutboxDraft] {
    var drafts: [OutboxDraft] = []
    for event in [PushEvent.end, .start] {
      let timestamp = try tx.nextPushTimestamp(runID: run.id, now: now)
      let options =
        event == .end
        ? PushOptions(dismissal: .immediate) : PushOptions(occasion: .activityRestart)
      let request = try PushRequest.liveActivity(
        event, run: run, at: now, timestamp: timestamp, topic: topic, options: options)
      let old = ActivityLifetime.activity(of: run, at: now) - 1
      drafts.append(
        OutboxDraft(
          event: event.rawValue, timestamp: timestamp, priority: request.priority.rawValue,
          target: event == .start ? "push-to-start" : String(old),
          headers: encodeJSON(request.headers), body: String(decoding: request.body, as: UTF8.self),
          createdAt: now))
    }
    return drafts
  }
}

extension Session {
  /// Messages and exit statuses of the other modules' errors (see ``failure(_:json:)``).
  func describeModuleError(_ error: any Error) -> (String, Int32)? {
    switch error {
    case let error as ActivityError:
      if case .refused(let core) = error, case .refused(let id, let phase, let m) = core {
        return (refusalMessage(id, phase, m), ExitStatus.dataError)
      }
      return (error.description, ExitStatus.dataError)
    default:
      return nil
    }
  }
}
