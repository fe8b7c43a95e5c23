import Foundation

/// Whole numbers with thousands separators, whatever the machine's locale: cooktimer's
/// text is English (`1100000` → `1,100,000`). Foundation's number format, en_US.
public enum GroupedDigits {
  public static func text(_ n: Int) -> String {
    n.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }
}
