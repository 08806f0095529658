import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `--store postgresql://…` through the built binary, against the server in `BEACON_TEST_POSTGRES_URL`
/// (`Scripts/pg-cluster.sh start`): ratings with their author, favourites per user, searches of the stored places
/// (the stored settings filling in what a search leaves out), a lost connection, and no password in any output. Without the variable these tests are skipped (and
/// `ciHasTheServer` fails under `CI=true`).
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresStoreEndToEndTests {
    static let placeId = "osm:node/27"

    /// A schema of its own on the test server, with one café seeded through ``PostgresStore``.
    static func seededStore(applicationName: String? = nil) async throws -> String {
      let url = try PostgresEndToEnd.freshSchema(applicationName: applicationName)
      let seed = try PostgresStore.open(PostgresConnectionString(url), user: "seed")
      let place = Place(
        id: placeId,
        name: "Kaffebrenneriet Grünerløkka",
        category: .cafe,
        location: Coordinate(lat: 59.9225, lon: 10.7590),
        cuisine: "coffee_shop",
        source: "test"
      )
      try await seed.upsert([place], replacing: true)
      return url
    }

    /// A server on `url` for `user` (by `--user`, or by `initializationOptions.user`).
    static func beacon(_ url: String, user: String, byFlag: Bool, locale: String = "nb") throws -> BeaconProcess {
      let arguments = byFlag ? ["serve", "--store", url, "--user", user] : ["serve"]
      let beacon = try BeaconProcess(arguments: arguments, environment: ["BEACON_OFFLINE": "1"])
      let options: JSONValue = byFlag ? [:] : ["storePath": .string(url), "user": .string(user)]
      try beacon.initialize(["locale": .string(locale), "initializationOptions": options])
      return beacon
    }

    @Test func twoUsersRatingOnePlaceSeeTheTeamsSummaryAndTheirOwn() async throws {
      let url = try await Self.seededStore()
      let ola = try Self.beacon(url, user: "ola", byFlag: true)
      let kari = try Self.beacon(url, user: "kari", byFlag: false)
      ola.request("rating/add", id: 1, params: ["placeId": .string(Self.placeId), "stars": 5])
      #expect(try ola.response(id: 1)["result"]?["summary"]?["count"] == 1)
      kari.request("rating/add", id: 1, params: ["placeId": .string(Self.placeId), "stars": 2])
      #expect(try kari.response(id: 1)["result"]?["summary"]?["count"] == 2)
      kari.request("rating/add", id: 2, params: ["placeId": .string(Self.placeId), "stars": 3])
      #expect(try kari.response(id: 2)["result"]?["summary"]?["count"] == 3)

      for (beacon, ownAverage, ownCount) in [(ola, 5.0, 1), (kari, 2.5, 2)] {
        beacon.request("rating/summary", id: 3, params: ["placeIds": [.string(Self.placeId)]])
        let summary = try beacon.response(id: 3)["result"]?["summaries"]?.arrayValue?.first
        #expect(summary?["count"] == 3)
        #expect(summary?["average"]?.doubleValue == 10.0 / 3)
        #expect(summary?["ownAverage"]?.doubleValue == ownAverage)
        #expect(summary?["ownCount"]?.intValue == ownCount)
      }
      // Someone who never rated it has none of their own.
      let per = try Self.beacon(url, user: "per", byFlag: true)
      per.request("rating/summary", id: 1, params: ["placeIds": [.string(Self.placeId)]])
      let summary = try per.response(id: 1)["result"]?["summaries"]?.arrayValue?.first
      #expect(summary?["ownAverage"] == .null)
      #expect(summary?["ownCount"] == 0)
      // rating/list names each rating's author, newest first.
      per.request("rating/list", id: 2, params: ["placeId": .string(Self.placeId)])
      let listed = try per.response(id: 2)["result"]?["ratings"]?.arrayValue ?? []
      #expect(listed.map { $0["author"] } == ["kari", "kari", "ola"], "\(listed)")
      #expect(listed.map { $0["stars"] } == [3, 2, 5])
      for beacon in [ola, kari, per] { #expect(try beacon.shutdownAndExit() == .exited(0)) }
    }

    @Test func favouritesAreEachUsersOwnAndSearchesFindTheStoredPlaces() async throws {
      let url = try await Self.seededStore()
      let ola = try Self.beacon(url, user: "ola", byFlag: true)
      let kari = try Self.beacon(url, user: "kari", byFlag: true)
      ola.request("favorites/add", id: 1, params: ["placeId": .string(Self.placeId)])
      #expect(try ola.response(id: 1)["result"]?["added"] == true)

      let ids: JSONValue = ["placeIds": [.string(Self.placeId)]]
      for (beacon, favourite) in [(ola, true), (kari, false)] {
        beacon.request("favorites/status", id: 2, params: ids)
        let status = try beacon.response(id: 2)["result"]?["statuses"]?.arrayValue?.first
        #expect(status?["favorite"]?.boolValue == favourite)
        beacon.request("favorites/list", id: 3)
        let places = try beacon.response(id: 3)["result"]?["places"]?.arrayValue ?? []
        #expect(places.map { $0["id"] } == (favourite ? [.string(Self.placeId)] : []))

        let center: JSONValue = ["lat": 59.9230, "lon": 10.7590]
        beacon.request("places/search", id: 4, params: ["center": center, "category": "cafe", "text": "GRUNER"])
        let result = try beacon.response(id: 4)["result"]
        #expect(result?["source"] == "offline", "\(String(describing: result))")
        let found = result?["places"]?.arrayValue ?? []
        #expect(found.map { $0["id"] } == [.string(Self.placeId)])
        #expect(found.first?["isFavorite"]?.boolValue == favourite)
      }
      ola.request("favorites/remove", id: 5, params: ["placeId": .string(Self.placeId)])
      #expect(try ola.response(id: 5)["result"]?["removed"] == true)
      for beacon in [ola, kari] { #expect(try beacon.shutdownAndExit() == .exited(0)) }
    }

    @Test func aSearchTakesWhatItLeavesOutFromTheStoredSettingsAndCutsItsAnswer() async throws {
      let url = try await Self.seededStore()
      let seed = try PostgresStore.open(PostgresConnectionString(url), user: "seed")
      func place(_ id: Int, _ name: String, _ category: PlaceCategory, lat: Double, hours: String?) -> Place {
        Place(
          id: "osm:node/\(id)",
          name: name,
          category: category,
          location: Coordinate(lat: lat, lon: 10.7590),
          openingHours: hours,
          source: "test"
        )
      }
      try await seed.upsert(
        [
          place(28, "Bønna", .cafe, lat: 59.9260, hours: "24/7"),
          place(29, "Alma", .cafe, lat: 59.9300, hours: "24/7"),
          place(30, "Dalen", .cafe, lat: 60.0000, hours: "24/7"),
          place(31, "Spiseriet", .restaurant, lat: 59.9232, hours: nil),
        ],
        replacing: true
      )
      let beacon = try Self.beacon(url, user: "ola", byFlag: true)
      func search(_ id: JSONValue, _ params: JSONValue) throws -> (ids: [JSONValue?], result: JSONValue?) {
        beacon.request("places/search", id: id, params: params)
        let result = try beacon.response(id: id)["result"]
        return ((result?["places"]?.arrayValue ?? []).map { place in place["id"] }, result)
      }
      // The default radius (5 km) leaves Dalen out; nearest first.
      let near = try search(1, ["center": ["lat": 59.9230, "lon": 10.7590], "category": "cafe"])
      #expect(near.ids == ["osm:node/27", "osm:node/28", "osm:node/29"], "\(String(describing: near.result))")
      #expect(near.result?["radiusMeters"] == 5_000)
      #expect(near.result?["sort"] == "distance")
      #expect(near.result?["centerSource"] == "request")
      // The centre is the one stored by the search before; only the places open now (the first has no hours).
      let open = try search(2, ["category": "cafe", "openNow": true])
      #expect(open.ids == ["osm:node/28", "osm:node/29"])
      #expect(open.result?["centerSource"] == "settings")
      // Sorted by name, then cut to the limit.
      let byName = try search(3, ["category": "cafe", "sort": "name", "limit": 2])
      #expect(byName.ids == ["osm:node/29", "osm:node/28"])
      #expect(byName.result?["sort"] == "name")
      // No category: the stored one (restaurants).
      let restaurants = try search(4, [:])
      #expect(restaurants.ids == ["osm:node/31"])
      #expect(restaurants.result?["category"] == "restaurant")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theCommandLineRatesAndKeepsFavouritesOnTheServerForEachUser() async throws {
      let url = try await Self.seededStore()
      func beacon(_ user: String, _ arguments: [String]) throws -> CommandResult {
        try BeaconProcess.run(["--store", url, "--user", user] + arguments, environment: ["BEACON_OFFLINE": "1"])
      }
      let ola = try beacon("ola", ["rate", Self.placeId, "5", "--json"])
      #expect(ola.termination == .exited(0), "\(ola.stderr)")
      let kari = try beacon("kari", ["rate", Self.placeId, "3", "--json"])
      let summary = (try? HumanCLITests.parse(kari.stdout))?["summary"]
      #expect(summary?["count"] == 2, "\(kari.stdout) \(kari.stderr)")
      #expect(summary?["average"]?.doubleValue == 4)

      #expect(try beacon("ola", ["favorites", "add", Self.placeId]).termination == .exited(0))
      let olas =
        (try? HumanCLITests.parse(try beacon("ola", ["favorites", "--json"]).stdout))?["places"]?.arrayValue ?? []
      #expect(olas.map { $0["id"] } == [.string(Self.placeId)])
      let karis = (try? HumanCLITests.parse(try beacon("kari", ["favorites", "--json"]).stdout))?["places"]?.arrayValue
      #expect(karis == [])
      // The user is the account's name without --user: not Ola's favourites.
      let plain = try BeaconProcess.run(["--store", url, "favorites", "--json"], environment: ["BEACON_OFFLINE": "1"])
      #expect((try? HumanCLITests.parse(plain.stdout))?["places"]?.arrayValue == [], "\(plain.stdout) \(plain.stderr)")
    }

    @Test func aLostConnectionFailsOneRequestAndTheNextConnectsAgain() async throws {
      let name = "beacon_e2e_" + UUID().uuidString.prefix(8).lowercased()
      let url = try await Self.seededStore(applicationName: name)
      let beacon = try Self.beacon(url, user: "ola", byFlag: true)
      beacon.request("settings/get", id: 1)
      #expect(try beacon.response(id: 1)["result"] != nil)
      let admin = try PostgresConnection(PostgresConnectionString(try #require(PostgresEndToEnd.url)))
      let ended = try admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [name]
      )
      #expect(!ended.isEmpty)
      beacon.request("rating/add", id: 2, params: ["placeId": .string(Self.placeId), "stars": 4])
      let error = try beacon.response(id: 2)["error"]
      #expect(error?["data"]?["kind"] == "storageFailure", "\(String(describing: error))")
      #expect(error?["message"]?.stringValue?.contains("ble brutt") == true)
      beacon.request("rating/add", id: 3, params: ["placeId": .string(Self.placeId), "stars": 4])
      #expect(try beacon.response(id: 3)["result"]?["summary"]?["count"] == 1)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func aServerThatNeverAnswersFailsInitializeAfterTheDefaultTimeout() throws {
      let silent = try SilentListener()
      let beacon = try BeaconProcess(
        arguments: ["serve", "--store", "postgresql://beacon@127.0.0.1:\(silent.port)/beacon?sslmode=disable"],
        environment: ["PGCONNECT_TIMEOUT": nil, "PGSERVICE": nil, "BEACON_LOCALE": "en"]
      )
      let started = Date()
      beacon.request("initialize", id: "init", params: [:])
      let error = try beacon.response(id: "init", timeout: 40)["error"]
      let waited = Date().timeIntervalSince(started)
      #expect(error?["data"]?["kind"] == "storeUnavailable", "\(String(describing: error))")
      #expect(error?["message"]?.stringValue?.contains("timeout") == true, "\(String(describing: error))")
      #expect(waited >= Double(PostgresConnectionString.defaultConnectTimeout) - 1, "\(waited) s")
      beacon.closeInput()
      _ = try beacon.waitForExit()
    }

    @Test func thePasswordAppearsInNoOutput() throws {
      let url = try #require(PostgresEndToEnd.url)
      let password = try #require(PostgresEndToEnd.password(of: url))
      let wrong = url.replacingOccurrences(of: ":\(password)@", with: ":\(password)x@")
      let unreachable = "postgresql://beacon:\(password)@127.0.0.1:1/beacon"
      for target in [wrong, unreachable] {
        let beacon = try BeaconProcess(
          arguments: ["serve", "--store", target],
          environment: ["BEACON_LOG": "debug"]
        )
        beacon.request("initialize", id: "init", params: [:])
        let error = try beacon.response(id: "init")["error"]
        #expect(error?["data"]?["kind"] == "storeUnavailable", "\(String(describing: error))")
        #expect(error?["message"]?.stringValue?.contains("***") == true)
        beacon.closeInput()
        _ = try beacon.waitForExit()
        try beacon.waitForOutputEnd()
        #expect(!beacon.stdout.text.contains(password))
        #expect(!beacon.stderr.text.contains(password))
        #expect(!beacon.stderr.text.isEmpty)
      }
      let cli = try BeaconProcess.run(["--store", wrong, "favorites"], environment: ["BEACON_LOG": "debug"])
      #expect(cli.termination != .exited(0))
      #expect(!cli.stderr.isEmpty)
      #expect(!(cli.stdout + cli.stderr).contains(password))
      let check = try BeaconProcess.run(["store", "check", "--store", url], environment: ["BEACON_LOG": "debug"])
      #expect(check.termination == .exited(1))
      #expect(check.stderr.contains("'store' er ikke tilgjengelig på et PostgreSQL-lager ennå"), "\(check.stderr)")
      #expect(!(check.stdout + check.stderr).contains(password))
      let version = try BeaconProcess.run(["--store", url, "--version"], environment: ["BEACON_LOG": "debug"])
      #expect(version.termination == .exited(0))
      #expect(!(version.stdout + version.stderr).contains(password))
    }
  }
}

/// The test server for end-to-end runs (`BEACON_TEST_POSTGRES_URL`), as `PostgresTestServer` is for the unit tests.
enum PostgresEndToEnd {
  static let url: String? = {
    guard let url = ProcessInfo.processInfo.environment["BEACON_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
    return url
  }()

  static let skipReason = Comment(
    rawValue: "BEACON_TEST_POSTGRES_URL is not set: start a throwaway server with `eval \"$(Scripts/pg-cluster.sh "
      + "start >/dev/null; Scripts/pg-cluster.sh env)\"` (Documentation/PostgreSQL.md)"
  )

  /// The password in `url` (`postgresql://user:password@host…`).
  static func password(of url: String) -> String? {
    URLComponents(string: url)?.password
  }

  /// A URL for a schema of its own (created here), with `application_name` when given.
  static func freshSchema(applicationName: String? = nil) throws -> String {
    let url = try #require(url, skipReason)
    let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let admin = try PostgresConnection(PostgresConnectionString(url))
    try admin.query("CREATE SCHEMA \(schema)")
    var result = url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)%2Cpublic"
    if let applicationName { result += "&application_name=\(applicationName)" }
    return result
  }
}
