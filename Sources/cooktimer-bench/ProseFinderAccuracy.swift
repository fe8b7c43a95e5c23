import CooktimerCore
import CooktimerTestSupport
import Foundation

/// Recall and precision of the prose finder's countdowns on the real recipe sentences of
/// `Tests/CooktimerCoreTests/Fixtures/prose-corpus.txt` (public collections, labelled by
/// hand with the countdowns a cook waits for; issue 23). A countdown counts as found only
/// with its exact span and length. Misses and false finds go to stderr, one per line.
enum ProseFinderAccuracy {
  static func measure(_ options: Options) throws -> [Figure] {
    let corpus: ProseCorpus
    do { corpus = try ProseCorpus.load() } catch {
      throw BenchError("cannot read \(ProseCorpus.file.path): \(error)")
    }
    let score = corpus.score { sentence in
      ProseDurations.countdowns(in: sentence).map {
        ProseCorpus.Label(
          start: $0.span.lowerBound, end: $0.span.upperBound, duration: $0.duration,
          upper: $0.upperDuration)
      }
    }
    for fault in score.faults {
      FileHandle.standardError.write(Data("prose \(fault)\n".utf8))
    }
    return [
      Figure(
        name: "prose duration set (real sentences)", value: Double(score.sentences),
        unit: "sentences", digits: 0),
      Figure(
        name: "prose duration set, sources", value: Double(score.sources.count), unit: "files",
        digits: 0),
      Figure(
        name: "prose duration set, labelled countdowns", value: Double(score.expected),
        unit: "durations", digits: 0),
      Figure(name: "prose duration recall", value: score.recall, unit: "%")
        .target(.atLeast(98, "%", score.recall)),
      Figure(name: "prose duration precision", value: score.precision, unit: "%")
        .target(.atLeast(97, "%", score.precision)),
    ]
  }
}
