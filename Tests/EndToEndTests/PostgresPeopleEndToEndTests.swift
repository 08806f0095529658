import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The people feature on a PostgreSQL store through the built binary, against a loopback fake randomuser.me: every
/// `users/*` method answers, and the directory is the team's — one user's fetch serves the next user (no new upstream
/// request), and an edit, a deletion or a new seed by one user is what every user sees.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresPeopleEndToEndTests {
    static let environment = ["BEACON_TEST_NOW": "2026-11-25T12:00:00Z"]

    /// `beacon serve --store url --user user`, pointed at `server`, initialized.
    static func beacon(_ url: String, user: String, server: LoopbackHTTPServer) throws -> BeaconProcess {
      let beacon = try BeaconProcess(
        arguments: ["serve", "--store", url, "--user", user],
        environment: environment.merging(["BEACON_RANDOMUSER_URL": server.baseURL.absoluteString]) { $1 }
      )
      _ = try beacon.initialize()
      return beacon
    }

    static func id(_ index: Int, seed: String = "ios") -> JSONValue {
      .string(RandomUserFixtures.uuid(seed: seed, index: index))
    }

    /// The ids of `users/list`'s answer, in order.
    static func ids(_ result: JSONValue?) -> [JSONValue] {
      result?["users"]?.arrayValue?.compactMap { $0["id"] } ?? []
    }

    @Test func theDirectoryIsTheTeamsAndEveryMethodAnswers() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let server = try RandomUserFixtures.server()
      let ola = try Self.beacon(url, user: "ola", server: server)
      let kari = try Self.beacon(url, user: "kari", server: server)

      ola.request("users/list", id: 1)
      let olas = try ola.response(id: 1)["result"]
      #expect(olas?["source"] == "live", "\(String(describing: olas))")
      #expect(olas?["seed"] == "ios")
      #expect(Self.ids(olas).count == 100)
      #expect(Self.ids(olas).first == Self.id(0))
      #expect(server.requests.count == 1)
      // Kari sees the team's directory, in the same order, without asking randomuser.me again.
      kari.request("users/list", id: 1)
      let karis = try kari.response(id: 1)["result"]
      #expect(karis?["source"] == "cache", "\(String(describing: karis))")
      #expect(Self.ids(karis) == Self.ids(olas))
      #expect(server.requests.count == 1)

      // Ola's edit is what Kari sees; Kari's deletion is gone for Ola too.
      ola.request("users/update", id: 2, params: ["id": Self.id(3), "lastName": "Moksnes", "birthDate": "1995-06-15"])
      let updated = try ola.response(id: 2)["result"]?["user"]
      #expect(updated?["lastName"] == "Moksnes", "\(String(describing: updated))")
      kari.request("users/get", id: 2, params: ["id": Self.id(3)])
      let profile = try kari.response(id: 2)["result"]?["user"]
      #expect(profile?["lastName"] == "Moksnes", "\(String(describing: profile))")
      #expect(profile?["age"] == 31)
      #expect(profile?["edited"] == true)
      kari.request("users/delete", id: 3, params: ["id": Self.id(4)])
      #expect(try kari.response(id: 3)["result"] == ["deleted": true])
      ola.request("users/delete", id: 3, params: ["id": Self.id(4)])
      #expect(try ola.response(id: 3)["result"] == ["deleted": false])
      ola.request("users/get", id: 4, params: ["id": Self.id(4)])
      #expect(try ola.response(id: 4)["error"]?["data"]?["kind"] == "notFound")
      ola.request("users/map", id: 5)
      let map = try ola.response(id: 5)["result"]
      #expect(map?["pins"]?.arrayValue?.count == 99, "\(String(describing: map))")
      kari.request("users/map", id: 4, params: ["id": Self.id(3)])
      #expect(try kari.response(id: 4)["result"]?["focus"] == Self.id(3))

      // A new seed by Kari: the edited user stays, the rest are the new seed's, for Ola too.
      kari.request("users/setSeed", id: 5, params: ["seed": "android"])
      let seeded = try kari.response(id: 5)["result"]
      #expect(seeded?["total"] == 101, "\(String(describing: seeded))")
      #expect(seeded?["kept"] == 1)
      #expect(seeded?["removed"] == 98)
      ola.request("users/list", id: 6)
      let after = try ola.response(id: 6)["result"]
      #expect(after?["seed"] == "android")
      #expect(Self.ids(after).count == 101)
      #expect(Self.ids(after).contains(Self.id(3)))
      #expect(server.requests.compactMap { $0.queryItems["seed"] } == ["ios", "android"])
      for beacon in [ola, kari] { #expect(try beacon.shutdownAndExit() == .exited(0)) }

      // A third user's `beacon users` reads the team's directory from the server, offline.
      let per = try BeaconProcess.run(
        ["--store", url, "--user", "per", "--offline", "users", "--json"],
        environment: Self.environment
      )
      #expect(per.termination == .exited(0), "\(per.stderr)")
      let json = try JSONParser.parse(Array(per.stdout.utf8))
      #expect(json["seed"] == "android", "\(per.stdout)")
      #expect(Self.ids(json).count == 101)
      #expect(server.requests.count == 2)
    }
  }
}
