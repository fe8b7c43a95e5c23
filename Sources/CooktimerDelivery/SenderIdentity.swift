#if canImport(Glibc)
  import Glibc
#endif

/// The name a sender leases pushes under, `pid:N@HOST`: with it a sender on the same host
/// can tell that a lease's holder has died (SIGKILL, a crash) and send its pushes at once
/// after a restart, instead of after the lease has run out.
public enum SenderIdentity {
  /// This process's name.
  public static var current: String { "pid:\(getpid())@\(host)" }

  static let host: String = {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
    let bytes = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }()

  /// Whether `owner` names a process of this host that no longer exists. A pid reused
  /// since, or a zombie, reads as alive: that lease then simply runs out.
  static func isGone(_ owner: String) -> Bool {
    guard owner.hasPrefix("pid:"), owner.hasSuffix("@\(host)"),
      let pid = Int32(owner.dropFirst(4).prefix { $0 != "@" })
    else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }
}
