import CooktimerStore

extension CommandContext {
  /// The store under the command's service, for `apikey` alone until API keys are a
  /// service use case (issue 24, the server half): the rest of the CLI sees only the
  /// service, and Session no longer opens a store.
  func store() throws -> RunStore { try service().store }
}
