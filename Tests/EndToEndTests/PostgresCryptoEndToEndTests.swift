import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The crypto feature on a PostgreSQL store through the built binary, against a loopback fake CoinLore: every
/// `crypto/*` method answers, each user keeps their own krone rate and alert threshold, and CoinLore's answers are
/// shared by the team (one user's fetch serves the next user from the server's copy).
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresCryptoEndToEndTests {
    /// `beacon serve --store url --user user`, pointed at `server`, initialized.
    static func beacon(_ url: String, user: String, server: LoopbackHTTPServer) throws -> BeaconProcess {
      let beacon = try BeaconProcess(
        arguments: ["serve", "--store", url, "--user", user],
        environment: [
          "BEACON_COINLORE_URL": server.baseURL.absoluteString,
          "BEACON_TEST_NOW": "2026-11-22T12:00:00Z",
        ]
      )
      _ = try beacon.initialize()
      return beacon
    }

    @Test func everyMethodAnswersAndEachUserKeepsTheirOwnSettings() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let server = try CoinLoreFixtures.server()
      let ola = try Self.beacon(url, user: "ola", server: server)
      let kari = try Self.beacon(url, user: "kari", server: server)

      ola.request("crypto/settings/update", id: 1, params: ["nokRate": 10.8, "alertThreshold": 50])
      let updated = try ola.response(id: 1)
      #expect(updated["result"] == ["nokRate": 10.8, "alertThreshold": 50], "\(updated)")
      kari.request("crypto/settings/get", id: 1)
      #expect(try kari.response(id: 1)["result"] == ["nokRate": .null, "alertThreshold": 10])
      kari.request("crypto/settings/update", id: 2, params: ["alertThreshold": 5])
      #expect(try kari.response(id: 2)["result"] == ["nokRate": .null, "alertThreshold": 5])
      ola.request("crypto/settings/get", id: 2)
      #expect(try ola.response(id: 2)["result"] == ["nokRate": 10.8, "alertThreshold": 50])

      // Ola's page in kroner, Kari's in dollars; Kari's comes from the server's copy of Ola's fetch.
      ola.request("crypto/tickers", id: 3, params: ["limit": 1])
      let olas = try ola.response(id: 3)["result"]
      #expect(olas?["currency"] == "NOK", "\(String(describing: olas))")
      #expect(olas?["source"] == "live")
      let fetches = server.requests.count
      kari.request("crypto/tickers", id: 3, params: ["limit": 1])
      let karis = try kari.response(id: 3)["result"]
      #expect(karis?["currency"] == "USD", "\(String(describing: karis))")
      #expect(karis?["source"] == "cache")
      #expect(server.requests.count == fetches)

      ola.request("crypto/global", id: 4)
      #expect(try ola.response(id: 4)["result"]?["currency"] == "NOK")
      kari.request("crypto/ticker", id: 4, params: ["id": "90"])
      let ticker = try kari.response(id: 4)
      #expect(ticker["result"]?["details"]?["coin"]?["id"] == "90", "\(ticker)")
      #expect(ticker["result"]?["details"]?["currency"] == "USD")
      kari.request("crypto/stats", id: 5, params: ["ids": ["90"]])
      let stats = try kari.response(id: 5)
      #expect(stats["result"] != nil, "\(stats)")
      for beacon in [ola, kari] { #expect(try beacon.shutdownAndExit() == .exited(0)) }
    }
  }
}
