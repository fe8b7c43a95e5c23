/// The version `cooktimer --version` prints. Raised with each release; the database's own
/// schema version is separate (`PRAGMA user_version`, docs/architecture.md §5).
public enum CooktimerVersion {
  public static let number = "0.9.0"
}
