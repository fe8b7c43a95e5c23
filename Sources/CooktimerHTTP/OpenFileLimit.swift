import Glibc

/// The process's soft limit on open files (`RLIMIT_NOFILE`), which bounds the connections
/// the daemon can accept: Debian's default soft limit is 1024, the hard one far higher.
enum OpenFileLimit {
  /// Room kept for the database, the log, the listening socket and libraries' files.
  static let reserve = 64

  /// Raises the soft limit to fit `connections` connections beside ``reserve``, as far as
  /// the hard limit allows; never lowers it. A failure leaves it as it was (accept then
  /// fails with EMFILE, which libmicrohttpd logs and survives).
  static func raise(toFit connections: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let wanted = rlim_t(connections + reserve)
    guard limit.rlim_cur < wanted else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}
