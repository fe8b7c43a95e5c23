/// Alarm lateness side by side: the REPL's scheduling with its own clock; the same with the
/// store writes the REPL makes after alarms; and bare Dispatch timers (the floor). Rounds alternate between them so that machine load falls on
/// all of them alike.
enum LatenessFigures {
  static func measure(_ options: Options) throws -> [Figure] {
    let rounds = options.pick(full: 3, quick: 1)
    let timers = options.pick(full: 300, quick: 120)
    let span: Int64 = options.pick(full: 10_000, quick: 3_000)
    var repl: [[Double]] = []
    var stored: [[Double]] = []
    var dispatch: [[Double]] = []
    for _ in 0..<rounds {
      repl.append(try AlarmLateness(timers: timers, span: span).measure())
      stored.append(try AlarmLateness(timers: timers, span: span, persists: true).measure())
      dispatch.append(try DispatchFloor(timers: timers, span: span).measure())
    }
    return figures("alarm lateness", "early alarms", repl, targets: true)
      + figures(
        "alarm lateness, with store writes", "early alarms, with store writes", stored,
        targets: true)
      + figures("dispatch timer lateness", "early dispatch timers", dispatch)
  }

  /// Median of the rounds' medians and p99s; max, min and early count over all samples.
  static func figures(
    _ name: String, _ earlyName: String, _ rounds: [[Double]], targets: Bool = false
  ) -> [Figure] {
    let all = rounds.flatMap { $0 }
    let median = Stats.median(rounds.map { Stats.median($0) })
    let p99 = Stats.median(rounds.map { Stats.percentile($0, 99) })
    let early = Double(all.filter { $0 < 0 }.count)
    var figures = [
      Figure(name: "\(name) median", value: median, unit: "ms", digits: 2),
      Figure(name: "\(name) p99", value: p99, unit: "ms", digits: 2),
      Figure(name: "\(name) max", value: all.max()!, unit: "ms", digits: 2),
      Figure(name: "\(name) min", value: all.min()!, unit: "ms", digits: 2),
      Figure(name: earlyName, value: early, unit: "of \(all.count)", digits: 0),
    ]
    if targets {
      figures[0].target = .below(1, "ms", median)
      figures[1].target = .below(5, "ms", p99)
      figures[4].target = .atMost(0, "", early)
    }
    return figures
  }
}
