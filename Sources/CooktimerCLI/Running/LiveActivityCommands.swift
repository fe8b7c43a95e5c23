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
    let run = try run(given)
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
    let activity = ActivityLifetime.activity(of: run, at: now)
    return [
      try draft(event, run, at: now, tx: tx, activity: activity, PushOptions(occasion: occasion))
    ]
  }

  /// The activity change at an 8-hour boundary: `end` for the old activity (dismissed at
  /// once), then `start` by push-to-start for the new one (asking for its token).
  func restartDrafts(for run: Run, at now: Instant, tx: StoreTransaction) throws -> [OutboxDraft] {
    let old = ActivityLifetime.activity(of: run, at: now) - 1
    return [
      try draft(.end, run, at: now, tx: tx, activity: old, PushOptions(dismissal: .immediate)),
      try draft(
        .start, run, at: now, tx: tx, activity: old + 1, PushOptions(occasion: .activityRestart)),
    ]
  }

  /// One queued push: the run's next timestamp, the request, and its target (`push-to-start`
  /// for a start, else the activity's number).
  private func draft(
    _ event: PushEvent, _ run: Run, at now: Instant, tx: StoreTransaction, activity: Int,
    _ options: PushOptions
  ) throws -> OutboxDraft {
    let timestamp = try tx.nextPushTimestamp(runID: run.id, now: now)
    let request = try PushRequest.liveActivity(
      event, run: run, at: now, timestamp: timestamp, topic: topic, options: options)
    return OutboxDraft(
      event: event.rawValue, timestamp: timestamp, priority: request.priority.rawValue,
      target: event == .start ? "push-to-start" : String(activity),
      headers: encodeJSON(request.headers), body: String(decoding: request.body, as: UTF8.self),
      createdAt: now)
  }
}
