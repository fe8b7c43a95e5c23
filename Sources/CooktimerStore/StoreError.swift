import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every error the store throws: facts (what kind, which file, SQLite's code), no exit
/// status — each front end maps ``Kind`` to its own (the CLI in `Failure.swift`).
///
/// SQLite's extended result code and message are kept when there is one; bound values never
/// appear (they can hold recipe text the cook considers private), and neither does SQL text.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as the CLI needs to tell it apart.
  public enum Kind: Hashable, Sendable {
    /// The file is damaged or not an SQLite database at all.
    case corrupt
    /// A valid SQLite database that belongs to another program.
    case notCooktimerDatabase
    /// Written by a newer cooktimer: schema `version` is above what this build knows.
    case futureSchema(version: Int)
    /// Read-only file, folder or connection; access refused.
    case permissionDenied
    /// Disk full, I/O failure, or a folder that cannot be created.
    case io
    /// Another process held the database longer than the busy timeout.
    case busy
    /// The database server cannot be reached now: not running, restarting, failing over, or
    /// refusing more connections (PostgreSQL's `too many connections`). A long-running front
    /// end waits it out (HTTP 503); a one-shot command exits 74.
    case unreachable
    /// The database's own settings do not fit: a `search_path` schema that does not exist
    /// (SQLSTATE 3F000), a server that takes no writes (25006: a standby, or a role or
    /// database set read-only). Exit 78; the hint says what to change.
    case misconfigured
    /// No run has this id.
    case noSuchRun(String)
    /// A stored value that does not decode, or any other SQLite failure.
    case other
  }

  public var kind: Kind
  /// The database file concerned (`:memory:` for an in-memory store).
  public var path: String
  /// SQLite's extended result code (e.g. 2067 `SQLITE_CONSTRAINT_UNIQUE`), if any.
  public var resultCode: Int32?
  /// What happened, one line, without bound values.
  public var detail: String
  /// What to do, when it is more precise than the kind's own advice.
  public var hint: String?

  public init(
    kind: Kind, path: String, resultCode: Int32? = nil, detail: String, hint: String? = nil
  ) {
    self.kind = kind
    self.path = path
    self.resultCode = resultCode
    self.detail = detail
    self.hint = hint
  }

  /// One line naming the file and what to do, without control characters. SQLite's
  /// messages can span lines (its integrity report lists one problem per line), and so can
  /// a path: line breaks become ` / `. libpq's indent their hint line with a tab
  /// (`Connection refused\n\tIs the server running…`) and a server's message may quote
  /// anything: a run of white space holding a tab or another white-space control becomes one
  /// space, and every other control character (C0, DEL, C1) U+FFFD.
  public var description: String {
    let line = "\(path): \(detail)".split(whereSeparator: \.isNewline)
    var text = line.map { Self.printable(String($0)) }.filter { !$0.isEmpty }
      .joined(separator: " / ")
    if let resultCode { text += " (SQLite code \(resultCode))" }
    if let hint { return text + "; " + hint }
    switch kind {
    // `where` binds to one pattern only: each PostgreSQL case says so itself.
    case .corrupt where path.hasPrefix("postgres"),
      .notCooktimerDatabase where path.hasPrefix("postgres"):
      text += "; name another database, this one was left untouched"
    case .corrupt, .notCooktimerDatabase:
      text += "; pass --db with another file, the file was left untouched"
    case .futureSchema:
      text += "; upgrade cooktimer or pass --db with another file"
    case .permissionDenied where path.hasPrefix("postgres"):
      text += "; check the URL's user and password and the role's rights, or pass --db"
    case .permissionDenied:
      text += "; check the permissions of the file and its folder, or pass --db"
    case .io where path.hasPrefix("postgres"), .unreachable:
      text += "; check that the PostgreSQL server runs and the URL, or pass --db"
    case .io:
      text += "; check free disk space and the folder, or pass --db"
    case .busy where path.hasPrefix("postgres"):
      text += "; try again"
    case .busy:
      text += "; another cooktimer is writing, try again"
    case .noSuchRun, .other, .misconfigured:
      break
    }
    return text
  }
}

extension StoreError {
  /// `line` (no line breaks) with white-space runs that hold a control character as one
  /// space, other control characters as U+FFFD, and the ends trimmed.
  static func printable(_ line: String) -> String {
    var out = String.UnicodeScalarView()
    var run = String.UnicodeScalarView()
    var runHasControl = false
    func endRun() {
      if runHasControl { out.append(" ") } else { out.append(contentsOf: run) }
      run = String.UnicodeScalarView()
      runHasControl = false
    }
    for scalar in line.unicodeScalars {
      let control = scalar.properties.generalCategory == .control
      if scalar.properties.isWhitespace {
        run.append(scalar)
        runHasControl = runHasControl || control
        continue
      }
      endRun()
      out.append(control ? "\u{FFFD}" : scalar)
    }
    endRun()
    return String(out).trimmingCharacters(in: .whitespaces)
  }

  /// Classifies an SQLite result code. `systemErrno` refines `SQLITE_CANTOPEN`.
  static func sqlite(
    code: Int32, message: String, path: String, systemErrno: Int32 = 0
  ) -> StoreError {
    let kind: Kind
    switch code & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB: kind = .corrupt
    case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: kind = .permissionDenied
    case SQLITE_FULL, SQLITE_IOERR: kind = .io
    case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
    case SQLITE_CANTOPEN:
      kind = isPermissionErrno(systemErrno) ? .permissionDenied : .io
    default: kind = .other
    }
    return StoreError(kind: kind, path: path, resultCode: code, detail: message)
  }

  /// `EACCES`, `EPERM` and `EROFS`: the cook must change permissions, not free space.
  static func isPermissionErrno(_ value: Int32) -> Bool {
    value == EACCES || value == EPERM || value == EROFS
  }
}
