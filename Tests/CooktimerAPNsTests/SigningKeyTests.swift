import CooktimerAPNs
import CooktimerTestSupport
import Foundation
import Testing

@Suite("Signing key (.p8)")
struct SigningKeyTests {
  func keyError(_ load: () throws(APNsError) -> APNsSigningKey) -> String? {
    do {
      _ = try load()
      return nil
    } catch {
      guard case .key(let line) = error else { return "not .key: \(error)" }
      return line
    }
  }

  @Test func loadsAP256PKCS8Key() throws {
    let pair = try TestKeyPair()
    let pem = try String(contentsOfFile: pair.privateKeyFile, encoding: .utf8)
    #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
    _ = try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
  }

  @Test func missingFile() {
    let line = keyError { () throws(APNsError) in
      try APNsSigningKey(contentsOfFile: "/nonexistent/AuthKey_X.p8")
    }
    #expect(line == "/nonexistent/AuthKey_X.p8 does not exist")
  }

  @Test func notPEM() throws {
    let folder = try TestPaths.temporaryFolder("cooktimer-key")
    let path = folder.appendingPathComponent("AuthKey.p8").path
    try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path))
    let line = try #require(
      keyError { () throws(APNsError) in try APNsSigningKey(contentsOfFile: path) })
    #expect(line.hasPrefix("\(path) is not a PEM private key (an unencrypted .p8 file)"))
    #expect(!line.contains("\n"))
    #expect(APNsError.key(line).description == "APNs key: \(line)")
  }

  @Test func refusesRSA() throws {
    let pair = try TestKeyPair(.rsa)
    let line = keyError { () throws(APNsError) in
      try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
    }
    #expect(
      line
        == "\(pair.privateKeyFile) is not an EC key (it is RSA); APNs needs an EC P-256 key (.p8)")
  }

  @Test func refusesAnotherCurve() throws {
    let pair = try TestKeyPair(.p384)
    let line = keyError { () throws(APNsError) in
      try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
    }
    #expect(
      line
        == "\(pair.privateKeyFile) is an EC key on curve secp384r1; APNs needs P-256 (prime256v1)")
  }

  @Test func aFolderCannotBeRead() throws {
    let folder = try TestPaths.temporaryFolder("cooktimer-key")
    let line = keyError { () throws(APNsError) in try APNsSigningKey(contentsOfFile: folder.path) }
    #expect(line == "\(folder.path) cannot be read")
  }
}
