// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cooktimer",
  products: [
    .library(name: "CooktimerCore", targets: ["CooktimerCore"]),
    .library(name: "CooktimerActivity", targets: ["CooktimerActivity"]),
    .library(name: "CooktimerHTTP", targets: ["CooktimerHTTP"]),
    .library(name: "CooktimerAPNs", targets: ["CooktimerAPNs"]),
    .executable(name: "cooktimer", targets: ["cooktimer"]),
    .executable(name: "cooktimer-bench", targets: ["cooktimer-bench"]),
  ],
  targets: [
    // Pure core: model, timer engine, durations, Cooklang parsing. No I/O, no clock.
    .target(name: "CooktimerCore"),
    // Live Activity wire formats (ActivityKit content, APNs requests). No networking.
    .target(name: "CooktimerActivity", dependencies: ["CooktimerCore"]),
    // The only module that imports SQLite.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "CooktimerStore", dependencies: ["CooktimerCore", "CSQLite"]),
    // The application layer: every use case of a run, for every front end. No terminal,
    // no argv, no HTTP.
    .target(
      name: "CooktimerService",
      dependencies: ["CooktimerCore", "CooktimerStore", "CooktimerActivity"]),
    // Delivers the outbox to APNs: the sender of `cooktimer send` and `serve`.
    .target(
      name: "CooktimerDelivery",
      dependencies: ["CooktimerCore", "CooktimerStore", "CooktimerService", "CooktimerAPNs"]),
    .systemLibrary(
      name: "CReadline",
      pkgConfig: "readline",
      providers: [.apt(["libreadline-dev"]), .brew(["readline"])]
    ),
    // The only module that imports libmicrohttpd.
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    // Embedded HTTP/1.1 server: transport, routing, Server-Sent Events. Knows no cooktimer type.
    .target(name: "CooktimerHTTP", dependencies: ["CMicroHTTPD"]),
    // Command parsing, running, printing, the REPL.
    .target(
      name: "CooktimerCLI",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService",
        "CooktimerDelivery", "CooktimerAPNs", "CReadline",
      ],
      // readline's API is C globals (rl_line_buffer, rl_point, hooks), which Swift 6 mode
      // rejects as shared mutable state; the REPL touches them from one thread only.
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    // APNs transport: HTTP/2 over TLS (libcurl), ES256 provider tokens (libcrypto), the
    // answers table. Self-contained: no other cooktimer module.
    .target(
      name: "CooktimerAPNs",
      dependencies: ["CCurl", "CCrypto"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(name: "cooktimer", dependencies: ["CooktimerCLI"]),
    .executableTarget(
      name: "cooktimer-bench",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService", "CooktimerCLI",
        "CooktimerAPNs", "CooktimerDelivery",
        // The APNs stand-in and test keys: the delivery figures are taken against it.
        "CooktimerTestSupport",
      ]
    ),
    // Shared by tests: the Python APNs stand-in (Tests/APNsStandIn) and test signing keys.
    .target(
      name: "CooktimerTestSupport",
      dependencies: ["CCrypto"],
      path: "Tests/CooktimerTestSupport"
    ),
    .testTarget(
      name: "CooktimerAPNsTests",
      dependencies: ["CooktimerAPNs", "CooktimerTestSupport", "CCrypto"]
    ),
    .testTarget(name: "CooktimerCoreTests", dependencies: ["CooktimerCore"]),
    .testTarget(name: "CooktimerStoreTests", dependencies: ["CooktimerCore", "CooktimerStore"]),
    .testTarget(
      name: "CooktimerActivityTests", dependencies: ["CooktimerCore", "CooktimerActivity"]),
    // The use cases in-process, on a real SQLite file, with a clock the tests set.
    .testTarget(
      name: "CooktimerServiceTests",
      dependencies: ["CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService"]),
    .testTarget(name: "CooktimerHTTPTests", dependencies: ["CooktimerHTTP"]),
    // Runs the real `cooktimer` binary (depending on it makes `swift test` build it).
    .testTarget(
      name: "CooktimerCLITests", dependencies: ["CooktimerCore", "CooktimerCLI", "cooktimer"]),
    // Runs the real `cooktimer send` against the APNs stand-in, end to end.
    .testTarget(
      name: "CooktimerDeliveryTests",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerService", "CooktimerTestSupport", "cooktimer",
      ]),
  ]
)
