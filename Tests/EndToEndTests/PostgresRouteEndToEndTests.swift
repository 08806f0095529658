import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `places/searchAlongRoute` and `beacon route` on a PostgreSQL store through the built binary: live through the
/// fake Geoapify (the team's cache), offline on the places the server learned or imported, each answer the same as
/// a SQLite store's with the same data; no SQLite file appears in the server's place.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresRouteEndToEndTests {
    /// Oslo S, west along the harbour to Aker Brygge.
    static let route: JSONValue = [
      "type": "LineString", "coordinates": [[10.7503, 59.9111], [10.7390, 59.9130], [10.7290, 59.9105]],
    ]

    static let searches: [JSONValue] = [
      ["route": route, "corridorMeters": 600, "limit": 100],
      ["route": route, "corridorMeters": 300, "limit": 3],
      ["route": route, "corridorMeters": 800, "category": "cafe", "sort": "best"],
      ["route": route, "corridorMeters": 600, "sort": "name", "wheelchair": "yes"],
      ["route": route, "corridorMeters": 2_000, "category": "hotel", "sort": "rating"],
    ]

    @Test func routeSearchesAnswerAsOnSQLiteLiveAndOffline() throws {
      let url = try PostgresEndToEnd.freshSchema()
      var answers: [[JSONValue]] = []
      var requests: [Int] = []
      for store in [nil, url] {
        let server = try GeoapifyFixtures.server()
        let beacon = try PostgresPlacesEndToEndTests.beacon(store, server: server)
        var found = try Self.searches.enumerated().map { index, params in
          try PlacesEndToEndTests.call(beacon, "places/searchAlongRoute", id: index + 1, params: params)
        }
        // A rating shows in the next search (`best`, `rating`).
        let first = try #require(found[0]["places"]?.arrayValue?.first?["id"])
        _ = try PlacesEndToEndTests.call(beacon, "rating/add", id: 50, params: ["placeId": first, "stars": 5])
        found.append(
          try PlacesEndToEndTests.call(
            beacon,
            "places/searchAlongRoute",
            id: 51,
            params: ["route": Self.route, "corridorMeters": 600, "sort": "rating", "limit": 2]
          )
        )
        requests.append(server.requestCount(path: "/v2/places"))
        #expect(try beacon.shutdownAndExit() == .exited(0))
        if store != nil {
          #expect(!FileManager.default.fileExists(atPath: beacon.directory.appendingPathComponent("store.sqlite").path))
        }
        // Offline: the places each store learned from Geoapify.
        let path = store ?? beacon.directory.appendingPathComponent("store.sqlite").path
        let offline = try PostgresPlacesEndToEndTests.beacon(path, server: server, offline: true)
        found += try Self.searches.enumerated().map { index, params in
          try PlacesEndToEndTests.call(offline, "places/searchAlongRoute", id: index + 100, params: params)
        }
        #expect(try offline.shutdownAndExit() == .exited(0))
        answers.append(found)
      }
      let (sqlite, postgres) = (answers[0], answers[1])
      #expect(requests[0] == requests[1] && requests[1] > 0, "\(requests)")
      #expect(sqlite.count == postgres.count)
      for (index, (expected, found)) in zip(sqlite, postgres).enumerated() {
        #expect(
          PostgresPlacesEndToEndTests.timeless(found) == PostgresPlacesEndToEndTests.timeless(expected),
          "\(index)"
        )
      }
      let ids = PostgresPlacesEndToEndTests.ids
      #expect(postgres[0]["source"] == "live")
      #expect(ids(postgres[0]).count > 3, "\(postgres[0])")
      #expect(ids(postgres[1]).count == 3)
      #expect(postgres[5]["places"]?.arrayValue?.first?["rating"]?["stars"] == 5)
      let offline = Self.searches.count + 1
      #expect(postgres[offline]["source"] == "offline")
      #expect(ids(postgres[offline]) == ids(postgres[0]))
      #expect(postgres[offline]["places"]?.arrayValue?.allSatisfy { $0["alongRouteMeters"] != nil } == true)
    }

    /// The server holds no demo data: `includeDemo` finds what it finds without it, and the answer says so.
    @Test func includeDemoSaysTheServerHasNoDemoData() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let server = try GeoapifyFixtures.server()
      let beacon = try PostgresPlacesEndToEndTests.beacon(url, server: server, offline: true)
      let sentence = "Et PostgreSQL-lager har ingen demodata; søket gjelder stedene som er lagret på serveren"
      let helsinki: JSONValue = ["type": "LineString", "coordinates": [[24.9414, 60.1713], [24.9527, 60.1676]]]
      let route = try PlacesEndToEndTests.call(
        beacon,
        "places/searchAlongRoute",
        id: 1,
        params: ["route": helsinki, "includeDemo": true]
      )
      #expect(PostgresPlacesEndToEndTests.ids(route) == [])
      #expect(route["message"]?.stringValue == "Ingen treff. " + sentence + ".", "\(route)")
      let search = try PlacesEndToEndTests.call(
        beacon,
        "places/search",
        id: 2,
        params: ["center": ["lat": 60.1713, "lon": 24.9414], "includeDemo": true]
      )
      #expect(search["message"]?.stringValue?.hasSuffix(sentence + ".") == true, "\(search)")
      // Not asked for: not said.
      let plain = try PlacesEndToEndTests.call(beacon, "places/searchAlongRoute", id: 3, params: ["route": helsinki])
      #expect(plain["message"]?.stringValue == "Ingen treff", "\(plain)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theCommandLineSearchesAlongARouteOnImportedPlacesAsOnSQLite() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let directory = TemporaryDirectory("beacon-pg-route")
      let sqlite = directory.url.appendingPathComponent("store.sqlite").path
      let file = directory.url.appendingPathComponent("oslo.geojson")
      try Data(EndToEnd.HumanCLITests.osmExport.utf8).write(to: file)
      let routes = [
        ["route", "--from", "59.919,10.759", "--to", "59.926,10.766", "--corridor", "200", "--json"],
        ["route", "--from", "59.919,10.759", "--to", "59.926,10.766", "--corridor", "100", "--category", "cafe"],
        ["route", "--from", "59.926,10.766", "--to", "59.919,10.759", "--corridor", "50", "--sort", "name", "--json"],
      ]
      var outputs: [[String]] = []
      for store in [sqlite, url] {
        _ = try PostgresImportEndToEndTests.json(store, ["import", file.path])
        outputs.append(
          try routes.map { arguments in
            let result = try PostgresImportEndToEndTests.beacon(store, ["--offline"] + arguments)
            #expect(result.termination == .exited(0), "\(arguments): \(result.stderr)")
            return result.stdout
          }
        )
      }
      // The same lines, and the same JSON but for when it was read.
      for (expected, found) in zip(outputs[0], outputs[1]) {
        if let json = try? EndToEnd.HumanCLITests.parse(found) {
          let timeless = PostgresPlacesEndToEndTests.timeless
          #expect(timeless(json) == timeless(try EndToEnd.HumanCLITests.parse(expected)))
        } else {
          #expect(found == expected)
        }
      }
      let first = try EndToEnd.HumanCLITests.parse(outputs[1][0])
      let names = first["places"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
      #expect(names == ["Fjellstua Bistro"], "\(outputs[1][0])")
      #expect(outputs[1][1].contains("Kaffekoppen") && outputs[1][1].contains("Kafé Sør"), "\(outputs[1][1])")
    }
  }
}
