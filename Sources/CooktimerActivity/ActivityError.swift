import CooktimerCore

/// Every error this module throws. The CLI maps ``tooLarge(field:bytes:limit:)`` to exit 65.
public enum ActivityError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A push body that cannot be brought under APNs' limit of `limit` bytes (UTF-8), even
  /// with every text shortened; `field` names the wire key that is too long
  /// (e.g. `"attributes-type"`). No body is returned.
  case tooLarge(field: String, bytes: Int, limit: Int)
  /// The run cannot be simulated (e.g. a recipe without steps), as the engine said.
  case refused(CoreError)
  /// `JSONEncoder` failed (a non-finite number); carries its message.
  case encodingFailed(String)

  public var description: String {
    switch self {
    case .tooLarge(let field, let bytes, let limit):
      return "push body is \(bytes) bytes, over the \(limit)-byte limit: \"\(field)\" is too long"
    case .refused(.refused(_, _, let message)):
      return message
    case .refused(let error):
      return "\(error)"
    case .encodingFailed(let message):
      return "cannot encode the payload: \(message)"
    }
  }
}
