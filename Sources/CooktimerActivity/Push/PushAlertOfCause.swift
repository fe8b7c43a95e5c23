extension PushAlert {
  /// The alert a push with `cause` carries for `state`, or `nil` when its rule has none
  /// (``PushRule``). The recipe's own words (title, step, timer names) are the arguments.
  ///
  /// - run started: "Spaghetti — started" / "Step 1 of 3: …".
  /// - activity replaced: "Bread — still cooking" / the step; no sound.
  /// - timers fired: "Spaghetti — Nudeln done", then what the card now shows: the timer
  ///   that runs on, "time for the next step" (or "to finish" on the last), or "All 3 steps
  ///   done." when the run finished by itself.
  static func of(
    _ cause: PushCause, state: CookingContentState, recipeName: String,
    language: AlertLanguage, style: AlertStyle
  ) -> PushAlert? {
    let rule = PushRule.of(cause)
    guard rule.alerts else { return nil }
    let step = [String(state.stepNumber), String(state.stepCount), state.stepName]
    let title: AlertMessage
    var body = AlertMessage(key: "COOKTIMER_STEP", arguments: step)
    switch cause {
    case .activityReplaced:
      title = AlertMessage(key: "COOKTIMER_STILL_COOKING", arguments: [recipeName])
    case .timersFired(let names):
      let named = names.filter { !$0.isEmpty }
      title =
        named.isEmpty
        ? AlertMessage(key: "COOKTIMER_TIMER_DONE_UNNAMED", arguments: [recipeName])
        : AlertMessage(
          key: "COOKTIMER_TIMER_DONE", arguments: [recipeName, named.joined(separator: ", ")])
      body = firedBody(state, step)
    default:
      title = AlertMessage(key: "COOKTIMER_STARTED", arguments: [recipeName])
    }
    let sound = rule.sound ? "default" : nil
    switch style {
    case .text:
      return PushAlert(title: title.text(in: language), body: body.text(in: language), sound: sound)
    case .locKeys:
      return PushAlert(
        titleLocKey: title.key, titleLocArgs: title.arguments, locKey: body.key,
        locArgs: body.arguments, sound: sound)
    }
  }

  /// What follows a fire, as the new state says.
  private static func firedBody(_ state: CookingContentState, _ step: [String]) -> AlertMessage {
    switch state.phase {
    case .running, .paused:
      guard !state.timerName.isEmpty else {
        return AlertMessage(key: "COOKTIMER_STEP", arguments: step)
      }
      return AlertMessage(key: "COOKTIMER_STEP_TIMER_RUNNING", arguments: step + [state.timerName])
    case .waiting:
      let last = state.stepNumber >= state.stepCount
      return AlertMessage(
        key: last ? "COOKTIMER_STEP_FINISH" : "COOKTIMER_STEP_NEXT", arguments: step)
    case .finished, .stopped:
      return state.stepCount == 1
        ? AlertMessage(key: "COOKTIMER_DONE", arguments: [])
        : AlertMessage(key: "COOKTIMER_ALL_DONE", arguments: [String(state.stepCount)])
    }
  }
}
