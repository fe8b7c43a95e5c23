import CooktimerCore
import Foundation

/// The one JSON encoder of the project: sorted keys (Linux's key order otherwise changes from
/// run to run) and `/` unescaped, so the bytes are stable and what is POSTed; DEL, C1 and
/// bidi controls `\u`-escaped (``JSONSafety``), so no output can steer a terminal.
public enum WireJSON {
  /// - Throws: ``ActivityError/encodingFailed(_:)`` (a non-finite number, say).
  public static func encode<T: Encodable>(_ value: T) throws(ActivityError) -> Data {
    do {
      return JSONSafety.escaped(try encoder.encode(value))
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  /// One encoder for every call (the sender encodes two values per push): its options are
  /// set once and never changed, and `encode` keeps its state per call (swift-foundation's
  /// JSONEncoder is Sendable).
  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// An object from already encoded members, keys sorted: embeds bodies as objects, not strings.
  public static func object(_ members: [String: Data]) throws(ActivityError) -> Data {
    var out = Data("{".utf8)
    for (n, key) in members.keys.sorted().enumerated() {
      if n > 0 { out.append(contentsOf: ",".utf8) }
      out.append(try encode(key))
      out.append(contentsOf: ":".utf8)
      out.append(members[key]!)
    }
    out.append(contentsOf: "}".utf8)
    return out
  }
}

extension WireJSON {
  /// ``encode(_:)`` as a UTF-8 string.
  public static func string<T: Encodable>(_ value: T) throws(ActivityError) -> String {
    String(decoding: try encode(value), as: UTF8.self)
  }
}
