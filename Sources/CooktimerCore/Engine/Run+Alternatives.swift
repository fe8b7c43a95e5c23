extension Run {
  /// The alternatives of timer `t` ("soft 6 min or hard 10 min") that `begin` can still
  /// start: the others of its group in the current step, skipped, while none of the group
  /// has run (as ``startTimer(_:duration:at:)`` allows). Indices into ``timers``, in order;
  /// empty when `t` has no alternatives or one of them has run.
  public func startableAlternatives(of t: Int) -> [Int] {
    guard status == .active, timers.indices.contains(t), timers[t].step == stepIndex else {
      return []
    }
    let group = alternatives(of: t)
    guard group.count > 1, !group.contains(where: { timers[$0].state.isEnded }) else { return [] }
    return group.filter { $0 != t && timers[$0].state.isSkipped }
  }
}
