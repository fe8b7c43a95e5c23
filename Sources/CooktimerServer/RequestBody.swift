import CooktimerHTTP
import Foundation

/// A request's JSON object body (docs/api.md §1: `application/json`, UTF-8), read field by
/// field so a wrong value is a 400 naming the field. Unknown fields are ignored, so an app
/// newer than the server still gets its request done.
struct RequestBody {
  let fields: [String: JSONValue]

  /// The body of `request` as an object. An empty body is `{}` unless `required`.
  /// - Throws: ``RequestError/unsupportedMediaType(_:)`` when a body comes without
  ///   `Content-Type: application/json` (or `…+json`); ``RequestError/badRequest(_:)`` for
  ///   a body that is not one JSON object (nesting deeper than 512 is said so, with the
  ///   byte where it went too deep), or none where one is `required`.
  init(_ request: HTTPRequest, required: Bool) throws {
    if request.body.isEmpty {
      guard !required else {
        throw RequestError.badRequest("the request needs a JSON object body")
      }
      fields = [:]
      return
    }
    let type = request.headers["Content-Type"] ?? ""
    let media = type.split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    guard let media, media == "application/json" || media.hasSuffix("+json") else {
      throw RequestError.unsupportedMediaType(
        "the body must be application/json, not \(type.isEmpty ? "untyped" : type)")
    }
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: request.body) else {
      if let offset = JSONNesting.tooDeep(request.body) {
        throw RequestError.badRequest(
          "the body is not valid JSON: nested too deeply (limit \(JSONNesting.limit)) at byte \(offset)"
        )
      }
      throw RequestError.badRequest("the body is not valid JSON")
    }
    guard let object = value.objectValue else {
      throw RequestError.badRequest("the body must be a JSON object")
    }
    fields = object
  }

  /// A string field; `nil` when absent or null (then a `required` one throws).
  func string(_ name: String, required: Bool = false) throws -> String? {
    switch fields[name] {
    case .string(let text)?: return text
    case nil, .null?:
      if required { throw RequestError.badRequest("the body needs \"\(name)\", a string") }
      return nil
    default: throw RequestError.badRequest("\"\(name)\" must be a string")
    }
  }

  /// A boolean field; `nil` when absent or null.
  func bool(_ name: String) throws -> Bool? {
    switch fields[name] {
    case .bool(let value)?: return value
    case nil, .null?: return nil
    default: throw RequestError.badRequest("\"\(name)\" must be true or false")
    }
  }

  /// A timer named by its number (a JSON integer or digits) or its name; `nil` when absent.
  func timer(_ name: String) throws -> String? {
    switch fields[name] {
    case .number(let n)? where n.rounded() == n && abs(n) < 1e9: return String(Int(n))
    case .string(let text)? where !text.isEmpty: return text
    case nil, .null?: return nil
    default: throw RequestError.badRequest("\"\(name)\" must be a timer's number or name")
    }
  }
}
