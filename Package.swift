// swift-tools-version:6.0
import PackageDescription

// Executables link with the toolchain's lld: it links in a fraction of gold's time, and a
// release build with `--static-swift-stdlib` (README) links without gold's warnings about
// Foundation's own use of mktemp.
let linkWithLLD: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]

let package = Package(
  name: "cooktimer",
  products: [
    .library(name: "CooktimerCore", targets: ["CooktimerCore"]),
    .library(name: "CooktimerActivity", targets: ["CooktimerActivity"]),
    .library(name: "CooktimerHTTP", targets: ["CooktimerHTTP"]),
    .library(name: "CooktimerAPNs", targets: ["CooktimerAPNs"]),
    // The app's types (docs/live-activity.md §1.6, docs/api.md §1.5): Foundation only.
    .library(name: "CookingTimerAttributes", targets: ["CookingTimerAttributes"]),
    .library(name: "CooktimerAPITypes", targets: ["CooktimerAPITypes"]),
    .executable(name: "cooktimer", targets: ["cooktimer"]),
    .executable(name: "cooktimer-bench", targets: ["cooktimer-bench"]),
  ],
  targets: [
    // Pure core: model, timer engine, durations, Cooklang parsing. No I/O, no clock.
    // libyaml reads front matter from memory only.
    .target(name: "CooktimerCore", dependencies: ["CYAML"]),
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The iOS app's Live Activity type, one file an app depends on (or pastes): Foundation
    // only, no ActivityKit, so it builds on Linux too; the app adds the conformance.
    .target(name: "CookingTimerAttributes"),
    // The HTTP API's bodies an app sends and reads, one file: Foundation only.
    .target(name: "CooktimerAPITypes"),
    // Live Activity wire formats (ActivityKit content, APNs requests). No networking.
    // The content state is encoded through CookingTimerAttributes; `contract` prints that
    // library's file, embedded (Contract/Embedded/ holds a symlink to it).
    .target(
      name: "CooktimerActivity", dependencies: ["CooktimerCore", "CookingTimerAttributes"],
      resources: [.embedInCode("Contract/Embedded/CookingTimerAttributes.swift")]),
    // The only module that imports SQLite.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "CooktimerStore", dependencies: ["CooktimerCore", "CSQLite"]),
    // libpq, loaded with dlopen when a store is first opened on a `postgresql://` URL; our
    // declarations of its ABI stand in for libpq-dev, as for libcurl. Imported only by
    // CooktimerPostgreSQL.
    .target(name: "CPostgreSQL"),
    // The store's PostgreSQL engine (CooktimerStore's `DatabaseEngine`): `serve` and `send`
    // on one shared database (docs/deploy.md).
    .target(name: "CooktimerPostgreSQL", dependencies: ["CooktimerStore", "CPostgreSQL"]),
    // The application layer: every use case of a run, for every front end. No terminal,
    // no argv, no HTTP.
    .target(
      name: "CooktimerService",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CCrypto",
        "CooktimerPostgreSQL",
      ]),
    // Delivers the outbox to APNs: the sender of `cooktimer send` and `serve`.
    .target(
      name: "CooktimerDelivery",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService",
        "CooktimerAPNs",
      ]),
    .systemLibrary(
      // No pkgConfig: readline.pc adds -D_DEFAULT_SOURCE and -D_XOPEN_SOURCE=600, flags SwiftPM
      // refuses with a warning on every build; on Debian the headers are in /usr/include.
      name: "CReadline",
      providers: [.apt(["libreadline-dev"]), .brew(["readline"])]
    ),
    // libmicrohttpd, loaded with dlopen when a server first starts (the headers come from
    // libmicrohttpd-dev; nothing links the library, so only `serve` loads it and its TLS
    // libraries). The only module that imports it is CooktimerHTTP.
    .target(name: "CMicroHTTPD"),
    // Embedded HTTP/1.1 server: transport, routing, Server-Sent Events. Knows no cooktimer type.
    .target(name: "CooktimerHTTP", dependencies: ["CMicroHTTPD"]),
    // The readline glue, alone: readline's API is C globals (rl_line_buffer, rl_point,
    // hooks), which Swift 6 mode rejects as shared mutable state; the REPL touches them from
    // one thread only.
    .target(
      name: "CooktimerLineEditor", dependencies: ["CReadline"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // `cooktimer serve`: the routes of docs/api.md on the application layer. No terminal.
    .target(
      name: "CooktimerServer",
      dependencies: [
        "CooktimerCore", "CooktimerActivity", "CooktimerService", "CooktimerHTTP", "CCrypto",
        "CooktimerKitchen", "CZlib",
      ],
      // `contract --api` prints the CooktimerAPITypes library's file (Contract/ holds a
      // symlink to it).
      resources: [.embedInCode("Contract/CooktimerAPITypes.swift")]),
    // zlib: the kitchen page and the OpenAPI document gzipped once at start (Content-Encoding).
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // libqrencode, loaded with dlopen when `serve` first draws a QR code (the pairing link);
    // our declarations of its ABI stand in for the -dev package, as for libcurl.
    .target(name: "CQRencode"),
    // The repository's Recipes/ built into the binary (a symlink in the target's folder):
    // an installed cooktimer puts them in its data folder on first use.
    .target(
      name: "CooktimerShippedRecipes", resources: [.embedInCode("Recipes")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    // Command parsing, running, printing, the REPL. A front end: it reaches the database
    // only through CooktimerService (`.ci/check-layers` checks it never imports the store).
    .target(
      name: "CooktimerCLI",
      dependencies: [
        "CooktimerCore", "CooktimerActivity", "CooktimerService",
        "CooktimerDelivery", "CooktimerAPNs", "CooktimerLineEditor", "CooktimerServer",
        "CooktimerHTTP", "CCurl", "CooktimerShippedRecipes", "CQRencode",
      ]
    ),
    // libcurl, loaded with dlopen on first use (the headers come from libcurl4-openssl-dev;
    // nothing links the library, so only `send`, `serve`'s sender and `import URL` load it and
    // its ~30 libraries). Imported by CooktimerAPNs and by the CLI's `import`.
    .target(name: "CCurl"),
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
    // The kitchen screen `serve` answers `GET /` with: one HTML document as data. No
    // dependencies, so the server (or anything else) can embed it.
    // The page is ordinary files (Resources/) compiled into the module as byte arrays
    // (`.embedInCode`), so a `cooktimer` copied on its own still serves it.
    .target(
      name: "CooktimerKitchen",
      resources: [
        .embedInCode("Resources/kitchen.html"), .embedInCode("Resources/kitchen.css"),
        .embedInCode("Resources/kitchen-base.js"), .embedInCode("Resources/kitchen-stream.js"),
        .embedInCode("Resources/kitchen-alarm.js"), .embedInCode("Resources/kitchen-cards.js"),
        .embedInCode("Resources/kitchen-actions.js"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    // Writes the kitchen page to a file: the browser tests' stand-in server serves it.
    .executableTarget(
      name: "kitchen-page", dependencies: ["CooktimerKitchen"],
      swiftSettings: [.swiftLanguageMode(.v6)], linkerSettings: linkWithLLD),
    .executableTarget(
      name: "cooktimer", dependencies: ["CooktimerCLI"], linkerSettings: linkWithLLD),
    // A process on a pseudo-terminal, for the end-to-end tests and the benchmark (a regular
    // target: the benchmark is an executable and cannot depend on a test target).
    .target(name: "CooktimerPTY"),
    .executableTarget(
      name: "cooktimer-bench",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService", "CooktimerCLI",
        "CooktimerPTY", "CooktimerAPNs", "CooktimerDelivery",
        // The APNs stand-in and test keys: the delivery figures are taken against it.
        "CooktimerTestSupport",
      ],
      exclude: ["LATEST.md"],  // the latest figures, for people
      linkerSettings: linkWithLLD
    ),
    // Shared by tests: the Python APNs stand-in (Tests/APNsStandIn) and test signing keys.
    .target(
      name: "CooktimerTestSupport",
      dependencies: ["CCrypto", "CCurl", "CooktimerCore", "CooktimerPostgreSQL"],
      path: "Tests/CooktimerTestSupport"
    ),
    .testTarget(
      name: "CooktimerAPNsTests",
      dependencies: ["CooktimerAPNs", "CooktimerTestSupport", "CCrypto"]
    ),
    // Fixtures are read by path (no SwiftPM resources).
    .testTarget(
      name: "CooktimerCoreTests", dependencies: ["CooktimerCore", "CooktimerTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CooktimerStoreTests",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerTestSupport", "CooktimerPostgreSQL",
      ]),
    .testTarget(
      name: "CooktimerActivityTests",
      dependencies: ["CooktimerCore", "CooktimerActivity", "CookingTimerAttributes"]),
    // The app's type compiled as the app compiles it (a stand-in ActivityAttributes), decoding
    // every state `plan` and the outbox (a service on a real SQLite file) emit.
    .testTarget(
      name: "CookingTimerAttributesTests",
      dependencies: [
        "CookingTimerAttributes", "CooktimerCore", "CooktimerActivity", "CooktimerService",
        "CooktimerStore", "CooktimerShippedRecipes", "CooktimerTestSupport",
      ]),
    // The use cases in-process, on a real SQLite file, with a clock the tests set.
    .testTarget(
      name: "CooktimerServiceTests",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService",
        "CooktimerTestSupport",
      ]),
    .testTarget(
      name: "CooktimerHTTPTests", dependencies: ["CooktimerHTTP", "CooktimerTestSupport"]),
    // The API in-process over real HTTP (libcurl in the test process), on a real SQLite file
    // with a set clock.
    .testTarget(
      name: "CooktimerServerTests",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerService", "CooktimerHTTP", "CooktimerServer",
        "CooktimerKitchen", "CooktimerTestSupport", "CooktimerAPITypes",
      ]),
    .testTarget(name: "CooktimerKitchenTests", dependencies: ["CooktimerKitchen"]),
    // Runs the real `cooktimer` binary (depending on it makes `swift test` build it).
    .testTarget(
      name: "CooktimerCLITests",
      dependencies: [
        "CooktimerCore", "CooktimerCLI", "CooktimerServer", "CooktimerPTY", "cooktimer",
        "CooktimerTestSupport", "CooktimerShippedRecipes",
      ],
      exclude: ["Fixtures"]),
    // Runs the real `cooktimer send` against the APNs stand-in, end to end.
    .testTarget(
      name: "CooktimerDeliveryTests",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerService", "CooktimerTestSupport", "cooktimer",
        "CooktimerDelivery", "CooktimerActivity", "CooktimerAPNs",
      ]),
  ]
)
