import CCrypto

/// SHA-256 (FIPS 180-4) through OpenSSL's libcrypto: API keys are stored as their digest and
/// compared digest to digest, and an idempotent request is known again by its body's digest.
public enum Digest {
  /// The 32-byte SHA-256 of `bytes`.
  public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
    let input = Array(bytes)
    var out = [UInt8](repeating: 0, count: 32)
    let ok = input.withUnsafeBytes { raw in
      out.withUnsafeMutableBufferPointer {
        cooktimer_sha256(raw.baseAddress, raw.count, $0.baseAddress)
      }
    }
    // EVP_Digest fails only when libcrypto cannot allocate or lacks SHA-256 (a broken
    // installation): nothing can be checked safely then.
    precondition(ok == 1, "libcrypto could not compute SHA-256")
    return out
  }

  /// Lowercase hex of the SHA-256 of `bytes` (64 digits).
  public static func sha256Hex(_ bytes: some Collection<UInt8>) -> String {
    hex(sha256(bytes))
  }

  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
