/// HTTPS for ``HTTPServer``: libmicrohttpd's own TLS (`MHD_USE_TLS`, built on GnuTLS in
/// Debian's libmicrohttpd12) with a certificate and its private key given as PEM text
/// (`MHD_OPTION_HTTPS_MEM_CERT`, `MHD_OPTION_HTTPS_MEM_KEY`).
public struct HTTPServerTLS: Sendable, Hashable {
  /// `-----BEGIN CERTIFICATE-----`…, the server's certificate first, then any intermediates.
  public var certificatePEM: String
  /// The certificate's private key, unencrypted PEM (PKCS #8 or the key type's own form).
  public var privateKeyPEM: String

  public init(certificatePEM: String, privateKeyPEM: String) {
    self.certificatePEM = certificatePEM
    self.privateKeyPEM = privateKeyPEM
  }
}
