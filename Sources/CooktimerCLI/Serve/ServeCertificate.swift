import CooktimerCore
import CooktimerServer
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How `serve` answers (docs/api.md §2.2): plain HTTP, HTTPS with the kitchen certificate
/// made here (`--tls`), or with the cook's own (`--tls-cert FILE --tls-key FILE`).
public enum ServeTLSChoice: Equatable, Sendable {
  case none
  case selfSigned
  case files(certificate: String, key: String)
}

/// The certificate `serve` uses and what to say about it at start.
struct ServeCertificate {
  var certificate: KitchenCertificate
  /// One line for stdout: where it came from and its fingerprint.
  var line: String
}

extension CommandContext {
  /// The file names of the certificate made by `--tls`, in the database's folder.
  static let certificateFile = "kitchen-tls-cert.pem"
  static let keyFile = "kitchen-tls-key.pem"

  /// The certificate for `choice`, or `nil` for plain HTTP.
  /// - Throws: ``CLIError/notFound(_:)`` for a file that is not there;
  ///   `KitchenCertificateError` for one that does not read or a key that does not match.
  func serveCertificate(_ choice: ServeTLSChoice, databasePath: String, at now: Instant) throws
    -> ServeCertificate?
  {
    switch choice {
    case .none: return nil
    case .files(let certificateFile, let keyFile):
      let certificate = try KitchenCertificate.read(
        certificatePEM: try Self.readText(certificateFile, option: "--tls-cert"),
        privateKeyPEM: try Self.readText(keyFile, option: "--tls-key"))
      return ServeCertificate(
        certificate: certificate,
        line: "cooktimer: TLS certificate \(certificateFile), SHA-256 \(certificate.fingerprint)")
    case .selfSigned:
      let folder = (databasePath as NSString).deletingLastPathComponent
      let certificatePath = (folder as NSString).appendingPathComponent(Self.certificateFile)
      let keyPath = (folder as NSString).appendingPathComponent(Self.keyFile)
      let names = ["localhost"] + MachineAddresses.hostNames()
      let addresses = ["127.0.0.1", "::1"] + MachineAddresses.lanAddresses()
      if let kept = try? KitchenCertificate.read(
        certificatePEM: String(contentsOfFile: certificatePath, encoding: .utf8),
        privateKeyPEM: String(contentsOfFile: keyPath, encoding: .utf8)),
        kept.covers(dnsNames: names, ipAddresses: addresses, at: now)
      {
        return ServeCertificate(
          certificate: kept,
          line: "cooktimer: TLS certificate \(certificatePath), SHA-256 \(kept.fingerprint)")
      }
      // None yet, or one that no longer names this machine (a new address from the router):
      // a new one, which each screen accepts once more.
      let made = try KitchenCertificate.selfSigned(
        dnsNames: names, ipAddresses: addresses, at: now)
      try Self.writePrivate(made.privateKeyPEM, to: keyPath)
      try Self.writePrivate(made.certificatePEM, to: certificatePath)
      return ServeCertificate(
        certificate: made,
        line:
          "cooktimer: made a TLS certificate for \(names.joined(separator: ", ")), "
          + "\(addresses.joined(separator: ", ")) in \(certificatePath), SHA-256 \(made.fingerprint)"
      )
    }
  }

  private static func readText(_ path: String, option: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError.notFound("\(option) \(path): no such file, or it cannot be read")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Writes `text` to `path` with mode 0600 (a private key, and its certificate beside it):
  /// to a new file in the same folder first, then renamed over, so a crash never leaves half
  /// a key.
  private static func writePrivate(_ text: String, to path: String) throws {
    let temporary = path + ".new"
    unlink(temporary)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw CLIError.cannotCreate("cannot write \(temporary): \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let synced = fsync(fd) == 0
    close(fd)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw CLIError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }
}
