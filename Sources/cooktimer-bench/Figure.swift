import Foundation

/// One line of the table: `name: value unit`, and the target it is held against, if any.
struct Figure {
  var name: String
  var value: Double
  var unit: String
  /// Digits after the decimal point.
  var digits: Int = 1
  var target: Target?

  var line: String {
    "\(name): \(String(format: "%.\(digits)f", value)) \(unit)"
  }
}

/// A goal a figure is checked against: its wording and whether it was met.
struct Target {
  var text: String
  var met: Bool

  static func below(_ limit: Double, _ unit: String, _ value: Double) -> Target {
    Target(text: "< \(Self.number(limit)) \(unit)", met: value < limit)
  }

  static func above(_ limit: Double, _ unit: String, _ value: Double) -> Target {
    Target(text: "> \(Self.number(limit)) \(unit)", met: value > limit)
  }

  static func atLeast(_ limit: Double, _ unit: String, _ value: Double) -> Target {
    Target(text: ">= \(Self.number(limit)) \(unit)", met: value >= limit)
  }

  static func atMost(_ limit: Double, _ unit: String, _ value: Double) -> Target {
    Target(text: "<= \(Self.number(limit)) \(unit)", met: value <= limit)
  }

  private static func number(_ x: Double) -> String {
    x == x.rounded() ? String(Int(x)) : String(x)
  }
}

extension Figure {
  func target(_ target: Target) -> Figure {
    var copy = self
    copy.target = target
    return copy
  }
}
