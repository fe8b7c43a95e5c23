import CooktimerCore
import Foundation

/// Recall and precision of the prose-duration finder on the labelled step sentences in
/// `Tests/CooktimerCoreTests/Fixtures/prose-durations.txt` (English, German, French). A
/// duration counts as found only with its exact span and length. Misses and false finds go
/// to stderr, one per line.
enum ProseFinderAccuracy {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/CooktimerCoreTests/Fixtures/prose-durations.txt")

  /// One labelled duration: span in `Character`s, lower and upper bound in ms.
  struct Label: Hashable {
    var start: Int
    var end: Int
    var duration: Int64
    var upper: Int64?
  }

  static func measure(_ options: Options) throws -> [Figure] {
    guard let text = try? String(contentsOf: fixture, encoding: .utf8) else {
      throw BenchError("cannot read \(fixture.path)")
    }
    var sentences = 0
    var expected = 0
    var found = 0
    var right = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let (sentence, labels) = try parse(String(line))
      sentences += 1
      let finds = Set(
        ProseDurations.find(in: sentence).map {
          Label(
            start: $0.span.lowerBound, end: $0.span.upperBound, duration: $0.duration,
            upper: $0.upperDuration)
        })
      expected += labels.count
      found += finds.count
      right += finds.intersection(labels).count
      for miss in labels.subtracting(finds) { report("missed", miss, sentence) }
      for wrong in finds.subtracting(labels) { report("wrong", wrong, sentence) }
    }
    let recall = 100 * Double(right) / Double(max(expected, 1))
    let precision = 100 * Double(right) / Double(max(found, 1))
    return [
      Figure(
        name: "prose duration set", value: Double(sentences), unit: "sentences", digits: 0),
      Figure(
        name: "prose duration set, labelled", value: Double(expected), unit: "durations",
        digits: 0),
      Figure(name: "prose duration recall", value: recall, unit: "%")
        .target(.atLeast(95, "%", recall)),
      Figure(name: "prose duration precision", value: precision, unit: "%")
        .target(.atLeast(98, "%", precision)),
    ]
  }

  /// `"Bake [15 minutes|900]."` → ("Bake 15 minutes.", [5..<15, 900 s]).
  static func parse(_ line: String) throws -> (String, Set<Label>) {
    var sentence: [Character] = []
    var labels = Set<Label>()
    var rest = Substring(line)
    while let open = rest.firstIndex(of: "[") {
      sentence += rest[..<open]
      guard let bar = rest[open...].firstIndex(of: "|"),
        let close = rest[bar...].firstIndex(of: "]")
      else { throw BenchError("unclosed label in: \(line)") }
      let words = Array(rest[rest.index(after: open)..<bar])
      let bounds = rest[rest.index(after: bar)..<close].split(separator: "-").compactMap {
        Int64($0)
      }
      guard (1...2).contains(bounds.count) else { throw BenchError("bad seconds in: \(line)") }
      labels.insert(
        Label(
          start: sentence.count, end: sentence.count + words.count, duration: bounds[0] * 1000,
          upper: bounds.count == 2 ? bounds[1] * 1000 : nil))
      sentence += words
      rest = rest[rest.index(after: close)...]
    }
    sentence += rest
    return (String(sentence), labels)
  }

  private static func report(_ what: String, _ label: Label, _ sentence: String) {
    let chars = Array(sentence)
    let words = String(chars[max(0, label.start)..<min(chars.count, label.end)])
    let upper = label.upper.map { "-\($0 / 1000)" } ?? ""
    FileHandle.standardError.write(
      Data("prose \(what): \"\(words)\" \(label.duration / 1000)\(upper) s in: \(sentence)\n".utf8))
  }
}
