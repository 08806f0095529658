import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The fruits feature on a PostgreSQL store through the built binary, against a loopback fake Fruityvice: the
/// catalogue methods answer (the team shares the fetched catalogue) and each user keeps their own fruit log.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresFruitsEndToEndTests {
    /// `beacon serve --store url --user user`, pointed at `server`, initialized.
    static func beacon(_ url: String, user: String, server: LoopbackHTTPServer) throws -> BeaconProcess {
      let beacon = try BeaconProcess(
        arguments: ["serve", "--store", url, "--user", user],
        environment: [
          "BEACON_FRUITYVICE_URL": server.baseURL.absoluteString,
          "BEACON_TEST_NOW": "2026-11-22T12:00:00Z",
        ]
      )
      _ = try beacon.initialize()
      return beacon
    }

    /// The ids of the entries of `fruitlog/days`' answer, newest first.
    static func loggedFruits(_ beacon: BeaconProcess, id: JSONValue) throws -> [JSONValue] {
      beacon.request("fruitlog/days", id: id, params: [:])
      let days = try beacon.response(id: id)["result"]?["days"]?.arrayValue ?? []
      return days.flatMap { $0["entries"]?.arrayValue ?? [] }.compactMap { $0["fruitId"] }
    }

    @Test func theCatalogueIsSharedAndEachUserKeepsTheirOwnLog() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let server = try FruityviceFixtures.server()
      let ola = try Self.beacon(url, user: "ola", server: server)
      let kari = try Self.beacon(url, user: "kari", server: server)

      ola.request("fruits/list", id: 1)
      let list = try ola.response(id: 1)["result"]
      #expect(list?["source"] == "live", "\(String(describing: list))")
      #expect(list?["fruits"]?.arrayValue?.isEmpty == false)
      let fetches = server.requests.count
      kari.request("fruits/get", id: 1, params: ["id": 6])
      let apple = try kari.response(id: 1)
      #expect(apple["result"]?["fruit"]?["id"] == 6, "\(apple)")
      kari.request("fruits/groups", id: 2)
      #expect(try kari.response(id: 2)["result"] != nil)
      #expect(server.requests.count == fetches, "Kari's answers come from the team's copy")

      ola.request("fruitlog/add", id: 2, params: ["fruitId": 6, "eatenAt": "2026-11-22T08:00:00Z"])
      let added = try ola.response(id: 2)
      let entryId = try #require(added["result"]?["entry"]?["id"], "\(added)")
      kari.request("fruitlog/add", id: 3, params: ["fruitId": 6, "eatenAt": "2026-11-21T08:00:00Z"])
      _ = try #require(try kari.response(id: 3)["result"]?["entry"])
      kari.request("fruitlog/add", id: 4, params: ["fruitId": 6, "eatenAt": "2026-11-22T09:00:00Z"])
      _ = try #require(try kari.response(id: 4)["result"]?["entry"])
      #expect(try Self.loggedFruits(ola, id: 3) == [6])
      #expect(try Self.loggedFruits(kari, id: 5) == [6, 6])

      // Kari cannot remove Ola's entry; Ola can.
      kari.request("fruitlog/remove", id: 6, params: ["entryId": entryId])
      #expect(try kari.response(id: 6)["result"]?["removed"] == false)
      #expect(try Self.loggedFruits(ola, id: 4) == [6])
      ola.request("fruitlog/remove", id: 5, params: ["entryId": entryId])
      #expect(try ola.response(id: 5)["result"]?["removed"] == true)
      #expect(try Self.loggedFruits(ola, id: 6) == [])
      #expect(try Self.loggedFruits(kari, id: 7) == [6, 6])
      for beacon in [ola, kari] { #expect(try beacon.shutdownAndExit() == .exited(0)) }
    }
  }
}
