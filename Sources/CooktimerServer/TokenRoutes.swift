import CooktimerCore
import CooktimerHTTP
import CooktimerService

/// The push token routes (docs/delivery.md §1): registered and forgotten, 204 each.
enum TokenRoutes {
  /// `PUT /v1/tokens/push-to-start {"token", "device"?, "sandbox"?}`.
  static func pushToStart(_ call: APICall) throws -> HTTPResponse {
    let body = try call.body(required: true)
    try call.service.addPushToStartToken(
      try body.string("token", required: true)!, device: try body.string("device"),
      sandbox: try body.bool("sandbox") ?? false, at: call.now)
    return .noContent
  }

  /// `PUT /v1/tokens/device {"token", "device"?, "sandbox"?}`: the app's ordinary device
  /// token, for the backup alert of a fire (docs/delivery.md §6).
  static func device(_ call: APICall) throws -> HTTPResponse {
    let body = try call.body(required: true)
    try call.service.addDeviceToken(
      try body.string("token", required: true)!, device: try body.string("device"),
      sandbox: try body.bool("sandbox") ?? false, at: call.now)
    return .noContent
  }

  /// `PUT /v1/runs/{id}/activities/{n}/token {"token", "device"?, "sandbox"?, "appStarted"?}`
  /// (`device`: the phone's name — its new token replaces only its own earlier one;
  /// `appStarted`: the app started the activity itself; no push-to-start goes for it).
  static func activity(_ call: APICall) throws -> HTTPResponse {
    guard let number = Int(call.parameter("n")), number >= 1 else {
      throw RequestError.badRequest(
        "an activity is numbered 1, 2, …, not \(call.parameter("n"))")
    }
    let body = try call.body(required: true)
    try call.service.addActivityToken(
      try body.string("token", required: true)!, run: call.parameter("id"), activity: number,
      device: try body.string("device"), sandbox: try body.bool("sandbox") ?? false,
      appStarted: try body.bool("appStarted") ?? false, at: call.now)
    return .noContent
  }

  /// `DELETE /v1/tokens/{hex}`: 204, or 404 when no such token was registered.
  static func remove(_ call: APICall) throws -> HTTPResponse {
    guard try call.service.removeToken(call.parameter("hex")) else {
      throw RequestError.notFound("no push token \(call.parameter("hex").prefix(16))…")
    }
    return .noContent
  }
}
