// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "cooktimer",
  products: [
    .library(name: "CooktimerCore", targets: ["CooktimerCore"]),
    .library(name: "CooktimerActivity", targets: ["CooktimerActivity"]),
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
    // The readline glue, alone: readline's API is C globals (rl_line_buffer, rl_point,
    // hooks), which Swift 6 mode rejects as shared mutable state; the REPL touches them from
    // one thread only.
    .target(
      name: "CooktimerLineEditor", dependencies: ["CReadline"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    // Command parsing, running, printing, the REPL.
    .target(
      name: "CooktimerCLI",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService",
        "CooktimerLineEditor",
      ]
    ),
    .executableTarget(name: "cooktimer", dependencies: ["CooktimerCLI"]),
    // A process on a pseudo-terminal, for the end-to-end tests and the benchmark (a regular
    // target: the benchmark is an executable and cannot depend on a test target).
    .target(name: "CooktimerPTY"),
    .executableTarget(
      name: "cooktimer-bench",
      dependencies: [
        "CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService", "CooktimerCLI",
        "CooktimerPTY",
      ],
      exclude: ["LATEST.md"]  // the latest figures, for people
    ),
    // Fixtures are read by path (no SwiftPM resources).
    .testTarget(name: "CooktimerCoreTests", dependencies: ["CooktimerCore"], exclude: ["Fixtures"]),
    .testTarget(name: "CooktimerStoreTests", dependencies: ["CooktimerCore", "CooktimerStore"]),
    .testTarget(
      name: "CooktimerActivityTests", dependencies: ["CooktimerCore", "CooktimerActivity"]),
    // The use cases in-process, on a real SQLite file, with a clock the tests set.
    .testTarget(
      name: "CooktimerServiceTests",
      dependencies: ["CooktimerCore", "CooktimerStore", "CooktimerActivity", "CooktimerService"]),
    // Runs the real `cooktimer` binary (depending on it makes `swift test` build it).
    .testTarget(
      name: "CooktimerCLITests",
      dependencies: ["CooktimerCore", "CooktimerCLI", "CooktimerPTY", "cooktimer"]),
  ]
)
