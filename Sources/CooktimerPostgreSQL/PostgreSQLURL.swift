import CPostgreSQL

extension PostgreSQLEngine {
  /// What is wrong with `url` as a PostgreSQL connection URI, found without connecting;
  /// `nil` when libpq reads it (or libpq is not installed: connecting then says so).
  ///
  /// libpq's `PQconninfoParse` (PostgreSQL 15 manual §34.1.1) is the judge of the syntax; on
  /// top of it a port must be a number from 1 to 65535, which libpq itself checks only when
  /// it connects (`invalid integer value "notaport" for connection option "port"`), and the
  /// URL must name something after `://`: a bare `postgresql://` is a value cut short, not a
  /// wish for libpq's defaults. Likewise the options libpq reads only when it connects
  /// (`sslmode`, `target_session_attrs`, `connect_timeout`, …: ``PostgreSQLURLOptions``).
  /// The text never holds the URL's password.
  public static func problem(inURL url: String) -> String? {
    let given = normalizedScheme(url)
    let shown = withoutPassword(given)
    guard let rest = ["postgresql://", "postgres://"].first(where: given.hasPrefix) else {
      return "\(shown) is not a PostgreSQL URL: it starts postgresql:// or postgres://"
    }
    guard given.count > rest.count else {
      return "\(shown) names no server and no database: postgresql://HOST/DATABASE"
    }
    var message: UnsafeMutablePointer<CChar>? = nil
    guard let options = cooktimer_pq_conninfo_parse(given, &message) else {
      guard let message else { return nil }
      defer { cooktimer_pq_freemem(message) }
      let text = oneLine(String(cString: message)).replacingOccurrences(of: given, with: shown)
      return "bad PostgreSQL URL \(shown): \(withoutPasswordText(text, of: given))"
    }
    defer { cooktimer_pq_conninfo_free(options) }
    var option = options
    var read: [String: String] = [:]
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val { read[String(cString: keyword)] = String(cString: value) }
      if String(cString: keyword) == "port", let value = option.pointee.val {
        // Several hosts take one port each, comma-separated; an empty one is the default.
        for port in String(cString: value).split(separator: ",", omittingEmptySubsequences: false)
        where !port.isEmpty
          && !(port.allSatisfy { $0.isASCII && $0.isNumber }
            && (1...65535).contains(Int(port) ?? 0))
        {
          return "bad PostgreSQL URL \(shown): the port \"\(port)\" is not a number from 1 to 65535"
        }
      }
      option += 1
    }
    if let problem = PostgreSQLURLOptions.problem(read) {
      return "bad PostgreSQL URL \(shown): \(problem)"
    }
    return nil
  }

  /// `text` with the passwords of `url` (`user:password@`, `password=…`) replaced by `…`:
  /// libpq quotes the part of a URL it could not read, which may hold one.
  static func withoutPasswordText(_ text: String, of url: String) -> String {
    var passwords: [Substring] = []
    if let range = userPassword(in: url) { passwords.append(url[range]) }
    if let query = url.range(of: "password=") {
      let end = url[query.upperBound...].firstIndex(of: "&") ?? url.endIndex
      passwords.append(url[query.upperBound..<end])
    }
    return passwords.filter { !$0.isEmpty }.reduce(text) {
      $0.replacingOccurrences(of: $1, with: "…")
    }
  }
}
