import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The APNs signing key (`.p8`) is a private key: like OpenSSH with an identity file
/// ("UNPROTECTED PRIVATE KEY FILE!", `sshkey_perm_ok` refuses any group or other bit), the
/// sender refuses one that others on the machine may read or write (issue 26), before
/// anything is sent.
public enum SigningKeyFile {
  /// - Throws: ``DeliveryError/unprotectedKey(path:mode:)`` when `path`'s mode has any bit
  ///   of `0o077`. A file that cannot be looked at is left to the key's loader to report.
  public static func check(_ path: String) throws(DeliveryError) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    let mode = Int(info.st_mode) & 0o777
    if mode & 0o077 != 0 { throw .unprotectedKey(path: path, mode: mode) }
  }
}
