import CooktimerCore
import Foundation

/// The `runs` row of a run: the whole value as JSON with sorted keys (so the same run always
/// writes the same bytes), plus the columns queries filter and sort on.
enum RunCodec {
  /// `active`, `finished` or `stopped`, as in the `status` column.
  static func statusName(_ status: RunStatus) -> String {
    switch status {
    case .active: return "active"
    case .finished: return "finished"
    case .stopped: return "stopped"
    }
  }

  static func endedAt(_ status: RunStatus) -> Instant? {
    switch status {
    case .active: return nil
    case .finished(let at), .stopped(let at): return at
    }
  }

  static func encode(_ run: Run, path: String) throws(StoreError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(run), as: UTF8.self)
    } catch {
      throw StoreError(kind: .other, path: path, detail: "a run could not be encoded")
    }
  }

  static func decode(_ json: String, path: String) throws(StoreError) -> Run {
    do {
      return try JSONDecoder().decode(Run.self, from: Data(json.utf8))
    } catch {
      throw StoreError(kind: .corrupt, path: path, detail: "a stored run does not decode")
    }
  }
}
