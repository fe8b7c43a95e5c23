import CooktimerCore

/// The free texts of a push body, and the rule that shortens them when the body is over
/// APNs' 4096 bytes.
///
/// Rule: in rounds with limits of 80, 40, 20, 10, then 0 characters, cut `nextStepName`,
/// then `stepName`, then the timer names (shown, second, fired), then `recipeName` to the
/// round's limit (`StepText.shortened(_:to:)`), re-measuring the whole body after each cut
/// and stopping as soon as it fits. Alerts are rebuilt from the shortened texts. At limit 0
/// only fixed-size data is left, so only an oversized `attributes-type` can still be too large.
struct PushTexts {
  enum Field: CaseIterable {
    case nextStepName, stepName, timerName, recipeName
  }

  var state: CookingContentState
  var recipeName: String
  var cause: PushCause

  static let shorteningSteps: [(Field, Int)] = [80, 40, 20, 10, 0].flatMap { limit in
    Field.allCases.map { ($0, limit) }
  }

  mutating func shorten(_ step: (Field, Int)) {
    let (field, limit) = step
    switch field {
    case .nextStepName: state.nextStepName = StepText.shortened(state.nextStepName, to: limit)
    case .stepName: state.stepName = StepText.shortened(state.stepName, to: limit)
    case .timerName:
      state.timerName = StepText.shortened(state.timerName, to: limit)
      state.nextTimerName = state.nextTimerName.map { StepText.shortened($0, to: limit) }
      if case .timersFired(let names) = cause {
        cause = .timersFired(names.map { StepText.shortened($0, to: limit) })
      }
    case .recipeName: recipeName = StepText.shortened(recipeName, to: limit)
    }
  }
}
