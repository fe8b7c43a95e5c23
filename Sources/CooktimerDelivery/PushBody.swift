import CooktimerCore
import Foundation

/// Edits of a stored push body: a retry's fresh `aps.timestamp`, and the alert of a
/// superseded push carried into the newest one (docs/delivery.md §3). Keys stay sorted and
/// slashes unescaped, as the body was written.
enum PushBody {
  static func edited(
    _ body: String, timestamp: Int64? = nil, alert: Any? = nil
  ) -> String {
    guard
      var object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
      var aps = object["aps"] as? [String: Any]
    else { return body }
    if let timestamp { aps["timestamp"] = timestamp }
    if let alert, aps["alert"] == nil { aps["alert"] = alert }
    object["aps"] = aps
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return body }
    // JSONSerialization leaves DEL, C1 and bidi controls raw; the body was written escaped.
    return String(decoding: JSONSafety.escaped(data), as: UTF8.self)
  }

  /// The body's `aps.alert`, if it has one.
  static func alert(of body: String) -> Any? {
    let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
    return (object?["aps"] as? [String: Any])?["alert"]
  }
}
