import CooktimerDelivery
import CooktimerLineEditor
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The APNs sender `serve` runs beside its HTTP server (docs/api.md: pushes delivered from
/// the same process), on a thread of its own with its own store connection — the sender is
/// not thread-safe, one per thread.
final class ServeSender: @unchecked Sendable {
  private let stop = StopSignal()
  private let done = DispatchSemaphore(value: 0)

  /// Starts sending; `make` builds the sender on the sender's own thread. A sender that
  /// cannot be built for a passing reason (the database busy) is built again after a wait,
  /// like a failed round; only its configuration stops it (issue 26: never stop for good
  /// while `serve` runs).
  /// - Parameter failed: called with one line when the sender stops on an error.
  init(
    clock: any Clock, health: DeliveryHealth, make: @escaping @Sendable () throws -> PushSender,
    failed: @escaping @Sendable (String) -> Void
  ) {
    let thread = Thread { [stop, done, health] in
      defer { done.signal() }
      var backoff = RoundBackoff()
      while !stop.isStopped {
        do {
          try make().run(until: stop, health: health)
          return
        } catch  where !PushSender.isLasting(error) {
          health.failed(at: clock.now(), reason: PushSender.publicWords(error))
          if stop.wait(milliseconds: backoff.failed()) { return }
        } catch {
          failed("the APNs sender stopped: \(error); pushes stay queued for `cooktimer send`")
          health.failed(at: clock.now(), reason: "stopped: \(PushSender.publicWords(error))")
          return
        }
      }
    }
    thread.name = "cooktimer-sender"
    thread.start()
  }

  /// Stops after the request in flight and waits for it (a few seconds at most).
  func finish() {
    stop.stop()
    _ = done.wait(timeout: .now() + 10)
  }
}

extension CommandContext {
  /// The sender for `serve`, or `nil` with a line saying why none runs: `--no-send`, or
  /// settings that are not there (the server still serves; `send` can deliver later).
  /// - Parameter health: where the sender says whether its rounds succeed (`/healthz`).
  func serveSender(
    _ options: SendOptions, send: Bool, health: DeliveryHealth = DeliveryHealth()
  ) -> ServeSender? {
    guard send else { return nil }
    let environment = session.environment
    let (clock, zone) = (session.clock, self.zone)
    let settings: PushSettings
    let path: String
    do {
      // Checked here, on this thread, so a missing setting is said at start.
      let service = try service()
      _ = try Self.makeSender(options, service: service, environment: environment)
      (settings, path) = (service.settings, service.databasePath)
    } catch {
      let line = session.failure(error, json: false).stderr.first ?? "\(error)"
      writeOut(
        Output.messageLine(line)
          + " — not sending pushes (they stay queued; --no-send silences this)\n",
        to: STDERR_FILENO)
      return nil
    }
    return ServeSender(
      clock: clock, health: health,
      make: {
        let service = try RunService(
          path: path, clock: clock, zone: zone, settings: settings)
        return try Self.makeSender(options, service: service, environment: environment).0
      },
      failed: { line in writeOut(Output.messageLine("cooktimer: \(line)") + "\n", to: STDERR_FILENO)
      })
  }
}
