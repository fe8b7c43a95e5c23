import CooktimerTestSupport
import Foundation
import Testing

@testable import CooktimerHTTP

extension ServerSuite {
  @Suite struct DrainTests {
    @Test func stopLetsTheRequestInFlightFinish() throws {
      let entered = Shared(false)
      let gate = DispatchSemaphore(value: 0)
      let server = try startServer { _ in
        entered.update { $0 = true }
        _ = gate.wait(timeout: .now() + 10)
        return .error(.ok, "done")
      }
      let port = server.port
      let client = try RunningCurl(["-w", " %{http_code} %header{connection}", server.url("/slow")])
      #expect(waitUntil(timeout: 5) { entered.value })

      let stopped = Shared(false)
      Thread.detachNewThread {
        server.stop()
        stopped.update { $0 = true }
      }
      // New connections are refused while the slow request is still being answered.
      #expect(waitUntil(timeout: 5) { LoopbackSocket.isRefused(port: port) })
      #expect(!stopped.value)

      gate.signal()
      #expect(client.waitForExit() == 0)
      #expect(client.output == #"{"error":"done","status":"200"} 200 close"#)
      #expect(waitUntil(timeout: 5) { stopped.value })
      #expect(LoopbackSocket.isRefused(port: port))
    }

    /// With nothing in flight, `stop`'s drain has nothing to wait for: the count it waits on
    /// is already zero once the answered request completes (libmicrohttpd's completion
    /// callback runs just after the client has its answer, hence the wait for that event),
    /// so its `waitUntilIdle` returns at once instead of after the drain timeout. Checked on
    /// that count, not on a clock; a second `stop` does nothing.
    @Test func stopWithNothingInFlightWaitsForNothingAndIsRepeatable() throws {
      let server = try startServer { _ in .noContent }
      _ = try curl([server.url("/")])
      #expect(waitUntil(timeout: 5) { server.context.waitUntilIdle(timeout: 0) })
      server.stop()
      server.stop()
      #expect(server.context.waitUntilIdle(timeout: 0))
      #expect(LoopbackSocket.isRefused(port: server.port))
    }
  }
}
