import CooktimerCore
import CooktimerService

extension CommandContext {
  /// The run a command names, or the only active run when it names none, settled at `now`
  /// (docs/cli.md §2.1: RUN may be left out when exactly one run is active). Records nothing.
  func run(_ given: String?) throws -> Run { try service().run(given, at: now) }
}
