import Testing

@testable import CooktimerCore

/// The faults of issue 23 in the prose finder, each with its exact input and output: which
/// times are countdowns, which are other times, and what is read at all.
@Suite struct ProseTimeRoleTests {
  /// `"0..<10 10 minutes = 600 s countdown"` for each duration found.
  static func roles(_ text: String) -> [String] {
    ProseDurations.find(in: text).map { found in
      let seconds = ProseDurationTests.seconds(found.duration)
      let upper = found.upperDuration.map { "–" + ProseDurationTests.seconds($0) } ?? ""
      return
        "\(found.span.lowerBound)..<\(found.span.upperBound) \(found.text) = \(seconds)\(upper) s \(found.role.rawValue)"
    }
  }

  @Test(arguments: [
    (
      "Store leftovers in the fridge for up to 3 days.",
      ["40..<46 3 days = 259200 s keeping"]
    ),
    ("Cover tightly; it keeps 2–3 days.", ["24..<32 2–3 days = 172800–259200 s keeping"]),
    ("The sauce keeps warm for 30 minutes.", ["25..<35 30 minutes = 1800 s keeping"]),
    (
      "Roast for 2 hours, basting every 10 minutes.",
      ["10..<17 2 hours = 7200 s countdown", "33..<43 10 minutes = 600 s interval"]
    ),
    (
      "Microwave in 20 second increments, stirring.",
      ["13..<22 20 second = 20 s interval"]
    ),
    ("Add the sugar 1 minute at a time.", ["14..<22 1 minute = 60 s interval"]),
    (
      "Take the butter out about 30 minutes before serving.",
      ["26..<36 30 minutes = 1800 s offset"]
    ),
    ("Make the dough up to 2 days ahead.", ["21..<27 2 days = 172800 s keeping"]),
    ("Make the dough 2 days ahead.", ["15..<21 2 days = 172800 s offset"]),
    (
      "Let it sit for 10 minutes. Once it has rested for 10 minutes, slice it.",
      ["15..<25 10 minutes = 600 s countdown", "50..<60 10 minutes = 600 s restatement"]
    ),
    (
      "Feed the starter twice, half an hour apart.",
      ["24..<36 half an hour = 1800 s interval"]
    ),
    (
      "Let rest 10 minutes before slicing.",
      ["9..<19 10 minutes = 600 s countdown"]
    ),
    (
      "Cook the pasta 2 minutes less than the packet says.",
      ["15..<24 2 minutes = 120 s offset"]
    ),
    (
      "Keep covered for the first 30 minutes.",
      ["27..<37 30 minutes = 1800 s offset"]
    ),
    ("Alle 10 Minuten umrühren.", ["5..<15 10 Minuten = 600 s interval"]),
    (
      "Im Kühlschrank 3 Tage haltbar.",
      ["15..<21 3 Tage = 259200 s keeping"]
    ),
    (
      "Remuer toutes les 10 minutes.",
      ["18..<28 10 minutes = 600 s interval"]
    ),
    (
      "Se conserve 3 jours au frais.",
      ["12..<19 3 jours = 259200 s keeping"]
    ),
    (
      "Sortir le beurre 30 min avant de servir.",
      ["17..<23 30 min = 1800 s offset"]
    ),
  ])
  func otherTimesAreNotCountdowns(text: String, expected: [String]) {
    #expect(Self.roles(text) == expected)
  }

  /// "another minute", "a further minute", "an extra minute", "N more minutes", "5 full
  /// minutes" are read; numbers glued to words or inside links are not.
  @Test(arguments: [
    ("Cook another minute.", ["5..<19 another minute = 60 s countdown"]),
    ("Rest another hour.", ["5..<17 another hour = 3600 s countdown"]),
    ("Stir for a further minute.", ["9..<25 a further minute = 60 s countdown"]),
    ("Whisk an extra minute.", ["6..<21 an extra minute = 60 s countdown"]),
    ("Simmer 10 more minutes.", ["7..<22 10 more minutes = 600 s countdown"]),
    ("Beat 5 full minutes.", ["5..<19 5 full minutes = 300 s countdown"]),
    ("Laisser cuire une dizaine de minutes.", ["18..<36 dizaine de minutes = 600 s countdown"]),
    ("Eine weitere Minute rühren.", ["0..<19 Eine weitere Minute = 60 s countdown"]),
    ("See https://www.youtube.com/watch?v=u_njTscxy1s for the fold.", []),
    ("See youtube.com/watch?v=u_njTscxy1s.", []),
    ("Label it abc5min.", []),
    (
      "Use store-bought paneer and soak it for 10 minutes.",
      [
        "40..<50 10 minutes = 600 s countdown"
      ]
    ),
  ])
  func readings(text: String, expected: [String]) {
    #expect(Self.roles(text) == expected)
  }

  /// Suggestions are countdowns only.
  @Test func suggestionsLeaveOtherTimesOut() throws {
    let result = Cooklang.parse(
      "Bake 20 minutes, basting every 5 minutes. Store for up to 3 days.", file: "x.cook")
    #expect(SuggestedTimers.of(result.document.steps[0]).map(\.text) == ["20 minutes"])
  }

  /// The shipped overnight bread: "Fold the dough four times, half an hour apart" adds no
  /// timer to the step whose four written timers already are those half hours.
  @Test func theOvernightBreadHasNoApartTimer() throws {
    let text = try String(
      contentsOf: Fixture.recipesFolder.appendingPathComponent("overnight-bread.cook"),
      encoding: .utf8)
    let result = Cooklang.parse(text, file: "overnight-bread.cook")
    let step = try #require(
      result.document.steps.first { StepText.rendered($0.items).0.contains("apart") })
    #expect(SuggestedTimers.of(step) == [])
  }
}
