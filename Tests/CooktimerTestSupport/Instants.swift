import CooktimerCore

/// The instant every test's injected clock starts from: 2026-11-29T18:00:00Z, a Sunday
/// evening (1,795,975,200,000 ms since 1970).
public let t0 = Instant(unixMilliseconds: 1_795_975_200_000)

/// ``t0`` as RFC 3339 text, the form the CLI's `COOKTIMER_NOW` takes.
public let t0Text = "2026-11-29T18:00:00Z"
