extension Command {
  /// Whether the command stores something new, so it may make the database file (folders
  /// included). Any other command on a path with no database says so instead (exit 66,
  /// docs/cli.md): a mistyped `--db` never looks like lost timers, and listing tokens or
  /// keys creates nothing.
  var createsDatabase: Bool {
    switch self {
    case .start, .send, .serve: return true
    case .token(.addPushToStart), .token(.addActivity), .token(.addDevice), .apikey(.create):
      return true
    default: return false
    }
  }
}
