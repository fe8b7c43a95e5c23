import CooktimerService
import Foundation

/// Application layers for the server's threads. A ``RunService`` (and its store connection)
/// serves one thread at a time, so each request checks one out and gives it back; with one
/// per pool thread nobody waits, and SQLite's WAL lets the connections read in parallel
/// while writes take turns in the file (docs/architecture.md).
final class ServicePool: @unchecked Sendable {
  private let condition = NSCondition()
  private var idle: [RunService] = []
  private var made = 0
  private let limit: Int
  private let make: @Sendable () throws -> RunService

  /// - Parameters: `limit` services at most, made by `make` when first needed.
  init(limit: Int, make: @escaping @Sendable () throws -> RunService) {
    self.limit = max(1, limit)
    self.make = make
  }

  /// Runs `body` with a service nobody else uses meanwhile; waits while all are out.
  func with<T>(_ body: (RunService) throws -> T) throws -> T {
    let service = try checkOut()
    defer { checkIn(service) }
    return try body(service)
  }

  private func checkOut() throws -> RunService {
    condition.lock()
    while idle.isEmpty && made >= limit { condition.wait() }
    if let service = idle.popLast() {
      condition.unlock()
      return service
    }
    made += 1
    condition.unlock()
    do {
      return try make()
    } catch {
      condition.lock()
      made -= 1
      condition.signal()
      condition.unlock()
      throw error
    }
  }

  private func checkIn(_ service: RunService) {
    condition.lock()
    idle.append(service)
    condition.signal()
    condition.unlock()
  }
}
