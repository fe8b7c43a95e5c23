import CooktimerCore

/// A run's status or a timer's state as stored: one string each (`"active"`,
/// `"finished:1795975380000"`, `"running:<end ms>"`, `"paused:<remaining ms>"`), far cheaper to
/// decode than nested keyed containers when a `status` reads 100 runs.
struct StoredTag: Codable {
  var name: String
  /// The number after `:`: an instant's or a duration's milliseconds.
  var value: Int64?

  init(_ name: String, _ value: Int64? = nil) {
    self.name = name
    self.value = value
  }

  init(_ status: RunStatus) {
    switch status {
    case .active: self.init("active")
    case .finished(let at): self.init("finished", at.unixMilliseconds)
    case .stopped(let at): self.init("stopped", at.unixMilliseconds)
    }
  }

  init(_ state: RunTimerState) {
    switch state {
    case .waiting: self.init("waiting")
    case .running(let end): self.init("running", end.unixMilliseconds)
    case .paused(let remaining): self.init("paused", remaining)
    case .fired(let at): self.init("fired", at.unixMilliseconds)
    case .skipped(let at): self.init("skipped", at.unixMilliseconds)
    case .cancelled(let at): self.init("cancelled", at.unixMilliseconds)
    }
  }

  func status(_ decoder: Decoder) throws -> RunStatus {
    switch (name, value.map(Instant.init(unixMilliseconds:))) {
    case ("active", nil): return .active
    case ("finished", let at?): return .finished(at: at)
    case ("stopped", let at?): return .stopped(at: at)
    default: throw storedFormError(decoder, text)
    }
  }

  func timerState(_ decoder: Decoder) throws -> RunTimerState {
    switch (name, value) {
    case ("waiting", nil): return .waiting
    case ("running", let v?): return .running(endDate: Instant(unixMilliseconds: v))
    case ("paused", let v?): return .paused(remaining: v)
    case ("fired", let v?): return .fired(at: Instant(unixMilliseconds: v))
    case ("skipped", let v?): return .skipped(at: Instant(unixMilliseconds: v))
    case ("cancelled", let v?): return .cancelled(at: Instant(unixMilliseconds: v))
    default: throw storedFormError(decoder, text)
    }
  }

  private var text: String { value.map { "\(name):\($0)" } ?? name }

  init(from decoder: Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let colon = text.firstIndex(of: ":") else {
      self.init(text)
      return
    }
    guard let value = Int64(text[text.index(after: colon)...]) else {
      throw storedFormError(decoder, text)
    }
    self.init(String(text[..<colon]), value)
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
