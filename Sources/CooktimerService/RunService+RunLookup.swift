import CooktimerCore
import CooktimerStore

/// The one rule for finding a run by the id a cook typed (docs/cli.md §1.4): run ids are
/// stored lowercase (`a3f`), and a typed `A3F` names the same run. Every use case that
/// takes a run id reads it through here.
extension StoreTransaction {
  /// The run whose id is `given` as typed or lowercased; `nil` when neither is stored.
  func run(named given: String) throws(StoreError) -> Run? {
    if let run = try run(id: given) { return run }
    let lowered = given.lowercased()
    return lowered == given ? nil : try run(id: lowered)
  }
}

extension RunService {
  /// Whether a run (active or not) has the id `given`, matched case-insensitively: `add 2m
  /// WORD` and `begin TIMER WORD` read WORD as a run only when one has that id.
  ///
  /// - Throws: ``ServiceError/database(_:)`` when the database cannot be read.
  public func runExists(_ given: String) throws(ServiceError) -> Bool {
    try ServiceError.storing { try store.read { tx in try tx.run(named: given) != nil } }
  }
}
