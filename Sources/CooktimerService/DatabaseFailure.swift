import CooktimerActivity
import CooktimerCore
import CooktimerStore

/// A failure of the database under the service, told as facts without the store's own
/// type: front ends map ``Kind`` to an exit status or HTTP status, and never import the
/// store (issue 24: the service is the only door).
public struct DatabaseFailure: Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as a front end needs to tell it apart.
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
    /// Another process held the database longer than the busy timeout (5 s).
    case busy
    /// The database server cannot be reached now (not running, restarting, failing over,
    /// refusing more connections): try again later.
    case unreachable
    /// The database's settings do not fit (a `search_path` schema that does not exist, a
    /// server that takes no writes); the description says what to change.
    case misconfigured
    /// A stored value that does not decode, or any other failure.
    case other
  }

  public var kind: Kind
  /// The database file concerned.
  public var path: String
  /// One line naming the file and what to do (the store's wording).
  public var description: String

  public init(kind: Kind, path: String, description: String) {
    self.kind = kind
    self.path = path
    self.description = description
  }
}

extension DatabaseFailure.Kind {
  /// Whether the database is away for now (unreachable, or held or its connection lost:
  /// `busy`): what waiting may mend — a long-running front end waits or answers 503 at once,
  /// rather than failing for good.
  public var isAway: Bool { self == .unreachable || self == .busy }

  /// The failure as anyone may read it (an HTTP answer's `error`, `/healthz`'s `reason`):
  /// its kind only — never the database's location or the engine's words (a socket path, a
  /// user name, a port are not for whoever can send a request).
  public var summary: String {
    switch self {
    case .busy: return "the database is busy"
    case .unreachable: return "the database is unreachable"
    case .io: return "the database cannot be read or written (I/O failure)"
    case .permissionDenied: return "the database refuses access"
    case .misconfigured:
      return "the database's settings do not fit (a missing schema, a read-only server)"
    case .corrupt, .notCooktimerDatabase, .futureSchema: return "the database is not readable"
    case .other: return "the database failed"
    }
  }
}

extension ServiceError {
  /// `error` as the service tells it: a missing run is ``noSuchRun(_:)``, every other store
  /// failure ``database(_:)`` with its kind.
  init(_ error: StoreError) {
    let kind: DatabaseFailure.Kind
    switch error.kind {
    case .noSuchRun(let id):
      self = .noSuchRun(id)
      return
    case .corrupt: kind = .corrupt
    case .notCooktimerDatabase: kind = .notCooktimerDatabase
    case .futureSchema(let version): kind = .futureSchema(version: version)
    case .permissionDenied: kind = .permissionDenied
    case .io: kind = .io
    case .busy: kind = .busy
    case .unreachable: kind = .unreachable
    case .misconfigured: kind = .misconfigured
    case .other: kind = .other
    }
    self = .database(DatabaseFailure(kind: kind, path: error.path, description: error.description))
  }

  /// `error` (thrown inside a use case: the service's, the store's, the core's or the wire
  /// formats') as a ``ServiceError``; anything else would be a bug of the service, told as
  /// a database failure of kind `.other`.
  static func wrapping(_ error: any Error) -> ServiceError {
    switch error {
    case let error as ServiceError: return error
    case let error as StoreError: return ServiceError(error)
    case let error as CoreError: return .core(error)
    // The engine's refusal while building a push reads as any other refusal.
    case ActivityError.refused(let core): return .core(core)
    case let error as ActivityError: return .activity(error)
    default:
      return .database(DatabaseFailure(kind: .other, path: "", description: "\(error)"))
    }
  }
}

extension ServiceError {
  /// `error` in words for a log (the sender's, `serve`'s): a database failure as the store
  /// words it (the file or URL without its password, what happened), not as a Swift case
  /// (`database(…)`); a store error the same, as the service tells it.
  public static func logWords(_ error: any Error) -> String {
    switch converting(error) {
    case ServiceError.database(let failure): return failure.description
    case let error as CustomStringConvertible: return error.description
    default: return "\(error)"
    }
  }

  /// ``logWords(_:)`` for whoever can read `/healthz`: a database failure as its kind only
  /// (``DatabaseFailure/Kind/summary``), never the database's location.
  public static func publicWords(_ error: any Error) -> String {
    if case ServiceError.database(let failure) = converting(error) {
      return failure.kind.summary
    }
    return logWords(error)
  }
}
