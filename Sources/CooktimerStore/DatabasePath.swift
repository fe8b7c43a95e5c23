#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the database lives, and making it exist.
public enum DatabasePath {
  /// The database file, as docs/cli.md §1.2 says: `option` (`--db`), else `$COOKTIMER_DB`, else
  /// `$XDG_DATA_HOME/cooktimer/cooktimer.sqlite3`, else
  /// `$HOME/.local/share/cooktimer/cooktimer.sqlite3`. Empty values count as unset, and a
  /// relative `XDG_DATA_HOME` is ignored (the XDG spec says so). `nil` only when none applies
  /// (no `HOME`).
  public static func resolve(option: String?, environment: [String: String]) -> String? {
    func value(_ name: String) -> String? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      return value
    }
    if let option, !option.isEmpty { return option }
    if let path = value("COOKTIMER_DB") { return path }
    return dataFolder(environment: environment).map { joined($0, "cooktimer.sqlite3") }
  }

  /// cooktimer's data folder: `$XDG_DATA_HOME/cooktimer` (absolute values only), else
  /// `$HOME/.local/share/cooktimer`; `nil` with neither. The database and the default
  /// recipes folder live here.
  public static func dataFolder(environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return joined(data, "cooktimer")
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return joined(home, ".local/share/cooktimer")
  }

  private static func joined(_ folder: String, _ rest: String) -> String {
    folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
  }

  /// Creates the missing parent folders (mode 0700) and, if the file does not exist, an empty
  /// file with mode 0600 (SQLite would use 0644; its `-wal` and `-shm` files copy the mode).
  /// An existing file is left as it is.
  /// - Throws: `.permissionDenied` or `.io`, naming the file and the folder that failed.
  static func prepare(_ path: String) throws(StoreError) {
    try createFolders(parent(of: path), for: path)
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 {
      close(fd)
      return
    }
    let code = errno
    guard code != EEXIST else { return }
    throw failure(code, path: path, what: "cannot create the database file")
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  private static func createFolders(_ folder: String, for file: String) throws(StoreError) {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw failure(ENOTDIR, path: file, what: "cannot use the folder \(folder)")
      }
      return
    }
    guard errno == ENOENT else {
      throw failure(errno, path: file, what: "cannot use the folder \(folder)")
    }
    if folder != "/" && folder != "." { try createFolders(parent(of: folder), for: file) }
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw failure(errno, path: file, what: "cannot create the folder \(folder)")
    }
  }

  private static func failure(_ code: Int32, path: String, what: String) -> StoreError {
    let reason = String(cString: strerror(code))
    return StoreError(
      kind: StoreError.isPermissionErrno(code) ? .permissionDenied : .io, path: path,
      detail: "\(what): \(reason)")
  }
}
