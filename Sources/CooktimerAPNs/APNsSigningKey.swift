import CCrypto
import Foundation

/// An APNs provider signing key: the EC P-256 private key of an Apple `.p8` file (PKCS#8
/// PEM, "-----BEGIN PRIVATE KEY-----"), loaded with libcrypto.
///
/// Source: Apple, "Establishing a token-based connection to APNs" (the key is an ES256 key
/// downloaded once from the developer account).
public final class APNsSigningKey: @unchecked Sendable {
  // @unchecked: the EVP_PKEY is never modified after loading, and OpenSSL 3 allows
  // concurrent signing with one unmodified key.
  let pkey: OpaquePointer

  /// Loads the key at `path`.
  /// - Throws: ``APNsError/key(_:)`` naming the file when it cannot be read, is not a PEM
  ///   private key, is encrypted, or is not an EC P-256 key.
  public convenience init(contentsOfFile path: String) throws(APNsError) {
    let pem: Data
    do {
      pem = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
      throw .key("\(path) \(reason)")
    }
    try self.init(pem: pem, name: path)
  }

  /// Loads a key from PEM bytes; `name` says where they came from in error lines.
  /// - Throws: ``APNsError/key(_:)`` as ``init(contentsOfFile:)``.
  public init(pem: Data, name: String = "the key") throws(APNsError) {
    let loaded: OpaquePointer? = pem.withUnsafeBytes { bytes in
      guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
      defer { BIO_free(bio) }
      return cooktimer_pem_read_private_key(bio)
    }
    guard let loaded else {
      throw .key(
        openSSLErrorLine("\(name) is not a PEM private key (an unencrypted .p8 file)"))
    }
    let type = EVP_PKEY_get_base_id(loaded)
    guard type == EVP_PKEY_EC else {
      let typeName = type == EVP_PKEY_RSA ? "RSA" : String(cString: OBJ_nid2sn(type))
      EVP_PKEY_free(loaded)
      throw .key("\(name) is not an EC key (it is \(typeName)); APNs needs an EC P-256 key (.p8)")
    }
    var curve = [CChar](repeating: 0, count: 64)
    let named = cooktimer_pkey_group_name(loaded, &curve, curve.count) == 1
    let curveName = named ? curve.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : "?"
    guard curveName == "prime256v1" else {
      EVP_PKEY_free(loaded)
      throw .key("\(name) is an EC key on curve \(curveName); APNs needs P-256 (prime256v1)")
    }
    pkey = loaded
  }

  deinit { EVP_PKEY_free(pkey) }
}
