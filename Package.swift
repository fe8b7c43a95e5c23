// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cooktimer",
  products: [
    .library(name: "CooktimerCore", targets: ["CooktimerCore"]),
    .library(name: "CooktimerActivity", targets: ["CooktimerActivity"]),
    .library(name: "CooktimerHTTP", targets: ["CooktimerHTTP"]),
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
    // SHA-256 from OpenSSL's libcrypto: API keys are stored hashed (docs/api.md §2).
    .systemLibrary(
      name: "CCryptoHash",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    // `cooktimer serve`: the routes of docs/api.md on the application layer. No terminal.
    .target(
      name: "CooktimerServer",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService",
        "CooktimerHTTP", "CCryptoHash",
      ]),
    // Command parsing, running, printing, the REPL.
    .target(
      name: "CooktimerCLI",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService", "CReadline",
        "CooktimerServer",
      ],
      // readline's API is C globals (rl_line_buffer, rl_point, hooks), which Swift 6 mode
      // rejects as shared mutable state; the REPL touches them from one thread only.
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(name: "cooktimer", dependencies: ["CooktimerCLI"]),
    .executableTarget(
      name: "cooktimer-bench",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService", "CooktimerCLI",
      ]
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
    // The API in-process over real HTTP (curl), on a real SQLite file with a set clock.
    .testTarget(
      name: "CooktimerServerTests",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerService", "CooktimerHTTP", "CooktimerServer",
      ]),
    // Runs the real `cooktimer` binary (depending on it makes `swift test` build it).
    .testTarget(
      name: "CooktimerCLITests", dependencies: ["CooktimerCore", "CooktimerCLI", "cooktimer"]),
  ]
)
