import CooktimerCore
import CooktimerStore

extension RunService {
  /// Registers the app's ordinary device token (`registerForRemoteNotifications`): the
  /// backup alert of a fire no live activity carried goes to it (docs/delivery.md §6).
  /// - Throws: ``ServiceError/invalid(_:)`` for a bad token, ``ServiceError/badData(_:)``
  ///   for a device name with a control character; nothing is stored then;
  ///   ``ServiceError/database(_:)``.
  @discardableResult
  public func addDeviceToken(
    _ text: String, device: String?, sandbox: Bool, at now: Instant? = nil
  ) throws(ServiceError) -> PushToken {
    let device = try Self.checkedDeviceName(device)
    let token = PushToken(
      token: try Self.normalizedToken(text), kind: .device, device: device, sandbox: sandbox,
      createdAt: now ?? clock.now())
    try writing { tx in try tx.addToken(token) }
    return token
  }
}
