import CooktimerStore

extension ServiceError {
  /// `error` as the service's own error when it is a store failure (a run the store does
  /// not have is ``noSuchRun(_:)``, any other failure ``database(_:)``); any other error
  /// unchanged. Front ends pass every error through here once, so they map one error type
  /// and never name the store's.
  public static func converting(_ error: any Error) -> any Error {
    guard let error = error as? StoreError else { return error }
    return ServiceError(error)
  }

  /// `body`'s value, its store failure told as the service's (``wrapping(_:)``).
  static func storing<T>(_ body: () throws -> T) throws(ServiceError) -> T {
    do {
      return try body()
    } catch {
      throw wrapping(error)
    }
  }
}
