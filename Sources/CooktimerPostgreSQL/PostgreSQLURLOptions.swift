/// The connection options of a PostgreSQL URL that `PQconninfoParse` takes as any text and
/// libpq checks only when it connects (`connectOptions2` and `parse_int_param` in
/// fe-connect.c): there a bad `sslmode` was an I/O error (exit 74) after a connection was
/// tried, not the usage error it is. The allowed values are the PostgreSQL 15 manual's,
/// §34.1.2 "Parameter Key Words" (Debian 12's libpq5 is 15); an option the installed libpq
/// does not know is refused by `PQconninfoParse` itself ("invalid URI query parameter").
enum PostgreSQLURLOptions {
  /// Options that take one word of a fixed set, and that set, in the manual's order.
  static let choices: [(keyword: String, values: [String])] = [
    ("sslmode", ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]),
    ("gssencmode", ["disable", "prefer", "require"]),
    ("channel_binding", ["disable", "prefer", "require"]),
    (
      "target_session_attrs",
      ["any", "read-write", "read-only", "primary", "standby", "prefer-standby"]
    ),
    ("ssl_min_protocol_version", ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"]),
    ("ssl_max_protocol_version", ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"]),
    ("load_balance_hosts", ["disable", "random"]),
  ]

  /// Options that take a whole number (seconds, a count, or 0/1 for `keepalives`).
  static let integers = [
    "connect_timeout", "keepalives", "keepalives_idle", "keepalives_interval",
    "keepalives_count", "tcp_user_timeout",
  ]

  /// What is wrong with the options `given` (keyword → value, as `PQconninfoParse` read
  /// them; options not given are absent), or `nil`.
  static func problem(_ given: [String: String]) -> String? {
    for (keyword, values) in choices {
      // libpq compares exactly (`strcmp`); an empty value is the default.
      guard let value = given[keyword], !value.isEmpty, !values.contains(value) else {
        continue
      }
      return "\(keyword) \"\(value)\" is not one of \(values.joined(separator: ", "))"
    }
    let versions = choices.first { $0.keyword == "ssl_min_protocol_version" }!.values
    if let low = given["ssl_min_protocol_version"].flatMap(versions.firstIndex),
      let high = given["ssl_max_protocol_version"].flatMap(versions.firstIndex), low > high
    {
      return "ssl_min_protocol_version \(versions[low]) is above ssl_max_protocol_version "
        + versions[high]
    }
    for keyword in integers {
      guard let value = given[keyword], !value.isEmpty else { continue }
      // libpq's strtol into an int: a sign and digits, spaces around them allowed.
      let trimmed = value.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
      guard Int32(String(trimmed)) != nil else {
        return "\(keyword) \"\(value)\" is not a whole number"
      }
    }
    // One port for every host, or several, one per host ("could not match 2 port numbers
    // to 3 hosts"); the hosts are `hostaddr`'s when it is given.
    let hosts = (given["hostaddr"] ?? given["host"]).map(Self.count) ?? 1
    if let ports = given["port"].map(Self.count), ports > 1, ports != hosts {
      return "\(ports) ports for \(hosts) \(hosts == 1 ? "host" : "hosts"): give one port, "
        + "or one for each host"
    }
    return nil
  }

  /// The entries of a comma-separated list, empty ones included (libpq's `count_comma_separated_elems`).
  private static func count(_ list: String) -> Int {
    list.split(separator: ",", omittingEmptySubsequences: false).count
  }
}
