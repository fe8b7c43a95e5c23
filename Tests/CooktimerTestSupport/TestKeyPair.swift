import CCrypto
import Foundation

/// A throwaway signing key made at test time with libcrypto (no private key is committed):
/// the private key as PKCS#8 PEM, as Apple's `.p8` files are, and the public key as
/// SubjectPublicKeyInfo PEM for the stand-in.
public struct TestKeyPair: Sendable {
  public enum Kind: Sendable {
    /// EC P-256, what APNs wants.
    case p256
    /// EC P-384, refused by the APNs key loader.
    case p384
    /// RSA 2048, refused by the APNs key loader.
    case rsa
  }

  /// The folder holding both files.
  public let folder: URL
  /// `key.p8`.
  public var privateKeyFile: String { folder.appendingPathComponent("key.p8").path }
  /// `key.pub.pem`.
  public var publicKeyFile: String { folder.appendingPathComponent("key.pub.pem").path }

  /// Generates a key of `kind` and writes both files to a new temporary folder.
  public init(_ kind: Kind = .p256) throws {
    folder = try TestPaths.temporaryFolder("cooktimer-key")
    guard let key = Self.generate(kind) else { throw TestSupportError("key generation failed") }
    defer { EVP_PKEY_free(key) }
    try Self.write(privateKeyFile) { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }
    // Apple's download is the cook's alone once saved; the sender refuses one others may read.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: privateKeyFile)
    try Self.write(publicKeyFile) { PEM_write_bio_PUBKEY($0, key) }
  }

  private static func generate(_ kind: Kind) -> OpaquePointer? {
    let id = kind == .rsa ? EVP_PKEY_RSA : EVP_PKEY_EC
    guard let context = EVP_PKEY_CTX_new_id(id, nil) else { return nil }
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_keygen_init(context) == 1 else { return nil }
    let configured =
      switch kind {
      case .p256: EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1)
      case .p384: EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_secp384r1)
      case .rsa: EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048)
      }
    var key: OpaquePointer?
    guard configured == 1, EVP_PKEY_keygen(context, &key) == 1 else { return nil }
    return key
  }

  private static func write(_ path: String, _ body: (OpaquePointer) -> Int32) throws {
    guard let bio = BIO_new_file(path, "w") else { throw TestSupportError("cannot write \(path)") }
    defer { BIO_free(bio) }
    guard body(bio) == 1 else { throw TestSupportError("PEM writing failed for \(path)") }
  }
}
