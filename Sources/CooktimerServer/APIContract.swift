/// The Swift `Codable` types of the API's request and response bodies an iOS timer app needs
/// (docs/api.md §1.5): the file of the `CooktimerAPITypes` library, byte for byte (embedded
/// as a SwiftPM resource), as `cooktimer contract --api` prints it. The server's tests decode
/// the server's real answers with that library.
public func apiContractDeclaration() -> String {
  String(decoding: PackageResources.CooktimerAPITypes_swift, as: UTF8.self)
}
