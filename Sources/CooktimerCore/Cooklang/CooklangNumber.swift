import Foundation

/// Numbers in amounts (Cooklang spec "Quantities"; docs/recipes.md §5.2).
enum CooklangNumber {
  /// Reads an integer, a decimal (`1.5`, `1,5`), a fraction (`1/2`, `1 / 2`) or a mixed
  /// number (`1 1/2`). Fraction parts with a leading zero (`01/2`) stay text, as the
  /// conformance suite expects.
  static func value(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let halves = trimmed.split(separator: "/", omittingEmptySubsequences: false)
    if halves.count == 2 {
      let left = halves[0].split(whereSeparator: \.isWhitespace)
      let right = halves[1].trimmingCharacters(in: .whitespaces)
      guard let denominator = fractionPart(right), denominator > 0, (1...2).contains(left.count),
        let numerator = fractionPart(String(left[left.count - 1]))
      else { return nil }
      if left.count == 2 {
        guard let whole = integer(String(left[0])) else { return nil }
        return whole + numerator / denominator
      }
      return numerator / denominator
    }
    return decimal(trimmed)
  }

  /// A range `5-10`, `5–10`, `5 to 10`, `5 bis 10`, `5 à 20` (docs/recipes.md §6).
  static func range(_ text: String) -> (Double, Double)? {
    for separator in ["–", "—", "-", " to ", " bis ", " à "] {
      let sides = text.components(separatedBy: separator)
      guard sides.count == 2, let low = value(sides[0]), let high = value(sides[1]) else {
        continue
      }
      return (low, high)
    }
    return nil
  }

  private static func integer(_ text: String) -> Double? {
    guard !text.isEmpty, text.count <= 15, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return Double(text)
  }

  private static func fractionPart(_ text: String) -> Double? {
    guard !(text.count > 1 && text.hasPrefix("0")) else { return nil }
    return integer(text)
  }

  private static func decimal(_ text: String) -> Double? {
    let pieces = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
    guard (1...2).contains(pieces.count), let whole = integer(String(pieces[0])) else {
      return nil
    }
    guard pieces.count == 2 else { return whole }
    guard let fraction = integer(String(pieces[1])) else { return nil }
    return Double("\(Int64(whole)).\(pieces[1])") ?? whole + fraction / 10
  }
}
