/// The `aps.alert` of a push: what the phone says aloud or on screen.
public struct PushAlert: Hashable, Sendable, Codable {
  public var title: String
  public var body: String
  /// `"default"`: the phone's alert sound.
  public var sound: String

  public init(title: String, body: String, sound: String = "default") {
    self.title = title
    self.body = body
    self.sound = sound
  }
}

extension PushAlert {
  /// The alert for a push of `state`, or `nil` when none is due: start — what to do first;
  /// an update or end into waiting — the timer is done, what to do ("time for the next step");
  /// into finished — done. Running and paused updates carry none.
  ///
  /// English framing around the recipe's own words (names are shown as written), e.g.
  /// "Spaghetti — Nudeln done" / "Step 3 of 4: Abgießen — time for the next step".
  static func make(
    event: PushEvent, state: CookingContentState, recipeName: String, firedTimerName: String?,
    occasion: PushOccasion = .change, stopped: Bool = false
  ) -> PushAlert? {
    let step = "Step \(state.stepNumber) of \(state.stepCount): \(state.stepName)"
    if occasion == .activityRestart { return nil }
    if stopped && state.phase == .finished {
      return PushAlert(
        title: "\(recipeName) — stopped",
        body: "Stopped at step \(state.stepNumber) of \(state.stepCount).")
    }
    if occasion == .stepStarted && event == .update && state.phase == .running {
      return PushAlert(
        title: "\(recipeName) — step \(state.stepNumber) of \(state.stepCount)", body: step)
    }
    switch (event, state.phase) {
    case (.start, .finished):
      return PushAlert(title: "\(recipeName) — done", body: step)
    case (.start, _):
      return PushAlert(title: "\(recipeName) — started", body: step)
    case (_, .waiting):
      let title: String
      switch firedTimerName {
      case nil: title = "\(recipeName) — step \(state.stepNumber) of \(state.stepCount)"
      case ""?: title = "\(recipeName) — timer done"
      case let name?: title = "\(recipeName) — \(name) done"
      }
      // Shown on the Lock Screen: words for a cook, not commands to type.
      let then = state.stepNumber < state.stepCount ? "time for the next step" : "time to finish"
      return PushAlert(title: title, body: "\(step) — \(then)")
    case (_, .finished):
      return PushAlert(
        title: "\(recipeName) — done",
        body: state.stepCount == 1 ? "Done." : "All \(state.stepCount) steps done.")
    case (_, .running), (_, .paused):
      return nil
    }
  }
}
