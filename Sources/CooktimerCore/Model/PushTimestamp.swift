/// The `aps.timestamp` for a push built at `now`, given the previous one of the same run:
/// `max(floor(now in Unix seconds), previous + 1)`.
///
/// The phone ignores an update older than one it has applied, so timestamps must rise
/// strictly, also for two pushes in the same second (docs/live-activity.md §3.5). The store keeps
/// `previous` across processes and takes the next one with this rule; `plan` previews with it.
public func nextTimestamp(now: Instant, previous: Int64?) -> Int64 {
  let seconds = now.floorUnixSeconds
  guard let previous else { return seconds }
  return max(seconds, previous + 1)
}
