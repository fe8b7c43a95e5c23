extension Run {
  /// The phase as stored (call on a run settled to the instant you ask about).
  ///
  /// `finished`/`stopped` after the end; `paused` while paused; `running` while a timer
  /// counts; `waiting` when no timer is live (docs/live-activity.md §1.4 "phase").
  public var phase: RunPhase {
    switch status {
    case .finished: return .finished
    case .stopped: return .stopped
    case .active:
      if pausedAt != nil { return .paused }
      return timers.contains(where: \.isLive) ? .running : .waiting
    }
  }

  /// True while running, paused or waiting.
  public var isActive: Bool { status == .active }

  /// When the run finished or stopped; `nil` while active.
  public var endedAt: Instant? {
    switch status {
    case .active: return nil
    case .finished(let at), .stopped(let at): return at
    }
  }

  /// The timer's end date: running — when it fires; paused — the end it had at the moment
  /// of pausing, moved by any `add` since; fired — when it fired. `nil` otherwise.
  public func endDate(ofTimer t: Int) -> Instant? {
    switch timers[t].state {
    case .running(let end), .fired(let end): return end
    case .paused(let remaining): return pausedAt.map { $0 + remaining }
    default: return nil
    }
  }

  /// Milliseconds left on timer `t` at `now` (never negative); `nil` unless running or paused.
  public func remaining(ofTimer t: Int, at now: Instant) -> Int64? {
    switch timers[t].state {
    case .running(let end): return max(0, end - now)
    case .paused(let remaining): return remaining
    default: return nil
    }
  }

  /// The shown timer: the live (running or paused) timer that fires soonest, from any step;
  /// on a tie the first in the recipe (docs/live-activity.md §1.4). Call on a settled run.
  public var shownTimer: Int? {
    var best: (index: Int, left: Int64)?
    for t in timers.indices {
      guard timers[t].isLive, let end = endDate(ofTimer: t) else { continue }
      let left = end.unixMilliseconds
      if best == nil || left < best!.left { best = (t, left) }
    }
    return best?.index
  }

  /// The earliest end date of a running timer: when the run next needs attention.
  /// `nil` while paused, waiting or ended.
  public var nextDue: Instant? {
    guard status == .active, pausedAt == nil, let t = nextToFire() else { return nil }
    return endDate(ofTimer: t)
  }

  /// When the shown content runs out (docs/live-activity.md §5): running → the shown timer's end;
  /// paused, waiting, finished → `nil`.
  public var staleDate: Instant? {
    guard phase == .running, let t = shownTimer else { return nil }
    return endDate(ofTimer: t)
  }

  /// The instant the run's content refers to when no timer is live: waiting since
  /// (the step's start or the last live timer's end), or the end of a finished run.
  public var quietSince: Instant {
    endedAt ?? idleSince ?? stepStartedAt
  }

  /// Live timers of the run other than the shown one.
  public var otherLiveTimerCount: Int {
    max(0, timers.filter(\.isLive).count - 1)
  }
}
