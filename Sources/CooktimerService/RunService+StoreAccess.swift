import CooktimerStore

/// The service's one way into the store: every transaction of a use case goes through here,
/// so a store error leaves the service as ``ServiceError`` (``ServiceError/database(_:)``)
/// and front ends never meet the store's type.
extension RunService {
  /// A write transaction (``RunStore/transaction(_:)``); the body's other errors (the
  /// engine's refusals, the wire formats') pass through unchanged.
  func transaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    do {
      return try store.transaction(body)
    } catch let error as StoreError {
      throw ServiceError(error)
    }
  }

  /// A read transaction (``RunStore/read(_:)``), errors as ``transaction(_:)``.
  func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    do {
      return try store.read(body)
    } catch let error as StoreError {
      throw ServiceError(error)
    }
  }

  /// A write transaction whose body throws only the service's or the store's errors.
  func writing<T>(_ body: (StoreTransaction) throws -> T) throws(ServiceError) -> T {
    do {
      return try store.transaction(body)
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// A read transaction whose body throws only the service's or the store's errors.
  func reading<T>(_ body: (StoreTransaction) throws -> T) throws(ServiceError) -> T {
    do {
      return try store.read(body)
    } catch {
      throw ServiceError.wrapping(error)
    }
  }
}
