import Foundation

/// A ``CooklangDocument`` into the ``Recipe`` the engine runs (docs/recipes.md §7
/// "From a recipe to a run").
enum CooklangRecipe {
  static func recipe(
    from document: CooklangDocument, file: String, diagnostics: inout CooklangDiagnostics
  ) -> Recipe {
    let steps = document.steps.map { step in
      CooklangProseLimit.check(step, &diagnostics)
      return Step(
        text: StepText.render(step.items), section: step.section,
        timers: timers(of: step, &diagnostics))
    }
    return Recipe(
      title: title(document.metadata, file: file), metadata: document.metadata, steps: steps)
  }

  /// The `title` metadata (whitespace collapsed), else the file name without its folder and `.cook`.
  static func title(_ metadata: [MetadataEntry], file: String) -> String {
    // A title written as a YAML block (`title: >`) keeps no line breaks.
    if let entry = metadata.first(where: { $0.key.lowercased() == "title" }),
      case let title = StepText.collapse(entry.value.text), !title.isEmpty
    {
      return title
    }
    var name = file.split(separator: "/").last.map(String.init) ?? file
    if name.lowercased().hasSuffix(".cook") { name.removeLast(5) }
    return name
  }

  private static func timers(
    of step: CooklangStep, _ diagnostics: inout CooklangDiagnostics
  ) -> [TimerSpec] {
    var specs: [TimerSpec] = []
    var between: [CooklangItem] = []
    for item in step.items {
      guard item.kind == .timer else {
        between.append(item)
        continue
      }
      var spec = TimerSpec(
        name: item.value, duration: nil, quantity: item.quantityText, unit: item.units,
        start: specs.isEmpty ? .withStep : start(after: StepText.render(between)))
      switch CooklangTimerDuration.read(quantity: item.quantityText, units: item.units) {
      case .duration(let low, let high):
        spec.duration = low
        spec.upperDuration = high
        if high == nil, let lower = proseLowerBound(before: between, item) {
          spec.duration = lower
          spec.upperDuration = low
        }
        if low == 0 {
          diagnostics.warning(
            "the timer lasts 0 seconds: it fires as soon as it starts", at: item.location)
        }
        refuseTooLong(&spec, at: item.location, &diagnostics)
      case .none:
        break  // A name-only timer; warned about while reading the line.
      case .unreadable(let reason):
        diagnostics.warning(
          "cannot read the timer's duration: \(reason); the cook is asked for one",
          at: item.location)
      }
      specs.append(spec)
      between = []
    }
    return specs
  }

  /// A timer over the engine's limit (``Run/longestTimer``, the limit `add` and `begin`
  /// keep) is refused the same way: its length is dropped, so it waits for `begin` with one;
  /// an upper bound over it is dropped.
  private static func refuseTooLong(
    _ spec: inout TimerSpec, at location: SourceLocation, _ diagnostics: inout CooklangDiagnostics
  ) {
    if let low = spec.duration, low > Run.longestTimer {
      diagnostics.warning(
        "the timer lasts \(DurationText.short(low)), longer than 7 days: it waits for a length "
          + "(`begin TIMER DURATION`)", at: location)
      spec.duration = nil
      spec.upperDuration = nil
    } else if let high = spec.upperDuration, high > Run.longestTimer {
      diagnostics.warning(
        "the timer's upper bound \(DurationText.short(high)) is longer than 7 days: only its "
          + "lower bound is kept", at: location)
      spec.upperDuration = nil
    }
  }

  /// The lower bound of `1 to ~{2%minutes}` in ms, read from the text just before the
  /// timer; `nil` unless it is below the timer's own length.
  private static func proseLowerBound(before: [CooklangItem], _ timer: CooklangItem) -> Int64? {
    guard let text = before.last, text.kind == .text,
      let value = CooklangProseRange.lowerBound(before: text.value),
      let unit = TimeUnit(spelling: timer.units),
      case .duration(let upper, nil) = CooklangTimerDuration.read(
        quantity: timer.quantityText, units: timer.units)
    else { return nil }
    // Checked: `999999999999999 to ~{2%days}` is far past any Int64 of milliseconds.
    let lower = (value * Double(unit.milliseconds)).rounded()
    guard lower.isFinite, lower < Double(upper) else { return nil }
    return Int64(lower)
  }

  /// How a timer starts, from the words written between it and the timer before it.
  static func start(after words: String) -> TimerStart {
    let padded =
      " "
      + words.lowercased()
      .split(whereSeparator: { !$0.isLetter })
      .joined(separator: " ") + " "
    let together = [
      "while", "meanwhile", "at the same time", "während", "gleichzeitig", "pendant que",
    ]
    if together.contains(where: { padded.contains(" \($0) ") }) {
      return .withPrevious
    }
    // "or so" hedges a time ("5 minutes or so, then …"); it offers no alternative.
    let hedged = padded.replacingOccurrences(of: " or so ", with: " ")
    if ["or", "oder", "ou"].contains(where: { hedged.contains(" \($0) ") }) {
      return .alternativeToPrevious
    }
    return .afterPrevious
  }
}
