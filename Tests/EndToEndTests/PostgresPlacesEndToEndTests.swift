import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The places service on a PostgreSQL store through the built binary, against a loopback fake Geoapify: live
/// searches cached on the server for the whole team, the stale fallback, details, autocomplete, `nearMe`, filters
/// and `scope: "favorites"` giving what a SQLite store gives (routes: `PostgresRouteEndToEndTests`).
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresPlacesEndToEndTests {
    /// `beacon serve` on `store` (a `postgresql://` URL, or `nil` for the SQLite file of its own directory) as
    /// `user`, pointed at `server`, initialized; `offline` sets `BEACON_OFFLINE=1`.
    static func beacon(
      _ store: String?,
      user: String = "ola",
      server: LoopbackHTTPServer,
      offline: Bool = false
    ) throws -> BeaconProcess {
      var arguments = ["serve"] + (store.map { ["--store", $0] } ?? [])
      if store?.hasPrefix("postgresql:") == true { arguments += ["--user", user] }
      let beacon = try BeaconProcess(
        arguments: arguments,
        environment: [
          "GEOAPIFY_API_KEY": PlacesEndToEndTests.apiKey,
          "BEACON_GEOAPIFY_URL": server.baseURL.absoluteString,
          "BEACON_OFFLINE": offline ? "1" : nil,
        ]
      )
      let result = try beacon.initialize()
      #expect(result["configuration"]?["geoapifyAPIKeyConfigured"] == true)
      return beacon
    }

    static func ids(_ result: JSONValue) -> [String] {
      result["places"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test func liveSearchesAreCachedOnTheServerForTheTeamAndServedStaleWhenGeoapifyFails() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let server = try GeoapifyFixtures.server()
      let ola = try Self.beacon(url, user: "ola", server: server)
      let kari = try Self.beacon(url, user: "kari", server: server)
      let search: JSONValue = ["category": "restaurant"]

      let first = try PlacesEndToEndTests.call(ola, "places/search", id: 1, params: search)
      #expect(first["source"] == "live")
      #expect(first["stale"] == false)
      #expect(Self.ids(first).count == 10)
      // Another user's search of the same area is answered from the server's cache.
      let shared = try PlacesEndToEndTests.call(kari, "places/search", id: 1, params: search)
      #expect(shared["source"] == "cache")
      #expect(shared["stale"] == false)
      #expect(shared["fetchedAt"] == first["fetchedAt"])
      #expect(Self.ids(shared) == Self.ids(first))
      #expect(server.requestCount(path: "/v2/places") == 1)

      // Geoapify gone: the cached answer, marked stale.
      server.stop()
      let params: JSONValue = ["category": "restaurant", "refresh": true]
      let stale = try PlacesEndToEndTests.call(ola, "places/search", id: 2, params: params)
      #expect(stale["source"] == "cache")
      #expect(stale["stale"] == true)
      #expect(stale["fetchedAt"] == first["fetchedAt"])
      #expect(Self.ids(stale) == Self.ids(first))
      // A query never cached: the places the server learned around the point, marked stale.
      let learned = try PlacesEndToEndTests.call(
        kari,
        "places/search",
        id: 3,
        params: ["category": "restaurant", "radiusMeters": 2_500]
      )
      #expect(learned["stale"] == true)
      #expect(learned["source"] == "offline")
      #expect(Set(Self.ids(learned)).isSubset(of: Set(Self.ids(first))))
      #expect(!Self.ids(learned).isEmpty)
      for beacon in [ola, kari] { #expect(try beacon.shutdownAndExit() == .exited(0)) }
    }

    /// The same requests, in the same order, on a SQLite store and on a PostgreSQL store, each with its own fake
    /// Geoapify: the answers agree (but for the times of the fetches).
    @Test func searchesWithFiltersNearMeFavouritesAndDetailsAnswerAsOnSQLite() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let restaurant = GeoapifyFixtures.detailsRestaurantID
      let requests: [(method: String, params: JSONValue)] = [
        ("places/search", ["category": "restaurant"]),
        ("places/details", ["id": .string(restaurant)]),
        ("places/search", ["category": "restaurant", "outdoorSeating": true]),
        ("places/search", ["category": "restaurant", "wheelchair": "limited", "sort": "name"]),
        ("places/search", ["category": "restaurant", "diet": ["vegan"], "cuisine": ["nordic", "italian"]]),
        ("places/search", ["category": "restaurant", "text": "trattoria"]),
        ("places/search", ["nearMe": true, "category": "cafe"]),
        ("places/autocomplete", ["text": "fisk", "debounceMs": 0]),
        ("favorites/add", ["placeId": .string(restaurant)]),
        ("rating/add", ["placeId": .string(restaurant), "stars": 4]),
        ("places/search", ["category": "restaurant", "minRating": 3]),
        ("places/search", ["scope": "favorites", "category": "restaurant"]),
        ("places/search", ["scope": "favorites", "category": "restaurant", "wheelchair": "yes", "text": "brygge"]),
        ("favorites/list", ["outdoorSeating": true]),
        ("favorites/list", ["wheelchair": "yes"]),
      ]
      var answers: [[JSONValue]] = []
      for store in [nil, url] {
        let server = try GeoapifyFixtures.server()
        let beacon = try Self.beacon(store, server: server)
        answers.append(
          try requests.enumerated().map { index, request in
            try PlacesEndToEndTests.call(beacon, request.method, id: index + 1, params: request.params)
          }
        )
        #expect(try beacon.shutdownAndExit() == .exited(0))
        // Offline, around the same centre (a SQLite store's default is its demo data), the places each store
        // learned answer the same too.
        let path = store ?? beacon.directory.appendingPathComponent("store.sqlite").path
        let offline = try Self.beacon(path, server: server, offline: true)
        let center: JSONValue = ["lat": 59.9111, "lon": 10.7503]
        answers[answers.count - 1] += try requests.indices.filter { requests[$0].method == "places/search" }.map {
          guard case .object(var params) = requests[$0].params else { return .null }
          params["center"] = center
          return try PlacesEndToEndTests.call(offline, "places/search", id: $0 + 100, params: .object(params))
        }
        #expect(try offline.shutdownAndExit() == .exited(0))
      }
      let (sqlite, postgres) = (answers[0], answers[1])
      #expect(sqlite.count == postgres.count)
      for (index, (expected, found)) in zip(sqlite, postgres).enumerated() {
        #expect(Self.timeless(found) == Self.timeless(expected), "answer \(index)")
      }
      // The answers say something: live, filtered, from the IP's city, with the favourite and its rating.
      #expect(sqlite[0]["source"] == "live")
      #expect(Self.ids(sqlite[2]).count < Self.ids(sqlite[0]).count)
      #expect(!Self.ids(sqlite[2]).isEmpty)
      #expect(postgres[1]["place"]?["phone"] == "+4723108840")
      #expect(postgres[6]["centerSource"] == "ip")
      #expect(postgres[7]["suggestions"]?.arrayValue?.count == 5)
      #expect(Self.ids(postgres[10]) == [restaurant])
      #expect(Self.ids(postgres[11]) == [restaurant])
      #expect(postgres[11]["places"]?.arrayValue?.first?["rating"]?["stars"] == 4)
      #expect(postgres[4]["excludedUnknown"] != nil)
      #expect(postgres.count == requests.count + requests.count { $0.method == "places/search" })
      #expect(postgres[requests.count]["source"] == "offline")
      #expect(Self.ids(postgres[requests.count]).count == 10)
    }

    /// An answer without the members that hold the time it was fetched.
    static func timeless(_ value: JSONValue) -> JSONValue {
      switch value {
      case .object(let members):
        var kept = members
        for key in ["fetchedAt", "addedAt", "createdAt"] { kept[key] = nil }
        return .object(kept.mapValues(timeless))
      case .array(let items): return .array(items.map(timeless))
      default: return value
      }
    }

    @Test func theCommandLineSearchesLiveAndShowsDetailsFromTheServer() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let server = try GeoapifyFixtures.server()
      func beacon(_ user: String, _ arguments: [String]) throws -> CommandResult {
        try BeaconProcess.run(
          ["--store", url, "--user", user] + arguments,
          environment: [
            "GEOAPIFY_API_KEY": PlacesEndToEndTests.apiKey,
            "BEACON_GEOAPIFY_URL": server.baseURL.absoluteString,
          ]
        )
      }
      let search = ["search", "--category", "restaurant", "--json"]
      let first = try beacon("ola", search)
      #expect(first.termination == .exited(0), "\(first.stderr)")
      let live = try HumanCLITests.parse(first.stdout)
      #expect(live["source"] == "live")
      let second = try HumanCLITests.parse(try beacon("kari", search).stdout)
      #expect(second["source"] == "cache")
      #expect(Self.ids(second) == Self.ids(live))
      #expect(server.requestCount(path: "/v2/places") == 1)
      let details = try beacon("kari", ["details", GeoapifyFixtures.detailsRestaurantID, "--json"])
      #expect(details.termination == .exited(0), "\(details.stderr)")
      #expect((try? HumanCLITests.parse(details.stdout))?["place"]?["phone"] == "+4723108840", "\(details.stdout)")
      #expect(!(first.stdout + first.stderr + details.stdout + details.stderr).contains(PlacesEndToEndTests.apiKey))
    }
  }
}
