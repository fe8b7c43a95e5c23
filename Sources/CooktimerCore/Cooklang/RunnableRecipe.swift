extension Recipe {
  /// Refuses a recipe with nothing to run before a run is made of it.
  ///
  /// A file with no directions parses (its title and metadata show, with a warning), but a
  /// run of it would finish the instant it started: ``Run/start(id:recipe:autoAdvance:at:)``
  /// refuses it, and that refusal names a run id that is never stored. `start`, `plan` and
  /// `POST /v1/runs` check here first, so each says what is wrong with the file, where.
  ///
  /// - Parameter file: the file as the user named it, for the diagnostic.
  /// - Throws: `CoreError.invalidRecipe` at `file:1:1` (exit 65, HTTP 400) when there is no
  ///   step.
  public func requireSteps(file: String) throws(CoreError) {
    guard steps.isEmpty else { return }
    throw .invalidRecipe(
      Diagnostic(
        severity: .error, file: file, line: 1, column: 1,
        message: "recipe has no steps to run: write its directions as paragraphs separated by "
          + "blank lines"))
  }
}
