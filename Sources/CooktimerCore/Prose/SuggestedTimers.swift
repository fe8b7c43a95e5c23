/// Durations a step names only in its words ("bake for 15 minutes"), offered to the cook as
/// timers one tap away; `--prose-timers` runs them as the step's timers.
public enum SuggestedTimers {
  /// The countdowns in the words of `step` (``ProseDurations/countdowns(in:)``: no storage
  /// times, intervals, offsets or restatements) that are not already its timers (`1 to
  /// ~{2%minutes}` is the timer's range, not a suggestion). Spans are offsets in the step's
  /// text (``Step/text``).
  public static func of(_ step: CooklangStep) -> [ProseDuration] {
    let (text, timerSpans) = StepText.rendered(step.items)
    let chars = Array(text)
    return ProseDurations.countdowns(in: text).filter { found in
      // `45 minutes to ~{1%hour}`: the timer's lower bound (issue 23), not a suggestion.
      !timerSpans.contains {
        $0.overlaps(found.span)
          || (found.span.upperBound <= $0.lowerBound
            && CooklangProseRange.isSeparator(
              String(chars[found.span.upperBound..<$0.lowerBound])))
      }
    }
  }

  /// `recipe` with each step's ``Step/suggested`` filled from `document` (the file `recipe`
  /// was parsed from), labelled `s1`, `s2`… straight through the recipe.
  public static func attaching(to recipe: Recipe, from document: CooklangDocument) -> Recipe {
    var recipe = recipe
    var number = 0
    for (index, cooklangStep) in document.steps.enumerated() where index < recipe.steps.count {
      recipe.steps[index].suggested = of(cooklangStep).map { found in
        number += 1
        return SuggestedTimer(
          number: number, text: found.text, duration: found.duration,
          upperDuration: found.upperDuration)
      }
    }
    return recipe
  }

  /// `recipe` with each step's suggested timers among its timers, in the order written (and
  /// none left in ``Step/suggested``); how each starts against the one before is decided by
  /// the words between, as for written timers. `document` is the file `recipe` was parsed from.
  public static func adding(to recipe: Recipe, from document: CooklangDocument) -> Recipe {
    var recipe = recipe
    for index in recipe.steps.indices { recipe.steps[index].suggested = [] }
    for (index, cooklangStep) in document.steps.enumerated() where index < recipe.steps.count {
      let suggestions = of(cooklangStep)
      guard !suggestions.isEmpty else { continue }
      let text = StepText.rendered(cooklangStep.items).text
      let timerSpans = CooklangRecipe.timerSpans(of: cooklangStep)
      let written = zip(timerSpans, recipe.steps[index].timers).map { ($0, $1) }
      let offered = suggestions.map { found in
        (
          found.span,
          TimerSpec(
            name: "", duration: found.duration, upperDuration: found.upperDuration,
            quantity: found.text)
        )
      }
      let chars = Array(text)
      var previousEnd: Int?
      var timers: [TimerSpec] = []
      for (span, timer) in (written + offered).sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
        var timer = timer
        if let previousEnd {
          let between = String(chars[min(previousEnd, span.lowerBound)..<span.lowerBound])
          timer.start = CooklangRecipe.start(after: between)
        } else {
          timer.start = .withStep
        }
        timers.append(timer)
        previousEnd = span.upperBound
      }
      recipe.steps[index].timers = timers
    }
    return recipe
  }
}
