import Testing

@testable import CooktimerCore

/// Durations in the words of a step, with their exact spans and lengths.
@Suite struct ProseDurationTests {
  /// `"9..<19 15 minutes = 900 s"`, or `"… = 180–300 s"` for a range.
  static func described(_ text: String) -> [String] {
    ProseDurations.find(in: text).map { found in
      let seconds = seconds(found.duration)
      let upper = found.upperDuration.map { "–" + Self.seconds($0) } ?? ""
      return
        "\(found.span.lowerBound)..<\(found.span.upperBound) \(found.text) = \(seconds)\(upper) s"
    }
  }

  static func seconds(_ ms: Int64) -> String {
    ms % 1000 == 0 ? String(ms / 1000) : String(Double(ms) / 1000)
  }

  @Test(arguments: [
    ("Bake for 15 minutes until golden.", ["9..<19 15 minutes = 900 s"]),
    ("Simmer 3 to 5 minutes.", ["7..<21 3 to 5 minutes = 180–300 s"]),
    ("Simmer 3-5 min, stirring.", ["7..<14 3-5 min = 180–300 s"]),
    ("Simmer 3–5 mins.", ["7..<15 3–5 mins = 180–300 s"]),
    ("Roast for 1 1/2 hours.", ["10..<21 1 1/2 hours = 5400 s"]),
    ("Roast for 1.5 hrs.", ["10..<17 1.5 hrs = 5400 s"]),
    ("Rest for ½ hour.", ["9..<15 ½ hour = 1800 s"]),
    ("Leave it for an hour.", ["13..<20 an hour = 3600 s"]),
    ("Chill for half an hour.", ["10..<22 half an hour = 1800 s"]),
    ("Braise for an hour and a half.", ["11..<29 an hour and a half = 5400 s"]),
    ("Bake 1 hour 30 minutes.", ["5..<22 1 hour 30 minutes = 5400 s"]),
    ("Whisk for 30 seconds to 1 minute.", ["10..<32 30 seconds to 1 minute = 30–60 s"]),
    ("Boil two to three minutes.", ["5..<25 two to three minutes = 120–180 s"]),
    ("Cook 5 more minutes.", ["5..<19 5 more minutes = 300 s"]),
    ("Give it a 10-minute rest.", ["10..<19 10-minute = 600 s"]),
    ("Simmer between 20 and 25 minutes.", ["15..<32 20 and 25 minutes = 1200–1500 s"]),
    ("Fry 2 or 3 minutes per side.", ["4..<18 2 or 3 minutes = 120–180 s"]),
    ("Let it stand a minute, then 45 s more.", ["13..<21 a minute = 60 s", "28..<32 45 s = 45 s"]),
    ("Marinate 24 hours, or 2 days.", ["9..<17 24 hours = 86400 s", "22..<28 2 days = 172800 s"]),
    ("Bake 10min then 5 mins.", ["5..<10 10min = 600 s", "16..<22 5 mins = 300 s"]),
  ])
  func english(text: String, expected: [String]) {
    #expect(Self.described(text) == expected)
  }

  @Test(arguments: [
    ("10 Minuten köcheln lassen.", ["0..<10 10 Minuten = 600 s"]),
    ("Etwa 2 bis 3 Stunden schmoren.", ["5..<20 2 bis 3 Stunden = 7200–10800 s"]),
    ("Den Teig eine halbe Stunde ruhen lassen.", ["9..<26 eine halbe Stunde = 1800 s"]),
    ("1,5 Std. backen.", ["0..<7 1,5 Std = 5400 s"]),
    ("Ca. 10 Min. ziehen lassen.", ["4..<10 10 Min = 600 s"]),
    ("Nach einer Stunde wenden.", ["5..<17 einer Stunde = 3600 s"]),
    ("Zwei Minuten rühren.", ["0..<12 Zwei Minuten = 120 s"]),
    ("Eineinhalb Stunden garen.", ["0..<18 Eineinhalb Stunden = 5400 s"]),
    ("Weitere 5–8 Min. braten.", ["8..<15 5–8 Min = 300–480 s"]),
    ("1 Stunde und 15 Minuten backen.", ["0..<23 1 Stunde und 15 Minuten = 4500 s"]),
    ("30 Sekunden mixen.", ["0..<11 30 Sekunden = 30 s"]),
    ("Eine Viertelstunde quellen lassen.", ["0..<18 Eine Viertelstunde = 900 s"]),
    ("Über Nacht, mindestens 12 Std, kühlen.", ["23..<29 12 Std = 43200 s"]),
    ("Zwischen 20 und 30 Min. backen.", ["9..<22 20 und 30 Min = 1200–1800 s"]),
  ])
  func german(text: String, expected: [String]) {
    #expect(Self.described(text) == expected)
  }

  @Test(arguments: [
    ("Faire cuire 25 min.", ["12..<18 25 min = 1500 s"]),
    ("Laisser mijoter 15 à 20 minutes.", ["16..<31 15 à 20 minutes = 900–1200 s"]),
    ("Laisser reposer une demi-heure.", ["16..<30 une demi-heure = 1800 s"]),
    ("Cuire 1h30 à feu doux.", ["6..<10 1h30 = 5400 s"]),
    ("Laisser lever 1 h 30, puis façonner.", ["14..<20 1 h 30 = 5400 s"]),
    ("Cuire 2 h 4 pommes.", ["6..<9 2 h = 7200 s"]),
    ("Enfourner pour une heure et demie.", ["15..<33 une heure et demie = 5400 s"]),
    ("Laisser infuser un quart d'heure.", ["16..<32 un quart d'heure = 900 s"]),
    ("Cuire 2 h à 150 °C.", ["6..<9 2 h = 7200 s"]),
    ("Mixer 30 secondes.", ["6..<17 30 secondes = 30 s"]),
    ("Faire revenir 3-4 mn.", ["14..<20 3-4 mn = 180–240 s"]),
    ("Cuire deux à trois minutes.", ["6..<26 deux à trois minutes = 120–180 s"]),
    ("Laisser lever 1,5 heure.", ["14..<23 1,5 heure = 5400 s"]),
    ("Cuire 10 minutes de plus.", ["6..<16 10 minutes = 600 s"]),
  ])
  func french(text: String, expected: [String]) {
    #expect(Self.described(text) == expected)
  }

  /// Words that only look like times.
  @Test(arguments: [
    "Preheat the oven to 350 °F.", "Preheat the oven to 350°F.", "Heat to 180 °C.",
    "Roll out 2 cm thick.", "Use a 9x13 pan.", "Use a 9 x 13 inch pan.", "Repeat step 2.",
    "Repeat steps 2 to 4.", "Add 2 cups flour.", "Serves 4.", "Add 1 tbsp oil.",
    "Cook for a few minutes.", "Simmer for several hours.", "Chill overnight.",
    "Add a second egg.", "Beat in a second bowl.", "Cut into 5 mm slices.",
    "Add 2 medium onions.", "Add 2 minced garlic cloves.", "Roast 20 minutes per pound.",
    "Roast 20 minutes a pound.", "15 Minuten pro 500 g garen.",
    "Serve at 6 pm.", "Stir 2 or 3 times.", "Gas mark 4.", "Makes 12 muffins.",
    "Add 1/2 tsp salt.", "A 5 lb turkey.", "Wait for the 4th bell.", "Page 12 of the book.",
    "Auf 180 Grad vorheizen.", "2 EL Öl erhitzen.", "Schritt 2 wiederholen.",
    "In 2 cm große Würfel schneiden.", "Für 4 Personen.", "Minutenlang rühren.",
    "Am nächsten Tag servieren.", "Four à 180 °C, th. 6.", "Ajouter 2 c. à soupe d'huile.",
    "Répéter l'étape 2.", "Pour 4 personnes.", "Un moule de 24 cm.",
    "Cuire pendant quelques minutes.", "Servir à 20 h.", "Une seconde fois.",
    "Laisser dans un endroit sec.", "Add 100 g butter and 500 ml milk.",
    "Bake at 200 degrees.", "Stir every so often until thick.", "Cook until the minute it boils?",
  ])
  func notTimes(text: String) {
    #expect(Self.described(text) == [], "\(text)")
  }
}
