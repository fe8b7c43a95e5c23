import CooktimerCore

/// The pairing codes' rows (docs/api.md §2.1, migration 12): the SHA-256 of each code, when
/// it expires and when it was used. Any server redeems a code any server made.
extension StoreTransaction {
  /// Pairing codes kept unused at most; making another drops the one nearest its expiry.
  public static let pairingCodeCapacity = 16

  /// Stores a new code's `hash`, good until `expiresAt`; drops the codes expired or used
  /// by `now` and the oldest past ``pairingCodeCapacity``.
  public func addPairingCode(hash: String, expiresAt: Instant, now: Instant) throws(StoreError) {
    try db.run(
      "DELETE FROM pairing_codes WHERE expires_ms <= ? OR used_ms IS NOT NULL", [.instant(now)])
    // The newest `capacity - 1` stay beside the new one (codes made in one millisecond
    // are equally old: the hash orders them).
    try db.run(
      """
      DELETE FROM pairing_codes WHERE hash NOT IN (SELECT hash FROM pairing_codes
        ORDER BY expires_ms DESC, hash LIMIT \(Self.pairingCodeCapacity - 1))
      """, [])
    try db.run(
      "INSERT INTO pairing_codes (hash, expires_ms) VALUES (?, ?)",
      [.text(hash), .instant(expiresAt)])
  }

  /// Marks the code of `hash` used at `now` if it is unused and not expired (`expires_ms`
  /// after `now`); false otherwise. One conditional UPDATE: of two transactions redeeming
  /// one code, the second waits for the first's row lock (PostgreSQL) or write lock
  /// (SQLite), then finds it used.
  public func redeemPairingCode(hash: String, at now: Instant) throws(StoreError) -> Bool {
    try db.run(
      """
      UPDATE pairing_codes SET used_ms = ?
        WHERE hash = ? AND used_ms IS NULL AND expires_ms > ?
      """, [.instant(now), .text(hash), .instant(now)]) == 1
  }
}
