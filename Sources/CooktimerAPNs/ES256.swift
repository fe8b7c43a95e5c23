import CCrypto
import Foundation

/// ES256 (ECDSA P-256 with SHA-256) as JWS wants it: the raw 64-byte `r‖s`, each half
/// left-padded to 32 bytes (RFC 7518 §3.4). libcrypto signs in DER (an ASN.1 SEQUENCE of two
/// INTEGERs), which APNs refuses with 403 InvalidProviderToken, so the signature is unpacked.
enum ES256 {
  static let halfLength = 32

  /// The raw `r‖s` signature of SHA-256(`message`).
  /// - Throws: ``APNsError/signing(_:)`` when libcrypto fails.
  static func sign(_ message: Data, with key: APNsSigningKey) throws(APNsError) -> Data {
    let der = try derSignature(message, with: key)
    return try rawSignature(fromDER: der)
  }

  static func derSignature(_ message: Data, with key: APNsSigningKey) throws(APNsError) -> Data {
    guard let context = EVP_MD_CTX_new() else { throw .signing("out of memory") }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key.pkey) == 1 else {
      throw .signing(openSSLErrorLine("EVP_DigestSignInit failed"))
    }
    var length = 0
    let bytes = [UInt8](message)
    guard EVP_DigestSign(context, nil, &length, bytes, bytes.count) == 1 else {
      throw .signing(openSSLErrorLine("EVP_DigestSign (length) failed"))
    }
    var signature = [UInt8](repeating: 0, count: length)
    guard EVP_DigestSign(context, &signature, &length, bytes, bytes.count) == 1 else {
      throw .signing(openSSLErrorLine("EVP_DigestSign failed"))
    }
    return Data(signature.prefix(length))
  }

  /// Unpacks a DER ECDSA signature into `r‖s`.
  static func rawSignature(fromDER der: Data) throws(APNsError) -> Data {
    let bytes = [UInt8](der)
    let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
    }
    guard let parsed else { throw .signing(openSSLErrorLine("not a DER ECDSA signature")) }
    defer { ECDSA_SIG_free(parsed) }
    var raw = [UInt8](repeating: 0, count: 2 * halfLength)
    let written = raw.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      return [ECDSA_SIG_get0_r(parsed), ECDSA_SIG_get0_s(parsed)].enumerated().allSatisfy {
        BN_bn2binpad($0.element, base + $0.offset * halfLength, Int32(halfLength)) == halfLength
      }
    }
    guard written else { throw .signing("an ECDSA half is longer than 32 bytes") }
    return Data(raw)
  }
}
