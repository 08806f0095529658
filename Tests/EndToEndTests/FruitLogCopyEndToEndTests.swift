import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon store copy` carries the fruit log (`FruitLogCopier`) through the built binary: a SQLite file's log becomes
/// the copying user's on PostgreSQL (ids, times, names and nutrition as they were, two identical entries as two),
/// a second run adds nothing, another user's log is neither touched nor taken along, and the user's log comes back
/// into a new file field for field. The catalogue, a cache, is left behind and named.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct FruitLogCopyEndToEndTests {
    typealias Copy = StoreCopyEndToEndTests

    /// `beacon --store store --user user call method params`, pointed at the fake Fruityvice, with a fixed clock.
    static func call(
      _ store: String,
      _ method: String,
      _ params: String,
      user: String = "ola",
      server: LoopbackHTTPServer
    ) throws -> JSONValue? {
      let result = try BeaconProcess.run(
        ["--store", store, "--user", user, "call", method, params],
        environment: [
          "BEACON_FRUITYVICE_URL": server.baseURL.absoluteString, "BEACON_TEST_NOW": "2026-11-22T12:00:00Z",
        ]
      )
      #expect(result.termination == .exited(0), "\(method): \(result.stderr)")
      return try? HumanCLITests.parse(result.stdout)
    }

    /// The user's whole log on `store`, day by day.
    static func log(_ store: String, user: String = "ola") throws -> JSONValue? {
      try Copy.call(store, "fruitlog/days", #"{"from":"2026-11-01","to":"2026-11-30"}"#, user: user)
    }

    @Test func theFruitLogBecomesTheUsersOnPostgreSQLAndComesBackAndASecondRunAddsNothing() throws {
      let fruityvice = try FruityviceFixtures.server()
      defer { fruityvice.stop() }
      let directory = TemporaryDirectory("beacon-copy")
      let file = directory.file("mine.sqlite")
      // Two identical entries (the same apple, eaten and logged at the same times), a persimmon, and a gap in the ids.
      let apple = #"{"fruitId":6,"eatenAt":"2026-11-22T08:00:00Z"}"#
      _ = try Self.call(file, "fruitlog/add", apple, server: fruityvice)
      _ = try Self.call(file, "fruitlog/add", apple, server: fruityvice)
      let removed = try Self.call(file, "fruitlog/add", #"{"fruitId":1}"#, server: fruityvice)
      let removedId = try #require(removed?["entry"]?["id"]?.intValue)
      _ = try Self.call(
        file,
        "fruitlog/add",
        #"{"fruitId":52,"eatenAt":"2026-11-20T18:30:00+01:00"}"#,
        server: fruityvice
      )
      _ = try Self.call(file, "fruitlog/remove", #"{"entryId":\#(removedId)}"#, server: fruityvice)
      let mine = try #require(try Self.log(file))
      let entries = mine["days"]?.arrayValue?.flatMap { $0["entries"]?.arrayValue ?? [] } ?? []
      #expect(entries.compactMap { $0["id"]?.intValue }.sorted() == [1, 2, 4], "\(mine)")

      let server = try PostgresEndToEnd.freshSchema()
      let first = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(first.termination == .exited(0), "\(first.stderr)")
      #expect(first.stdout.contains("fruit log: 3 added, 0 already there"), "\(first.stdout)")
      // The catalogue is a cache: named as left behind, the log is not.
      #expect(first.stderr.contains("fruit (16)"), "\(first.stderr)")
      #expect(!first.stderr.contains("fruit_log"), "\(first.stderr)")
      #expect(try Self.log(server) == mine)
      #expect(try Self.log(server, user: "kari")?["days"] == [])

      // Kari logs on the server; Ola's copy again adds nothing and leaves Kari's log alone.
      _ = try Self.call(server, "fruitlog/add", #"{"fruitId":3}"#, user: "kari", server: fruityvice)
      let karis = try Self.log(server, user: "kari")
      let second = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(second.stdout.contains("fruit log: 0 added, 3 already there"), "\(second.stdout)")
      #expect(try Self.log(server) == mine)
      #expect(try Self.log(server, user: "kari") == karis)

      // Ola's log from the server into a new file: the same entries, ids and all; Kari's stays on the server.
      let copy = directory.file("copy.sqlite")
      let back = try Copy.beacon(["store", "copy", server, copy, "--user", "ola"], locale: "nb")
      #expect(back.termination == .exited(0), "\(back.stderr)")
      #expect(back.stdout.contains("fruktlogg: 3 nye, 0 fantes fra før"), "\(back.stdout)")
      #expect(try Self.log(copy) == mine)
      let again = try Copy.beacon(["store", "copy", server, copy, "--user", "ola"], locale: "nn")
      #expect(again.stdout.contains("fruktlogg: 0 nye, 3 fanst frå før"), "\(again.stdout)")
      #expect(try Self.log(copy) == mine)
    }
    @Test func entriesWhoseIdIsTakenOnTheServerGetNewOnesAndLaterEntriesComeAfter() throws {
      let fruityvice = try FruityviceFixtures.server()
      defer { fruityvice.stop() }
      let directory = TemporaryDirectory("beacon-copy")
      let file = directory.file("mine.sqlite")
      for fruit in [6, 52, 3] {
        _ = try Self.call(file, "fruitlog/add", #"{"fruitId":\#(fruit)}"#, server: fruityvice)
      }
      // Kari's entry on the server has id 1 already.
      let server = try PostgresEndToEnd.freshSchema()
      _ = try Self.call(server, "fruitlog/add", #"{"fruitId":1}"#, user: "kari", server: fruityvice)
      let copied = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(copied.stdout.contains("fruit log: 3 added, 0 already there"), "\(copied.stdout) \(copied.stderr)")
      func ids(_ user: String) throws -> [Int] {
        let days = try Self.log(server, user: user)?["days"]?.arrayValue ?? []
        return days.flatMap { $0["entries"]?.arrayValue ?? [] }.compactMap { $0["id"]?.intValue }.sorted()
      }
      #expect(try ids("kari") == [1])
      #expect(try ids("ola") == [2, 3, 4], "ids 2 and 3 kept, the entry whose id 1 was taken after them")
      // The server's next id comes after every copied one.
      let next = try Self.call(server, "fruitlog/add", #"{"fruitId":6}"#, server: fruityvice)
      #expect(next?["entry"]?["id"] == 5, "\(String(describing: next))")
    }
  }
}
