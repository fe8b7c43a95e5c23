/// A time a step's words name beyond what a timer can run (`Rest 10000000000000 days.`):
/// the prose finder leaves it out of the suggested timers (``ProseDurations/longest``), and
/// the recipe says so at the step, as it does for a written timer over 7 days
/// (docs/recipes.md §8).
enum CooklangProseLimit {
  static func check(_ step: CooklangStep, _ diagnostics: inout CooklangDiagnostics) {
    let (text, timerSpans) = StepText.rendered(step.items)
    for found in ProseDurations.tooLong(in: text)
    where !timerSpans.contains(where: { $0.overlaps(found.span) }) {
      diagnostics.warning(
        "the words name a time longer than 7 days (\"\(found.text)\"): it is not offered as "
          + "a timer", at: step.location)
    }
  }
}
