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

  /// A write transaction whose body also runs a front end's code; with `lockingRuns`, one
  /// that locks the run it changes before reading it (``RunStore/runTransaction(_:)``) (``RunService/Finish``):
  /// the service's, the store's, the core's and the wire formats' errors leave as
  /// ``ServiceError``, any other error as the front end threw it.
  func changing<T>(lockingRuns: Bool = false, _ body: (StoreTransaction) throws -> T) throws
    -> T
  {
    do {
      // A change of one run that locks it (``RunService/select(_:tx:at:locking:)``) waits only
      // for changes of that run (PostgreSQL), not for every writer.
      return try lockingRuns ? store.runTransaction(body) : store.transaction(body)
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
