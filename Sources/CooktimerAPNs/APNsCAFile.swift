import CCrypto
import Foundation

/// `--apns-ca FILE` / `COOKTIMER_APNS_CA` (docs/delivery.md §2.2): PEM CA certificates to
/// trust in place of the system's. A file without one is a setting to fix, not a network
/// fault: checked before the first connection, so it exits 78 at once rather than being
/// retried as an unreachable server (issue 26).
public enum APNsCAFile {
  /// - Throws: ``APNsError/settings(_:)`` when `path` cannot be read or holds no PEM
  ///   certificate (`-----BEGIN CERTIFICATE-----`, read by libcrypto).
  public static func check(_ path: String) throws(APNsError) {
    guard let pem = FileManager.default.contents(atPath: path) else {
      throw .settings("APNs CA file \(path) does not exist or cannot be read")
    }
    let found: Bool = pem.withUnsafeBytes { bytes in
      guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(clamping: bytes.count)) else {
        return false
      }
      defer { BIO_free(bio) }
      guard let certificate = PEM_read_bio_X509(bio, nil, nil, nil) else { return false }
      X509_free(certificate)
      return true
    }
    ERR_clear_error()
    guard found else {
      throw .settings(
        "APNs CA file \(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
    }
  }
}
