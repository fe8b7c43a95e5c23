import Foundation

/// Polls `condition` every 2 ms until it holds or `timeout` seconds pass; false then. The
/// timeout only stops a test that would otherwise hang: no result depends on its length.
public func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Date(timeIntervalSinceNow: timeout)
  while !condition() {
    if Date() > deadline { return false }
    Thread.sleep(forTimeInterval: 0.002)
  }
  return true
}
