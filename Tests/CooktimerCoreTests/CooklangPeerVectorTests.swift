import Foundation
import Testing

@testable import CooktimerCore

/// The 21 peer vectors (cooklang-rs 0.18.7 via cooklang-bindings 0.6.0). Where our unit
/// table or our rendering decides otherwise, ours stands; those differences are listed in
/// ``CooklangPeerVectorTests/ours``.
@Suite struct CooklangPeerVectorTests {
  struct Vector: Sendable, CustomTestStringConvertible {
    let index: Int
    let source: String
    let steps: [PeerStep]
    var testDescription: String { "#\(index) \(source.debugDescription)" }
  }

  struct PeerStep: Sendable {
    let section: String?
    let text: String
    let timers: [PeerTimer]
  }

  struct PeerTimer: Sendable {
    let name: String
    let units: String
    let seconds: Double?
  }

  static let vectors: [Vector] = {
    guard let data = try? Fixture.data("peer-timer-vectors.json"),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = root["vectors"] as? [[String: Any]]
    else { return [] }
    return list.enumerated().map { index, vector in
      let steps = (vector["steps"] as! [[String: Any]]).map { step in
        PeerStep(
          section: step["section"] as? String, text: step["text"] as! String,
          timers: (step["timers"] as! [[String: Any]]).map {
            PeerTimer(
              name: $0["name"] as! String, units: $0["units"] as! String,
              seconds: $0["seconds_if_known_unit"] as? Double)
          })
      }
      return Vector(index: index, source: vector["source"] as! String, steps: steps)
    }
  }()

  /// Where we differ from the peer on purpose: (step text, milliseconds of each timer).
  /// - `~{1.5%minutes}`: the peer renders "1 1/2"; we show the quantity as written.
  /// - `~{5-10%minutes}`: a range; we take the lower bound (docs/recipes.md §6).
  /// - `~{10 minutes}`: a timer written as a duration; we read it with docs/timers.md §3.
  static let ours: [String: (String, [Int64?])] = [
    "Fry for ~{1.5%minutes}.": ("Fry for 1.5 minutes.", [90_000]),
    "Rest ~{5-10%minutes}.": ("Rest 5-10 minutes.", [300_000]),
    "Rest ~{10 minutes}.": ("Rest 10 minutes.", [600_000]),
  ]

  @Test func allVectorsLoaded() {
    #expect(Self.vectors.count == 21)
  }

  @Test(arguments: vectors)
  func vector(_ vector: Vector) throws {
    let result = Cooklang.parse(vector.source, file: "peer.cook")
    let recipe = try #require(result.recipe)
    #expect(recipe.steps.count == vector.steps.count)
    for (step, peer) in zip(recipe.steps, vector.steps) {
      #expect(step.section == peer.section)
      #expect(step.timers.map(\.name) == peer.timers.map(\.name))
      #expect(step.timers.map(\.unit) == peer.timers.map(\.units))
      if let (text, durations) = Self.ours[vector.source] {
        #expect(step.text == text)
        #expect(step.timers.map(\.duration) == durations)
      } else {
        #expect(step.text == peer.text)
        #expect(
          step.timers.map(\.duration) == peer.timers.map { $0.seconds.map { Int64($0 * 1000) } })
      }
    }
  }
}
