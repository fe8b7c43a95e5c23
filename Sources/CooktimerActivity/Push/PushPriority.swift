/// The `apns-priority` header. An open set, so a struct with static members (as APNSwift's
/// `APNSPriority`): adding one breaks nobody.
public struct PushPriority: RawRepresentable, Hashable, Sendable, Codable {
  public var rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// 10: delivered at once; counts against the hourly Live Activity budget.
  public static let immediately = PushPriority(rawValue: 10)
  /// 5: may be delayed to save power; does not count against the budget.
  public static let consideringDevicePower = PushPriority(rawValue: 5)
}
