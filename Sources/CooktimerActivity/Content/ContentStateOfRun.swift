import CooktimerCore

extension CookingContentState {
  /// The content state of `run` at `now` (docs/live-activity.md §1.4). The run is settled to `now`
  /// first, so a stored run can be passed as it is.
  ///
  /// `endDate` per phase: running — the shown timer's end; paused — `Run.endDate(ofTimer:)`
  /// (the end at pausing, moved by `add`); waiting, finished and stopped — `Run.quietSince`.
  /// `nextTimerName`/`nextTimerEndDate`: the live timer that fires after the shown one.
  /// Every text is cut to 80 characters the same way (`StepText.shortened`), whatever the
  /// event: a push never carries more of a name than another push of the same run.
  public init(run: Run, at now: Instant) {
    let run = run.settled(at: now).run
    let phase = ContentPhase(run.phase)
    let shown = phase == .running || phase == .paused ? run.shownTimer : nil
    let shownEnd = shown.flatMap { run.endDate(ofTimer: $0) }
    let second = shown == nil ? nil : run.secondTimer
    let next = run.stepIndex + 1
    self.init(
      phase: phase,
      endDate: shownEnd ?? run.quietSince,
      isPaused: phase == .paused,
      remainingWhenPaused: phase == .paused
        ? shown.flatMap { run.remaining(ofTimer: $0, at: now) } ?? 0 : 0,
      timerName: shown.map { StepText.shortened(run.timers[$0].name, to: 80) } ?? "",
      timerDuration: shown.map { run.timers[$0].totalDuration } ?? 0,
      stepNumber: run.stepNumber,
      stepCount: run.stepCount,
      stepName: StepText.shortened(run.step.text, to: 80),
      nextStepName: run.isActive && next < run.stepCount
        ? StepText.shortened(run.recipe.steps[next].text, to: 80) : "",
      otherTimerCount: shown == nil ? 0 : run.otherLiveTimerCount,
      nextTimerName: second.map { StepText.shortened(run.timers[$0].name, to: 80) },
      nextTimerEndDate: second.flatMap { run.endDate(ofTimer: $0) })
  }
}

extension Run {
  /// The live timer that fires after the shown one (ties in recipe order); `nil` with fewer
  /// than two live timers. Call on a settled run.
  var secondTimer: Int? {
    guard let shown = shownTimer else { return nil }
    var best: (index: Int, end: Int64)?
    for t in timers.indices where t != shown && timers[t].isLive {
      guard let end = endDate(ofTimer: t)?.unixMilliseconds else { continue }
      if best == nil || end < best!.end { best = (t, end) }
    }
    return best?.index
  }
}
