import CooktimerCore

/// When an ended activity leaves the Lock Screen (`aps.dismissal-date` of an `end` push).
public enum Dismissal: Hashable, Sendable {
  /// No `dismissal-date`: the system's default (up to 4 hours).
  case systemDefault
  /// At once: `dismissal-date` is one second before `now` (whole Unix seconds, floored),
  /// a date already past when the phone receives it.
  case immediate
  /// At `Instant`, rounded up to whole Unix seconds; capped at the end push's
  /// `timestamp` + 4 h (Apple's four-hour window), with a warning.
  case at(Instant)

  /// The longest Apple allows after the end, in seconds.
  public static let window: Int64 = 4 * 3600

  /// The `dismissal-date` for an end push with `timestamp`, built at `now`, and a warning
  /// when the requested date was capped.
  func date(timestamp: Int64, now: Instant) -> (seconds: Int64?, warning: String?) {
    switch self {
    case .systemDefault:
      return (nil, nil)
    case .immediate:
      return (now.floorUnixSeconds - 1, nil)
    case .at(let instant):
      let requested = instant.ceilUnixSeconds
      let cap = timestamp + Dismissal.window
      guard requested > cap else { return (requested, nil) }
      let capped = Instant(unixMilliseconds: cap * 1000)
      return (
        cap,
        "dismissal date \(instant.description) is more than 4 h after the end; capped at \(capped.description)"
      )
    }
  }
}
