import CooktimerActivity
import CooktimerCore
import CooktimerStore

/// The service's one way into the store: every transaction of a use case goes through here,
/// so whatever its body throws leaves the service as ``ServiceError``
/// (``ServiceError/wrapping(_:)``) and front ends never meet the store's type.
extension RunService {
  /// A write transaction (``RunStore/transaction(_:)``): on a throw nothing is written.
  func writing<T>(_ body: (StoreTransaction) throws -> T) throws(ServiceError) -> T {
    do {
      return try store.transaction(body)
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// A read transaction (``RunStore/read(_:)``): one consistent snapshot, no write lock.
  func reading<T>(_ body: (StoreTransaction) throws -> T) throws(ServiceError) -> T {
    do {
      return try store.read(body)
    } catch {
      throw ServiceError.wrapping(error)
    }
  }

  /// A write transaction whose body also runs a front end's code (``RunService/Finish``):
  /// the service's, the store's, the core's and the wire formats' errors leave as
  /// ``ServiceError``, any other error as the front end threw it.
  func changing<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    do {
      return try store.transaction(body)
    } catch let error as ServiceError {
      throw error
    } catch let error as StoreError {
      throw ServiceError(error)
    } catch let error as CoreError {
      throw ServiceError.wrapping(error)
    } catch let error as ActivityError {
      throw ServiceError.wrapping(error)
    }
  }
}
