import CPostgreSQL
import CooktimerStore
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// A connection that `LISTEN`s on the store's channels (``StoreChannel``) and waits on its
/// socket for notifications (PostgreSQL 15 manual §34.9: `PQconsumeInput`, `PQnotifies`,
/// `poll` on `PQsocket`), so a waiter wakes as soon as another connection's commit is told —
/// no polling interval. Notifications of other schemas of the database (the payload is the
/// schema's name) are passed over. Not thread-safe: one waiter.
final class PostgreSQLListener: ChangeListener {
  private let engine: PostgreSQLEngine
  /// The schema whose commits count (the engine's `current_schema()`).
  private var schema = ""

  init(url: String, label: String) throws(StoreError) {
    engine = try PostgreSQLEngine(url: url)
    try listen()
  }

  /// `LISTEN` on every channel; again after a reconnection (a new session listens to nothing).
  private func listen() throws(StoreError) {
    let listens = StoreChannel.allCases.map { "LISTEN \($0.rawValue);" }.joined()
    try engine.execute(listens)
    let statement = try engine.prepare("SELECT current_schema()")
    schema = try statement.step() ? statement.text(0) : ""
    statement.reset()
  }

  func wait(for channels: Set<StoreChannel>, timeout: Double) throws(StoreError) -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
    while true {
      guard cooktimer_pq_consume_input(engine.connection) != 0 else {
        // Lost (a restart, a failover): listen again; what came meanwhile is unknown.
        try engine.reconnectIfLost()
        try listen()
        return true
      }
      if drain(channels) { return true }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { return false }
      var descriptor = pollfd(
        fd: cooktimer_pq_socket(engine.connection), events: Int16(POLLIN), revents: 0)
      guard descriptor.fd >= 0 else {
        try engine.reconnectIfLost()
        try listen()
        return true
      }
      let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
      _ = poll(&descriptor, 1, milliseconds)
    }
  }

  /// Takes every notification read so far; whether one was for this schema on `channels`.
  private func drain(_ channels: Set<StoreChannel>) -> Bool {
    var told = false
    while let notice = cooktimer_pq_notifies(engine.connection) {
      let channel = StoreChannel(rawValue: String(cString: notice.pointee.relname))
      let payload = String(cString: notice.pointee.extra)
      if let channel, channels.contains(channel), payload == schema { told = true }
      cooktimer_pq_freemem(notice)
    }
    return told
  }
}
