import Foundation

/// The labelled sentences of `Tests/CooktimerCoreTests/Fixtures/prose-corpus.txt` (issue
/// 23) and how a finder scores on them: shared by the corpus test and the benchmark.
///
/// File shape: `#` comment lines; `@ owner/repo@commit path` names the source of the
/// sentences below it; every other line is one sentence with its countdowns in brackets,
/// `[words|seconds]` or `[words|low-high]` ("Bake for [15 minutes|900].").
public struct ProseCorpus: Sendable {
  /// One labelled countdown: span in `Character`s, bounds in milliseconds.
  public struct Label: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public var duration: Int64
    public var upper: Int64?

    public init(start: Int, end: Int, duration: Int64, upper: Int64?) {
      self.start = start
      self.end = end
      self.duration = duration
      self.upper = upper
    }
  }

  public struct Sentence: Sendable {
    public var text: String
    public var labels: Set<Label>
    /// `owner/repo@commit path` from the `@` line above it.
    public var source: String
  }

  /// A finder's result on the corpus: a countdown counts as found only with its exact
  /// span and length.
  public struct Score: Sendable {
    public var sentences = 0
    public var sources = Set<String>()
    public var expected = 0
    public var found = 0
    public var right = 0
    /// `"missed: \"10 minutes\" 600 s in: …"` / `"wrong: …"`, one per fault.
    public var faults: [String] = []

    public var recall: Double { 100 * Double(right) / Double(max(expected, 1)) }
    public var precision: Double { 100 * Double(right) / Double(max(found, 1)) }
  }

  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  public var sentences: [Sentence]

  public static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "CooktimerCoreTests/Fixtures/prose-corpus.txt")

  public static func load() throws -> ProseCorpus {
    try ProseCorpus(text: String(contentsOf: file, encoding: .utf8))
  }

  public init(text: String) throws {
    var source = ""
    sentences = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("#") { continue }
      if line.hasPrefix("@ ") {
        source = String(line.dropFirst(2))
        continue
      }
      guard !source.isEmpty else {
        throw Malformed(description: "a sentence before any @ source line: \(line)")
      }
      let (sentence, labels) = try Self.parse(String(line))
      sentences.append(Sentence(text: sentence, labels: labels, source: source))
    }
  }

  /// Scores `find` (each countdown of a sentence as span, lower and upper bound in ms).
  public func score(_ find: (String) -> [Label]) -> Score {
    var score = Score()
    for sentence in sentences {
      score.sentences += 1
      score.sources.insert(sentence.source)
      let finds = Set(find(sentence.text))
      score.expected += sentence.labels.count
      score.found += finds.count
      score.right += finds.intersection(sentence.labels).count
      for miss in sentence.labels.subtracting(finds) {
        score.faults.append(Self.describe("missed", miss, sentence.text))
      }
      for wrong in finds.subtracting(sentence.labels) {
        score.faults.append(Self.describe("wrong", wrong, sentence.text))
      }
    }
    return score
  }

  /// `"Bake [15 minutes|900]."` → ("Bake 15 minutes.", [5..<15, 900 s]). A `|` outside
  /// brackets is part of the sentence (Thermomix settings: "4 Min. | Stufe 2").
  static func parse(_ line: String) throws -> (String, Set<Label>) {
    var sentence: [Character] = []
    var labels = Set<Label>()
    var rest = Substring(line)
    while let open = rest.firstIndex(of: "[") {
      sentence += rest[..<open]
      guard let bar = rest[open...].firstIndex(of: "|"),
        let close = rest[bar...].firstIndex(of: "]")
      else { throw Malformed(description: "unclosed label in: \(line)") }
      let words = Array(rest[rest.index(after: open)..<bar])
      let bounds = rest[rest.index(after: bar)..<close].split(separator: "-").compactMap {
        Int64($0)
      }
      guard (1...2).contains(bounds.count) else {
        throw Malformed(description: "bad seconds in: \(line)")
      }
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

  private static func describe(_ what: String, _ label: Label, _ sentence: String) -> String {
    let chars = Array(sentence)
    let words = String(chars[max(0, label.start)..<min(chars.count, label.end)])
    let upper = label.upper.map { "-\($0 / 1000)" } ?? ""
    return "\(what): \"\(words)\" \(label.duration / 1000)\(upper) s in: \(sentence)"
  }
}
