import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerAPNs

@Suite("Provider token (JWT ES256)")
struct JWTTests {
  static let keyID = "KEYID12345"
  static let teamID = "TEAMID6789"
  static let issuedAt: Int64 = 1_700_000_000

  @Test func headerAndClaimsAreExactJSON() throws {
    let pair = try TestKeyPair()
    let key = try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
    let jwt = try APNsJWT(key: key, keyID: Self.keyID, teamID: Self.teamID, issuedAt: Self.issuedAt)
    #expect(SignatureCheck.segment(jwt.compact, 0) == #"{"alg":"ES256","kid":"KEYID12345"}"#)
    #expect(SignatureCheck.segment(jwt.compact, 1) == #"{"iat":1700000000,"iss":"TEAMID6789"}"#)
    #expect(jwt.issuedAt == Self.issuedAt)
    #expect(!jwt.compact.contains("="))
    #expect(!jwt.compact.contains("+") && !jwt.compact.contains("/"))
  }

  @Test func signatureIsRawRSAndVerifies() throws {
    let pair = try TestKeyPair()
    let key = try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
    for issuedAt in Self.issuedAt..<(Self.issuedAt + 8) {
      let jwt = try APNsJWT(key: key, keyID: Self.keyID, teamID: Self.teamID, issuedAt: issuedAt)
      let signature = try #require(
        SignatureCheck.base64URL(String(jwt.compact.split(separator: ".")[2])))
      #expect(signature.count == 64)
      #expect(SignatureCheck.verifies(jwt: jwt.compact, publicKeyFile: pair.publicKeyFile))
    }
  }

  @Test func anotherKeyOrChangedClaimsDoNotVerify() throws {
    let pair = try TestKeyPair()
    let other = try TestKeyPair()
    let key = try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
    let jwt = try APNsJWT(key: key, keyID: Self.keyID, teamID: Self.teamID, issuedAt: Self.issuedAt)
    #expect(!SignatureCheck.verifies(jwt: jwt.compact, publicKeyFile: other.publicKeyFile))
    let parts = jwt.compact.split(separator: ".").map(String.init)
    let forged = Base64URL.encode(Data(#"{"iat":1700000001,"iss":"TEAMID6789"}"#.utf8))
    let changed = [parts[0], forged, parts[2]].joined(separator: ".")
    #expect(!SignatureCheck.verifies(jwt: changed, publicKeyFile: pair.publicKeyFile))
  }

  @Test func derSignatureIsRejected() throws {
    let pair = try TestKeyPair()
    let key = try APNsSigningKey(contentsOfFile: pair.privateKeyFile)
    let jwt = try APNsJWT(key: key, keyID: Self.keyID, teamID: Self.teamID, issuedAt: Self.issuedAt)
    let input = jwt.compact.split(separator: ".").prefix(2).joined(separator: ".")
    let der = try ES256.derSignature(Data(input.utf8), with: key)
    #expect(der.first == 0x30)  // an ASN.1 SEQUENCE: the classic bug's shape
    #expect(der.count != 64)
    let derJWT = input + "." + Base64URL.encode(der)
    #expect(!SignatureCheck.verifies(jwt: derJWT, publicKeyFile: pair.publicKeyFile))
    // The same DER bytes, unpacked, verify: the conversion is what makes it valid.
    let raw = try ES256.rawSignature(fromDER: der)
    #expect(
      SignatureCheck.verifies(
        jwt: input + "." + Base64URL.encode(raw), publicKeyFile: pair.publicKeyFile))
  }

  @Test func base64URLHasNoPadding() {
    #expect(Base64URL.encode(Data([0xfb, 0xff])) == "-_8")
    #expect(Base64URL.encode(Data([0x00])) == "AA")
    #expect(Base64URL.decode("-_8") == Data([0xfb, 0xff]))
  }
}
