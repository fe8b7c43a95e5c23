import CooktimerStore

/// What went wrong with the database under the service, as front ends need it to choose an
/// exit status or HTTP status (docs/cli.md §5, docs/api.md §3); the message of
/// ``ServiceError/storage(_:_:)`` says which file and what to do.
public enum StorageFailure: Hashable, Sendable {
  /// The file is not a cooktimer database, is damaged, or is from a newer cooktimer.
  case unreadable
  /// The file or its folder may not be read or written.
  case permissionDenied
  /// The disk or the folder failed (full, gone).
  case io
  /// Another process held the database past the wait.
  case busy
  /// Anything else the engine reported.
  case other
}

extension ServiceError {
  /// `error` as the service's own error when it is a store failure (a run the store does
  /// not have is ``noSuchRun(_:)``); any other error unchanged. Front ends pass every error
  /// through here once, so they map one error type and never name the store's.
  public static func converting(_ error: any Error) -> any Error {
    guard let error = error as? StoreError else { return error }
    let failure: StorageFailure
    switch error.kind {
    case .noSuchRun(let id): return ServiceError.noSuchRun(id)
    case .corrupt, .notCooktimerDatabase, .futureSchema: failure = .unreadable
    case .permissionDenied: failure = .permissionDenied
    case .io: failure = .io
    case .busy: failure = .busy
    case .other: failure = .other
    }
    return ServiceError.storage(failure, error.description)
  }

  /// `body`'s value, with a store failure converted (``converting(_:)``).
  static func storing<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw converting(error)
    }
  }
}
