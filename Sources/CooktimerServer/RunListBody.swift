import CooktimerCore
import CooktimerHTTP
import CooktimerService
import Foundation

/// The body of `GET /v1/runs` (a ``StatusDocument``), encoded once per state of the runs and
/// filled in per request (docs/architecture.md §6).
///
/// Between two stored changes, and before the first running timer ends, the document of
/// every run stays the same but for one thing: each running timer's `remaining`, which is
/// its end date minus now. So the body is encoded once with a marker in those places, cut
/// there, and each request joins the pieces with its own `remaining` values. The result is
/// byte for byte what encoding the document at that instant gives (a test compares them
/// across many runs and instants).
struct RunListBody: Sendable {
  /// The pieces between the running timers' `remaining` values; one more than `ends`.
  private let pieces: [Data]
  /// The running timers' end dates, Unix ms, in the order they appear in the body.
  private let ends: [Int64]
  /// The first instant the pieces hold for: the build's instant, or a later last change.
  let validFrom: Instant
  /// The first running timer's end (something changes by itself then); `nil`: none runs.
  let validUntil: Instant?

  /// Whether the body at `now` is these pieces filled in.
  func holds(at now: Instant) -> Bool {
    now >= validFrom && validUntil.map { now < $0 } ?? true
  }

  /// The document of `runs` (settled at `now`, as ``RunService/activeRuns(at:)`` gives
  /// them) at `now`, kept as pieces; `nil` when it cannot be cut (a marker did not land
  /// where expected) — then encode the document directly.
  init?(runs: [Run], at now: Instant) throws {
    var document = StatusDocument(runs, at: now)
    var ends: [Int64] = []
    var until: Instant?
    var from = now
    for (r, run) in runs.enumerated() {
      from = max(from, run.lastChange)
      for t in run.timers.indices {
        guard case .running(let end) = run.timers[t].state else { continue }
        document.runs[r].timers[t].remaining = Self.marker
        ends.append(end.unixMilliseconds)
      }
      if let due = run.nextDue { until = min(until ?? due, due) }
    }
    let body = try HTTPResponse.makeJSONEncoder().encode(document)
    var pieces: [Data] = []
    var start = body.startIndex
    for found in body.ranges(of: Self.key + Self.markerText) {
      pieces.append(Data(body[start..<found.lowerBound]) + Self.key)
      start = found.upperBound
    }
    pieces.append(Data(body[start...]))
    guard pieces.count == ends.count + 1 else { return nil }
    self.pieces = pieces
    self.ends = ends
    self.validFrom = from
    self.validUntil = until
  }

  /// The body at `now`; call only when ``holds(at:)``.
  func body(at now: Instant) -> Data {
    var body = Data()
    body.reserveCapacity(pieces.reduce(ends.count * 12) { $0 + $1.count })
    body.append(pieces[0])
    for (i, end) in ends.enumerated() {
      body.append(contentsOf: Self.seconds(max(0, end - now.unixMilliseconds)).utf8)
      body.append(pieces[i + 1])
    }
    return body
  }

  /// Milliseconds as the seconds JSONEncoder writes for `Double(ms) / 1000`: Swift's
  /// shortest round-trip form, without a trailing `.0`.
  static func seconds(_ milliseconds: Int64) -> String {
    var text = (Double(milliseconds) / 1000).description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// A `remaining` no timer has (negative), written where the running ones' go.
  private static let marker = -0.000123456789
  private static let markerText = Data("-0.000123456789".utf8)
  /// The key before the marker: looked for together, so text inside a string (where every
  /// `"` is escaped) can never match.
  private static let key = Data("\"remaining\":".utf8)
}
