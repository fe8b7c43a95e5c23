import CooktimerCore
import Foundation

/// What ActivityKit's `ActivityContent(state:staleDate:relevanceScore:)` holds for a run at
/// an instant: the JSON of `cooktimer content`.
///
/// Wire form: `{"state": ContentState, "staleDate": seconds since 2001-01-01T00:00:00Z
/// (absent when there is none), "relevanceScore": Number}` — dates as a default
/// `JSONDecoder` reads them.
public struct ActivityContent: Hashable, Sendable {
  /// The app's content state.
  public var state: CookingContentState
  /// When the view turns "done" without a push: the shown timer's end while running
  /// (docs/live-activity.md §5), exact to the millisecond; `nil` in every other phase.
  public var staleDate: Instant?
  /// See ``CookingContentState/relevanceScore(at:)``.
  public var relevanceScore: Double

  public init(state: CookingContentState, staleDate: Instant?, relevanceScore: Double) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }

  /// The content of `run` at `now` (settled to `now` first).
  public init(run: Run, at now: Instant) {
    let state = CookingContentState(run: run, at: now)
    self.init(
      state: state, staleDate: state.phase == .running ? state.endDate : nil,
      relevanceScore: state.relevanceScore(at: now))
  }

  /// The JSON bytes: sorted keys, slashes not escaped.
  public func encoded() throws(ActivityError) -> Data {
    try WireJSON.encode(self)
  }
}

extension ActivityContent: Encodable {
  private enum CodingKeys: String, CodingKey {
    case state, staleDate, relevanceScore
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(state, forKey: .state)
    try container.encodeIfPresent(staleDate?.referenceDateSeconds, forKey: .staleDate)
    try container.encode(relevanceScore, forKey: .relevanceScore)
  }
}
