import CCrypto
import CooktimerCore
import CooktimerHTTP
import Foundation

/// The certificate `serve --tls` answers HTTPS with (docs/api.md §2.2): made here with
/// OpenSSL's libcrypto when the cook has none — an EC P-256 key (RFC 5480) and a self-signed
/// X.509 v3 certificate signed with ECDSA-SHA256, whose subjectAltName (RFC 5280 §4.2.1.6)
/// names every way a tablet on the network reaches this machine — or read from the cook's
/// own PEM files.
///
/// Browsers allow the wake lock and notifications only in a secure context
/// (https://w3c.github.io/screen-wake-lock/, "SecureContext"): a LAN address over plain HTTP
/// is not one, HTTPS with a certificate the cook accepted is.
public struct KitchenCertificate: Sendable, Hashable {
  /// The certificate, PEM (then any intermediates, for one read from a file).
  public var certificatePEM: String
  /// Its private key, unencrypted PEM (PKCS #8 for one made here).
  public var privateKeyPEM: String
  /// SHA-256 of the certificate's DER, as `AB:CD:…` (32 pairs, upper case): what a browser
  /// shows for it, to compare before accepting it.
  public var fingerprint: String
  /// The subjectAltName as OpenSSL prints it (`DNS:kitchen, IP Address:127.0.0.1`); "" if none.
  public var subjectAlternativeNames: String

  /// For ``HTTPServerConfiguration/tls``.
  public var tls: HTTPServerTLS {
    HTTPServerTLS(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM)
  }

  /// Days a certificate made here is valid: 825, the longest Apple's platforms accept for a
  /// TLS server certificate (https://support.apple.com/en-us/103769).
  public static let validDays: Int64 = 825

  /// Makes a new key and a self-signed certificate for `dnsNames` and `ipAddresses`
  /// (numeric IPv4 or IPv6), valid from a day before `now` (a tablet's clock may lag) for
  /// ``validDays``; the subject's common name is `cooktimer on` the first DNS name.
  /// - Throws: ``KitchenCertificateError`` when libcrypto fails or an address is not numeric.
  public static func selfSigned(dnsNames: [String], ipAddresses: [String], at now: Instant)
    throws(KitchenCertificateError) -> KitchenCertificate
  {
    let key = try generateKey()
    defer { EVP_PKEY_free(key) }
    guard let x509 = X509_new() else { throw .openSSL("X509_new failed") }
    defer { X509_free(x509) }
    var serial = [UInt8](repeating: 0, count: 16)
    guard RAND_bytes(&serial, Int32(serial.count)) == 1 else { throw .openSSL("RAND_bytes") }
    serial[0] &= 0x7f  // RFC 5280 §4.1.2.2: a positive number of at most 20 bytes
    let seconds = now.unixMilliseconds / 1000
    guard X509_set_version(x509, 2) == 1,  // v3, for the extensions
      let number = BN_bin2bn(serial, Int32(serial.count), nil)
    else { throw .openSSL("the serial number") }
    defer { BN_free(number) }
    guard BN_to_ASN1_INTEGER(number, X509_get_serialNumber(x509)) != nil,
      ASN1_TIME_set(X509_getm_notBefore(x509), time_t(seconds - 86_400)) != nil,
      ASN1_TIME_set(X509_getm_notAfter(x509), time_t(seconds + validDays * 86_400)) != nil,
      X509_set_pubkey(x509, key) == 1
    else { throw .openSSL("the certificate's fields") }
    let name = X509_get_subject_name(x509)
    let common = Array("cooktimer on \(dnsNames.first ?? "localhost")".utf8.prefix(64))
    let utf8: Int32 = 0x1000  // MBSTRING_UTF8, a macro of a macro Swift does not import
    guard
      X509_NAME_add_entry_by_txt(
        name, "CN", utf8, common,
        Int32(common.count), -1, 0) == 1,
      X509_set_issuer_name(x509, name) == 1
    else { throw .openSSL("the certificate's name") }
    for ip in ipAddresses where !isNumericAddress(ip) {
      throw .badAddress(ip)
    }
    let alternatives = (dnsNames.map { "DNS:\($0)" } + ipAddresses.map { "IP:\($0)" })
      .joined(separator: ",")
    try add(x509, NID_subject_alt_name, alternatives)
    try add(x509, NID_basic_constraints, "critical,CA:FALSE")
    try add(x509, NID_key_usage, "critical,digitalSignature")
    try add(x509, NID_ext_key_usage, "serverAuth")
    try add(x509, NID_subject_key_identifier, "hash")
    guard X509_sign(x509, key, EVP_sha256()) > 0 else { throw .openSSL("signing") }
    return KitchenCertificate(
      certificatePEM: try pem { PEM_write_bio_X509($0, x509) },
      privateKeyPEM: try pem { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) },
      fingerprint: try fingerprint(x509), subjectAlternativeNames: alternativeNames(x509))
  }

  /// A certificate and key as PEM text (`--tls-cert`, `--tls-key`, or the files made
  /// before), checked to belong together.
  /// - Throws: ``KitchenCertificateError`` naming which part does not read or match.
  public static func read(certificatePEM: String, privateKeyPEM: String)
    throws(KitchenCertificateError) -> KitchenCertificate
  {
    let x509 = try withBIO(certificatePEM) { PEM_read_bio_X509($0, nil, nil, nil) }
    guard let x509 else { throw .unreadable("the certificate is not a PEM X.509 certificate") }
    defer { X509_free(x509) }
    let key = try withBIO(privateKeyPEM) { cooktimer_pem_read_private_key($0) }
    guard let key else {
      throw .unreadable("the key is not an unencrypted PEM private key")
    }
    defer { EVP_PKEY_free(key) }
    guard X509_check_private_key(x509, key) == 1 else {
      ERR_clear_error()
      throw .unreadable("the key is not the certificate's key")
    }
    return KitchenCertificate(
      certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM,
      fingerprint: try fingerprint(x509), subjectAlternativeNames: alternativeNames(x509))
  }

  /// Whether the certificate names every one of `dnsNames` and `ipAddresses` (RFC 6125
  /// matching, as OpenSSL's `X509_check_host` and `X509_check_ip_asc` do it) and is valid
  /// at `now`: a kept certificate that no longer fits the machine is made anew.
  public func covers(dnsNames: [String], ipAddresses: [String], at now: Instant) -> Bool {
    guard
      let x509 = try? Self.withBIO(certificatePEM, { PEM_read_bio_X509($0, nil, nil, nil) })
    else { return false }
    defer { X509_free(x509) }
    var moment = time_t(now.unixMilliseconds / 1000)
    guard X509_cmp_time(X509_get0_notBefore(x509), &moment) < 0,
      X509_cmp_time(X509_get0_notAfter(x509), &moment) > 0
    else { return false }
    return dnsNames.allSatisfy { X509_check_host(x509, $0, $0.utf8.count, 0, nil) == 1 }
      && ipAddresses.allSatisfy { X509_check_ip_asc(x509, $0, 0) == 1 }
  }

  // MARK: libcrypto

  private static func generateKey() throws(KitchenCertificateError) -> OpaquePointer {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
      throw .openSSL("no EC key support")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1,
      EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
      EVP_PKEY_generate(context, &key) == 1, let key
    else { throw .openSSL("making a P-256 key") }
    return key
  }

  private static func add(_ x509: OpaquePointer, _ nid: Int32, _ value: String)
    throws(KitchenCertificateError)
  {
    var context = X509V3_CTX()
    X509V3_set_ctx(&context, x509, x509, nil, nil, 0)
    guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else {
      throw .openSSL("the extension \(value)")
    }
    defer { X509_EXTENSION_free(ext) }
    guard X509_add_ext(x509, ext, -1) == 1 else { throw .openSSL("adding \(value)") }
  }

  private static func fingerprint(_ x509: OpaquePointer) throws(KitchenCertificateError)
    -> String
  {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard X509_digest(x509, EVP_sha256(), &digest, &length) == 1, length == 32 else {
      throw .openSSL("the fingerprint")
    }
    return digest.map { byte in
      let hex = String(byte, radix: 16, uppercase: true)
      return hex.count == 1 ? "0" + hex : hex
    }.joined(separator: ":")
  }

  private static func alternativeNames(_ x509: OpaquePointer) -> String {
    let index = X509_get_ext_by_NID(x509, NID_subject_alt_name, -1)
    guard index >= 0, let ext = X509_get_ext(x509, index) else { return "" }
    return (try? pem { X509V3_EXT_print($0, ext, 0, 0) }) ?? ""
  }

  /// What `write` puts into a memory BIO, as text.
  private static func pem(_ write: (OpaquePointer) -> Int32) throws(KitchenCertificateError)
    -> String
  {
    guard let bio = BIO_new(BIO_s_mem()) else { throw .openSSL("BIO_new") }
    defer { BIO_free(bio) }
    guard write(bio) == 1 else { throw .openSSL("writing PEM") }
    var start: UnsafeMutablePointer<CChar>?
    let count = cooktimer_bio_mem_contents(bio, &start)
    guard let start, count > 0 else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: start, count: Int(count)), as: UTF8.self)
  }

  private static func withBIO<T>(_ text: String, _ body: (OpaquePointer) -> T?)
    throws(KitchenCertificateError) -> T?
  {
    let bytes = Array(text.utf8)
    let result: T?? = bytes.withUnsafeBytes { raw -> T?? in
      guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
      defer { BIO_free(bio) }
      return .some(body(bio))
    }
    ERR_clear_error()
    guard let result else { throw .openSSL("BIO_new_mem_buf") }
    return result
  }

  private static func isNumericAddress(_ text: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
  }
}

/// Why a ``KitchenCertificate`` could not be made or read.
public enum KitchenCertificateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libcrypto failed at the step named (out of memory, a broken installation).
  case openSSL(String)
  /// A PEM text is not what it should be; the text says which and how.
  case unreadable(String)
  /// Not a numeric IPv4 or IPv6 address.
  case badAddress(String)

  public var description: String {
    switch self {
    case .openSSL(let step): return "libcrypto failed: \(step)"
    case .unreadable(let what): return what
    case .badAddress(let text): return "\(text) is not a numeric IP address"
    }
  }
}
