import CooktimerTestSupport
import Testing

@testable import CooktimerCore

/// The prose finder on real recipe sentences (issue 23): 300+ sentences from public
/// collections (sources in the fixture), labelled by hand with the countdowns a cook waits
/// for. Storage times, intervals, offsets and restatements must stay out.
@Suite struct ProseCorpusTests {
  static func countdowns(_ sentence: String) -> [ProseCorpus.Label] {
    ProseDurations.countdowns(in: sentence).map {
      ProseCorpus.Label(
        start: $0.span.lowerBound, end: $0.span.upperBound, duration: $0.duration,
        upper: $0.upperDuration)
    }
  }

  @Test func realSentencesMeetTheTargets() throws {
    let corpus = try ProseCorpus.load()
    let score = corpus.score(Self.countdowns)
    #expect(score.sentences >= 300)
    #expect(score.sources.count >= 100)
    #expect(score.precision >= 97, "\(score.faults.joined(separator: "\n"))")
    #expect(score.recall >= 98, "\(score.faults.joined(separator: "\n"))")
  }

  /// Every sentence names where it was copied from: `owner/repo@<40 hex> path`.
  @Test func everySentenceNamesItsSource() throws {
    let corpus = try ProseCorpus.load()
    for sentence in corpus.sentences {
      let parts = sentence.source.split(separator: " ")
      let repo = parts.first?.split(separator: "@") ?? []
      #expect(parts.count == 2 && repo.count == 2 && repo[1].count == 40, "\(sentence.source)")
    }
  }
}
