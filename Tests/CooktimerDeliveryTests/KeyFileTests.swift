import CooktimerTestSupport
import Foundation
import Testing

/// Issue 26: a world-readable signing key was used without a word, and a CA file that is not
/// a certificate was retried as a network error.
@Suite("Signing key and CA files", .ownThread)
struct KeyFileTests {
  @Test func aSigningKeyOthersMayReadIsRefusedWithHowToFixIt() throws {
    let box = try DeliveryBox()
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(randomToken())
    _ = try box.start("toast")
    let path = box.key.privateKeyFile
    for (mode, octal) in [(0o666, "0666"), (0o644, "0644"), (0o640, "0640"), (0o604, "0604")] {
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
      for arguments in [["send", "--once"], ["send"]] {
        let refused = try box.run(arguments)
        #expect(refused.status == 77, "\(arguments) \(octal): \(refused.stderr)")
        #expect(
          refused.stderr
            == "cooktimer: the APNs signing key \(path) may be read by others (mode \(octal)): "
            + "make it yours alone with `chmod 600 \(path)`\n")
      }
    }
    #expect(try box.standIn.requests().isEmpty)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let sent = try box.run(["send", "--once"])
    #expect(sent.status == 0 && sent.stdout == "1 push sent\n", "\(sent.stderr)")
  }

  @Test func aCAFileWithoutACertificateExits78AtOnce() throws {
    let box = try DeliveryBox()
    try box.write(recipe: "toast", "Toast the bread.\n")
    try box.addPushToStart(randomToken())
    _ = try box.start("toast")
    let notPEM = box.folder.appendingPathComponent("ca.pem").path
    try "this is not a certificate\n".write(toFile: notPEM, atomically: true, encoding: .utf8)
    for arguments in [["send", "--once", "--apns-ca", notPEM], ["send", "--apns-ca", notPEM]] {
      let refused = try box.run(arguments)
      #expect(refused.status == 78, "\(arguments): \(refused.stderr)")
      #expect(
        refused.stderr
          == "cooktimer: APNs CA file \(notPEM) holds no PEM certificate "
          + "(-----BEGIN CERTIFICATE-----)\n")
    }
    // The signing key is a PEM file too, but not a certificate.
    let key = try box.run(["send", "--once", "--apns-ca", box.key.privateKeyFile])
    #expect(key.status == 78, "\(key.stderr)")
    #expect(try box.standIn.requests().isEmpty)
    #expect(try box.outbox().count == 1)
  }
}
