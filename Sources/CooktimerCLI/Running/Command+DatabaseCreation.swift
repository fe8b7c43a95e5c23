extension Command {
  /// Whether the command stores something new, so it may make the database file (folders
  /// included). Any other command on a path with no database says so instead (exit 66,
  /// docs/cli.md): a mistyped `--db` never looks like lost timers, and listing tokens or
  /// keys creates nothing.
  var createsDatabase: Bool {
    switch self {
    case .start, .send, .serve: return true
    // Not `token add activity`: its run must be in the database already, so with none it
    // is "no database yet" (66) rather than a new empty file and "no run".
    case .token(.addPushToStart), .token(.addDevice), .apikey(.create):
      return true
    default: return false
    }
  }
}
