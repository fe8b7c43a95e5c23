/// Delays between retries of one push: 1 s doubling to at most 60 s, then ±20 % jitter so
/// many senders that failed together do not retry together (delivery.md §4).
///
/// The jitter is given, so the delays are exact in tests.
public struct APNsBackoff: Hashable, Sendable {
  /// The first delay, seconds.
  public var initial: Double
  /// The longest delay before jitter, seconds.
  public var maximum: Double
  /// The jitter's share of the delay: 0.2 stretches or shrinks it by up to 20 %.
  public var jitter: Double

  public init(initial: Double = 1, maximum: Double = 60, jitter: Double = 0.2) {
    self.initial = initial
    self.maximum = maximum
    self.jitter = jitter
  }

  /// The delay in seconds before retry `attempt` (1 for the first retry), for a jitter
  /// `unit` in -1...1 (clamped): `min(initial·2^(attempt−1), maximum) · (1 + jitter·unit)`.
  /// An attempt below 1 counts as 1.
  public func delay(attempt: Int, jitterUnit unit: Double) -> Double {
    let doublings = min(max(attempt, 1) - 1, 62)
    let base = min(initial * Double(sign: .plus, exponent: doublings, significand: 1), maximum)
    return base * (1 + jitter * min(max(unit, -1), 1))
  }

  /// ``delay(attempt:jitterUnit:)`` with a unit drawn uniformly from `generator`.
  public func delay(attempt: Int, using generator: inout some RandomNumberGenerator) -> Double {
    delay(attempt: attempt, jitterUnit: Double.random(in: -1...1, using: &generator))
  }
}
