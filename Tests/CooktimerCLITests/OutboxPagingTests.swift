import Foundation
import Testing

/// `outbox` pages instead of stopping silently at its limit.
@Suite("outbox pages") struct OutboxPagingTests {
  @Test func outboxSaysHowManyMoreWaitAndPages() throws {
    let box = try Sandbox(copyShippedRecipes: true, inProcess: true)
    try box.run(["start", "tea", "--now", "@1795975200"])
    for n in 1...4 {
      try box.run([n % 2 == 1 ? "pause" : "resume", "--now", "@\(1_795_975_200 + n)"])
    }
    let first = try box.run(["outbox", "--limit", "2", "--now", "@1795975210"])
    #expect(first.stdout.split(separator: "\n").count == 2)
    #expect(first.stderr == "cooktimer: 3 more pending after id 2; `outbox --after 2` lists them\n")
    let json = try box.json("outbox --limit 2 --after 2 --json --now @1795975210")
    let ids = (json["pending"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }
    #expect(ids == [3, 4])
    #expect(json["more"] as? Int == 1)
    let last = try box.run(["outbox", "--after", "4", "--now", "@1795975210"])
    #expect(last.stdout.split(separator: "\n").count == 1)
    #expect(last.stderr == "")
    let empty = try box.run(["outbox", "--mark-sent", ""])
    #expect(empty.status == 64)
    #expect(empty.stderr == "cooktimer: --mark-sent takes outbox ids such as 3,4,5, not nothing\n")
  }
}
