import CooktimerHTTP
import CooktimerKitchen
import Foundation

/// `GET /`: the kitchen screen, one HTML document inside the binary (no build step, no
/// download: a kitchen may be offline), gzipped once for browsers that accept it (55 KB →
/// about 17 KB over a kitchen's Wi-Fi). Its ETag lets a tablet that reloads get 304 (RFC 9110
/// §13.1.2, §15.4.5).
enum KitchenPageResponse {
  static let page = StaticBody(
    Data(KitchenPage.html.utf8),
    headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"],
    etag: KitchenPage.etag)

  static func answer(_ request: HTTPRequest) -> HTTPResponse { page.answer(request) }
}
