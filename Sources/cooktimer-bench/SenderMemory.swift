import CooktimerCore
import CooktimerService
import Foundation

/// Peak resident size (VmHWM) of the release `cooktimer send` with 1,000 live runs: it
/// settles them, sends their 1,000 starts in its first round, then waits for their timers.
enum SenderMemory {
  static func measure(_ options: Options) throws -> [Figure] {
    let runs = 1_000
    let world = try APNsWorld()
    defer { world.remove() }
    try world.service.addPushToStartToken(APNsWorld.token(), device: nil, sandbox: false)
    for _ in 0..<runs { _ = try world.service.start(Fixtures.pasta, autoAdvance: false) }
    let sender = try world.startSender()
    defer { APNsWorld.stop(sender) }
    _ = try world.requests(count: runs, within: 30)
    // A few idle rounds after the burst (it wakes at least once a second).
    usleep(1_500_000)
    let peak = try REPLMemory.peakResident(pid: sender.processIdentifier)
    return [
      Figure(name: "sender peak resident size, 1,000 live runs", value: peak, unit: "MB")
        .target(.below(40, "MB", peak))
    ]
  }
}
