import CooktimerHTTP
import CooktimerKitchen
import Foundation

/// `GET /`: the kitchen screen, one HTML document inside the binary (no build step, no
/// download: a kitchen may be offline). Its ETag lets a tablet that reloads get 304 (RFC 9110
/// §13.1.2, §15.4.5).
enum KitchenPageResponse {
  static let body = Data(KitchenPage.html.utf8)

  static func answer(_ request: HTTPRequest) -> HTTPResponse {
    let etag = KitchenPage.etag
    var headers: HTTPHeaders = [
      "Content-Type": "text/html; charset=utf-8", "ETag": etag, "Cache-Control": "no-cache",
    ]
    if request.headers["If-None-Match"]?.split(separator: ",").contains(where: {
      $0.trimmingCharacters(in: .whitespaces) == etag
    }) == true {
      headers["Content-Type"] = nil
      return HTTPResponse(status: 304, headers: headers)
    }
    return HTTPResponse(status: .ok, headers: headers, body: body)
  }
}
