import CCrypto
import Foundation

/// Checks a JWT's ES256 signature with libcrypto, independently of the signer: the raw
/// `r‖s` is packed back into DER, the form EVP_DigestVerify takes. Anything but 64 bytes —
/// a DER signature, say — is refused, as APNs refuses it.
enum SignatureCheck {
  static func verifies(jwt: String, publicKeyFile: String) -> Bool {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let raw = base64URL(String(parts[2])), raw.count == 64 else {
      return false
    }
    guard let der = derSignature(raw), let key = publicKey(publicKeyFile) else { return false }
    defer { EVP_PKEY_free(key) }
    let message = [UInt8]((parts[0] + "." + parts[1]).utf8)
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
    return EVP_DigestVerify(context, der, der.count, message, message.count) == 1
  }

  static func derSignature(_ raw: Data) -> [UInt8]? {
    let bytes = [UInt8](raw)
    guard let signature = ECDSA_SIG_new() else { return nil }
    defer { ECDSA_SIG_free(signature) }
    let r = BN_bin2bn(bytes, 32, nil)
    let s = bytes.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
    guard ECDSA_SIG_set0(signature, r, s) == 1 else { return nil }
    var out: UnsafeMutablePointer<UInt8>?
    let length = i2d_ECDSA_SIG(signature, &out)
    guard length > 0, let out else { return nil }
    defer { CRYPTO_free(out, #fileID, #line) }
    return Array(UnsafeBufferPointer(start: out, count: Int(length)))
  }

  static func publicKey(_ path: String) -> OpaquePointer? {
    guard let bio = BIO_new_file(path, "r") else { return nil }
    defer { BIO_free(bio) }
    return PEM_read_bio_PUBKEY(bio, nil, nil, nil)
  }

  static func base64URL(_ text: String) -> Data? {
    var standard = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while standard.count % 4 != 0 { standard += "=" }
    return Data(base64Encoded: standard)
  }

  /// The JSON text of a JWT segment.
  static func segment(_ jwt: String, _ index: Int) -> String? {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let data = base64URL(String(parts[index])) else { return nil }
    return String(data: data, encoding: .utf8)
  }
}
