import CooktimerAPNs
import CooktimerCore
import CooktimerDelivery
import CooktimerLineEditor
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the running sender's stop pipe, for the SIGTERM/SIGINT handler (a C
/// function pointer captures nothing). Set once before the handlers are installed.
nonisolated(unsafe) private var senderStopFD: Int32 = -1

extension CommandContext {
  /// `send [--once]`: delivers the outbox to APNs (docs/delivery.md). Checks the settings
  /// first — a missing or unreadable key, no key id, team id or topic exits 78 with one
  /// line, before anything is sent. Runs until SIGTERM/SIGINT (exit 0 after the request in
  /// flight); `--once` delivers what is due now and exits.
  func send(_ options: SendOptions) throws -> Output {
    let location =
      DatabaseLocation.resolve(option: self.options.database, environment: session.environment)
      ?? ""
    // SIGTERM and Ctrl-C stop a long-running `send` from here on: also while it waits for
    // its database (exit 0, as docs/cli.md says of a stopped `send`).
    let stop = StopSignal()
    if !options.once {
      senderStopFD = stop.writeEnd
      Self.stopOnSignals()
    }
    // A long-running `send` waits for a PostgreSQL it cannot reach yet; `--once` does not.
    func opened<T>(_ open: () throws -> T) throws -> T {
      guard !options.once else { return try open() }
      return try Self.waitingForDatabase(
        at: location, log: { writeOut($0 + "\n", to: STDERR_FILENO) },
        sleep: { stop.wait(milliseconds: $0) }, open: open)
    }
    let service: RunService
    do {
      // Refused before the database is made: a `send` that cannot send leaves nothing
      // behind. With no database yet, the topic in force is the one given (none is stored).
      if try opened({ try session.existingService(self.options) }) == nil {
        _ = try Self.checkedSettings(
          options, topic: session.givenSettings(self.options).topic,
          environment: session.environment)
      }
      service = try opened { try self.service() }
    } catch is WaitStopped {
      return Output()
    }
    let (sender, apns) = try Self.makeSender(
      options, service: service, environment: session.environment)
    if options.once {
      let sent = try sender.deliverDue(at: now)
      if json { return Output(stdout: encodeJSON(["sent": Int(sent)]) + "\n") }
      return Output(stdout: sent == 1 ? "1 push sent\n" : "\(sent) pushes sent\n")
    }
    let host = (try? apns.baseURL(sandbox: false).absoluteString) ?? "APNs"
    writeOut(
      Output.messageLine(
        "cooktimer: sending to \(host) for \(apns.apnsTopic ?? "") until SIGTERM or Ctrl-C")
        + "\n",
      to: STDERR_FILENO)
    try sender.run(until: stop)
    return Output()
  }

  /// `open()` again while a PostgreSQL database (`location` a URL) cannot be reached (a
  /// failure of kind `unreachable` or `busy`), after ``RoundBackoff``'s waits (ms, through `sleep`), until
  /// `within` ms were waited; one line to `log` when the waiting starts. A `send` started
  /// while PostgreSQL restarts or fails over would otherwise exit 74 (the fault test: one
  /// started in the gap of `pg_ctl restart`), and the outbox wait for a supervisor. A file,
  /// or any other failure, fails at once.
  ///
  /// - Parameter sleep: waits that many ms; true when stopped meanwhile (SIGTERM, Ctrl-C).
  /// - Throws: ``WaitStopped`` when a wait was stopped; else `open`'s last error.
  static func waitingForDatabase<T>(
    at location: String, within: Int64 = 30_000, log: (String) -> Void,
    sleep: (Int64) -> Bool, open: () throws -> T
  ) throws -> T {
    var backoff = RoundBackoff()
    var waited: Int64 = 0
    while true {
      do {
        return try open()
      } catch let error as ServiceError {
        guard DatabaseLocation.isURL(location), waited < within,
          case .database(let failure) = error,
          failure.kind.isAway
        else { throw error }
        if waited == 0 {
          log("cooktimer: waiting for the database: \(failure.description)")
        }
        let delay = backoff.failed()
        if sleep(delay) { throw WaitStopped() }
        waited += delay
      }
    }
  }

  /// A sender on `service` with the APNs settings of `options` (or their environment
  /// variables) and the topic in force.
  ///
  /// - Throws: ``DeliveryError/configuration(_:)`` naming what is missing (exit 78);
  ///   `APNsError` for a key that does not load (78) or a libcurl that does not (69).
  static func makeSender(
    _ options: SendOptions, service: RunService, environment: [String: String]
  ) throws -> (PushSender, APNsSettings) {
    let apns = try checkedSettings(
      options, topic: try service.settingsInForce().topic, environment: environment)
    let key = try APNsSigningKey(contentsOfFile: apns.keyFile!)
    let cache = try APNsTokenCache(key: key, keyID: apns.keyID!, teamID: apns.teamID!)
    let sender = PushSender(
      service: service, topic: apns.apnsTopic!, tokens: cache,
      connect: { sandbox throws(APNsError) in
        try APNsConnection(baseURL: try apns.baseURL(sandbox: sandbox), caFile: apns.caFile)
      },
      log: { line in writeOut(Output.messageLine("cooktimer: \(line)") + "\n", to: STDERR_FILENO) })
    return (sender, apns)
  }

  /// The APNs settings of `options` (or their variables) with `topic`, each checked: all
  /// that refuses a sender without a database.
  ///
  /// - Throws: ``DeliveryError/configuration(_:)`` naming what is missing (exit 78);
  ///   `DeliveryError` for a key others may read (77); `APNsError` for a CA file without a
  ///   certificate (78) or a libcurl that does not load (69).
  static func checkedSettings(
    _ options: SendOptions, topic: String?, environment: [String: String]
  ) throws -> APNsSettings {
    let apns = APNsSettings(
      options: APNsSettings.Options(
        keyFile: options.keyFile, keyID: options.keyID, teamID: options.teamID, topic: topic,
        url: options.url, caFile: options.caFile),
      environment: environment)
    if let problem = apns.problem() { throw DeliveryError.configuration(problem) }
    // libcurl is loaded now, not at start-up: missing, it is one line and exit 69, never
    // a retry with backoff.
    try APNsConnection.loadLibrary()
    try SigningKeyFile.check(apns.keyFile!)
    if let caFile = apns.caFile { try APNsCAFile.check(caFile) }
    return apns
  }

  /// SIGTERM and SIGINT write to the stop pipe; they are unblocked first, since a process
  /// may inherit them blocked (as children of some test runners do).
  private static func stopOnSignals() {
    for number in [SIGTERM, SIGINT] {
      signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(senderStopFD, &byte, 1)
      }
    }
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}

/// A wait for the database ended by SIGTERM or Ctrl-C: `send` exits 0, having sent nothing.
struct WaitStopped: Error {}
