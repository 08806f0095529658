import BeaconCore
import BeaconPostgres
import Foundation
import JSONRPC
import Testing

/// `beacon store copy FROM TO` through the built binary, against the server in `BEACON_TEST_POSTGRES_URL`: a SQLite
/// file to PostgreSQL and back without loss (ids, times, comments, authors, favourites, settings), a second run that
/// changes nothing, and a failed copy that leaves the target as it was.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct StoreCopyEndToEndTests {
    /// The Helsinki railway station's Burger King, one of the demo places every SQLite store has.
    static let placeId = "osm:node/1369465577"

    /// Runs `beacon` with `arguments` (offline, in English unless `locale` says otherwise).
    static func beacon(_ arguments: [String], locale: String = "en") throws -> CommandResult {
      try BeaconProcess.run(arguments + ["--locale", locale], environment: ["BEACON_OFFLINE": "1"])
    }

    /// The result of `method` called on `store` as `user`.
    static func call(_ store: String, _ method: String, _ params: String = "{}", user: String = "ola") throws
      -> JSONValue?
    {
      let result = try beacon(["--store", store, "--user", user, "call", method, params])
      #expect(result.termination == .exited(0), "\(method): \(result.stderr)")
      return try? HumanCLITests.parse(result.stdout)
    }

    /// The place's ratings on `store`, each without its author (a SQLite store has none).
    static func ratings(_ store: String) throws -> [JSONValue] {
      let list = try call(store, "rating/list", #"{"placeId":"\#(placeId)"}"#)?["ratings"]?.arrayValue ?? []
      return list.map { rating in
        guard case .object(var fields) = rating else { return rating }
        fields["author"] = nil
        return .object(fields)
      }
    }

    /// A SQLite store with two ratings of the place (one with a comment), the place as a favourite and settings.
    static func sqliteStore(in directory: URL) throws -> String {
      let path = directory.appendingPathComponent("mine.sqlite").path
      #expect(try beacon(["--store", path, "rate", placeId, "4", "--comment", "God burger"]).termination == .exited(0))
      #expect(try beacon(["--store", path, "rate", placeId, "2"]).termination == .exited(0))
      #expect(try beacon(["--store", path, "favorites", "add", placeId]).termination == .exited(0))
      _ = try call(path, "settings/update", #"{"radiusMeters":3000,"sort":"distance"}"#)
      return path
    }

    @Test func aSQLiteStoreGoesToPostgreSQLAndBackWithoutLossAndASecondRunChangesNothing() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-copy-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try Self.sqliteStore(in: directory)
      let server = try PostgresEndToEnd.freshSchema()
      let mine = try Self.ratings(file)
      #expect(mine.count == 2)

      let first = try Self.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(first.termination == .exited(0), "\(first.stderr)")
      #expect(first.stdout.contains("places: 1 added, 0 updated, 0 unchanged"), "\(first.stdout)")
      #expect(first.stdout.contains("ratings: 2 added, 0 already there"))
      #expect(first.stdout.contains("favourites: 1 added"))
      #expect(first.stdout.contains("settings: 2 changed"))
      #expect(first.stderr.contains("Writing 1 places, 2 ratings, 1 favourites and 2 settings"), "\(first.stderr)")
      let password = try #require(PostgresEndToEnd.password(of: server))
      #expect(!(first.stdout + first.stderr).contains(password))

      // On the server: the same ratings (ids, times, comments) by the copying user, Ola's favourite and settings.
      #expect(try Self.ratings(server) == mine)
      let authored = try Self.call(server, "rating/list", #"{"placeId":"\#(Self.placeId)"}"#)?["ratings"]
      #expect(authored?.arrayValue?.map { $0["author"] } == ["ola", "ola"])
      let favourites = try Self.call(server, "favorites/list")?["places"]?.arrayValue ?? []
      #expect(favourites.map { $0["id"] } == [.string(Self.placeId)])
      #expect(try Self.call(server, "favorites/list", user: "kari")?["places"]?.arrayValue == [])
      let settings = try Self.call(server, "settings/get")
      #expect(settings?["radiusMeters"] == 3000)
      #expect(settings?["sort"] == "distance")

      // Again: nothing changes.
      let second = try Self.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(second.termination == .exited(0), "\(second.stderr)")
      #expect(second.stdout.contains("places: 0 added, 0 updated, 1 unchanged"), "\(second.stdout)")
      #expect(second.stdout.contains("ratings: 0 added, 2 already there"))
      #expect(second.stdout.contains("favourites: 0 added"))
      #expect(second.stdout.contains("settings: 0 changed"))
      #expect(try Self.ratings(server) == mine)

      // Kari rates on the server; the team's store goes to a new file and back, in Nynorsk.
      _ = try Self.call(server, "rating/add", #"{"placeId":"\#(Self.placeId)","stars":5}"#, user: "kari")
      let team = try Self.ratings(server)
      #expect(team.count == 3)
      let copy = directory.appendingPathComponent("team.sqlite").path
      let out = try Self.beacon(["store", "copy", server, copy, "--user", "ola"], locale: "nn")
      #expect(out.termination == .exited(0), "\(out.stderr)")
      #expect(out.stdout.contains("vurderingar: 3 nye, 0 fanst frå før"), "\(out.stdout)")
      #expect(try Self.ratings(copy) == team)
      #expect(
        (try Self.call(copy, "favorites/list")?["places"]?.arrayValue ?? []).map { $0["id"] } == [
          .string(Self.placeId)
        ]
      )
      #expect(try Self.call(copy, "settings/get")?["radiusMeters"] == 3000)
      let again = try Self.beacon(["store", "copy", server, copy, "--user", "ola"], locale: "nb")
      #expect(again.stdout.contains("vurderinger: 0 nye, 3 fantes fra før"), "\(again.stdout)")
      #expect(again.stdout.contains("steder: 0 nye, 0 oppdaterte, 1 uendret"))

      // Back to the server: every rating is recognised and keeps its author.
      let back = try Self.beacon(["store", "copy", copy, server, "--user", "ola"])
      #expect(back.stdout.contains("ratings: 0 added, 3 already there"), "\(back.stdout)")
      let authors = try Self.call(server, "rating/list", #"{"placeId":"\#(Self.placeId)"}"#)?["ratings"]
      #expect(authors?.arrayValue?.map { $0["author"] } == ["kari", "ola", "ola"])
    }

    @Test func aCopyThatFailsLeavesTheTargetAsItWas() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-copy-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try Self.sqliteStore(in: directory)
      // The server already holds Kari's file: ratings 1 and 2.
      let karis = directory.appendingPathComponent("kari")
      try FileManager.default.createDirectory(at: karis, withIntermediateDirectories: true)
      let server = try PostgresEndToEnd.freshSchema()
      let seeded = try Self.beacon(["store", "copy", try Self.sqliteStore(in: karis), server, "--user", "kari"])
      #expect(seeded.stdout.contains("ratings: 2 added, 0 already there"), "\(seeded.stdout) \(seeded.stderr)")
      let before = try Self.call(server, "rating/list", #"{"placeId":"\#(Self.placeId)"}"#)
      let admin = try PostgresConnection(PostgresConnectionString(server))
      func counts() throws -> [Int?] {
        try ["place", "rating", "favorite", "setting"].map {
          try admin.query("SELECT count(*) FROM \($0)").first?.int(0)
        }
      }
      let stored = try counts()
      #expect(stored == [1, 2, 1, 2])
      // A rating the server refuses (seven stars, written past the file's own check): the copy fails at its end.
      let store = try Store.open(path: file)
      try await store.write(
        "PRAGMA ignore_check_constraints = ON",
        "INSERT INTO rating (place_id, stars, created_at) VALUES ('\(Self.placeId)', 7, 1.5)"
      )
      let failed = try Self.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(failed.termination == .exited(1), "\(failed.stdout) \(failed.stderr)")
      #expect(failed.stdout.isEmpty)
      #expect(failed.stderr.contains("is as it was"), "\(failed.stderr)")
      #expect(try counts() == stored)
      #expect(try Self.call(server, "rating/list", #"{"placeId":"\#(Self.placeId)"}"#) == before)
      #expect(try Self.call(server, "favorites/list", user: "ola")?["places"]?.arrayValue == [])

      // Without the refused rating, Ola's two ratings come, with new ids: Kari's have 1 and 2.
      try await store.write("DELETE FROM rating WHERE stars = 7")
      let copied = try Self.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(copied.termination == .exited(0), "\(copied.stderr)")
      #expect(copied.stdout.contains("ratings: 2 added, 0 already there (2 got a new id, theirs being taken)"))
      let ids = try Self.call(server, "rating/list", #"{"placeId":"\#(Self.placeId)"}"#)?["ratings"]?.arrayValue
      // (The failed copy took ids from the server's sequence too: PostgreSQL never gives them back.)
      let numbers = ids?.compactMap { $0["id"]?.intValue } ?? []
      #expect(numbers.count == 4 && Set(numbers).count == 4 && numbers.filter { $0 > 2 }.count == 2, "\(numbers)")
      #expect(ids?.compactMap { $0["author"]?.stringValue }.sorted() == ["kari", "kari", "ola", "ola"])
      // A file that does not exist is no source; a missing argument is a usage error.
      let missing = directory.appendingPathComponent("none.sqlite").path
      let none = try Self.beacon(["store", "copy", missing, server])
      #expect(none.termination == .exited(1))
      #expect(!FileManager.default.fileExists(atPath: missing))
      #expect(try Self.beacon(["store", "copy", file]).termination == .exited(64))
    }
  }
}

extension Store {
  /// Runs `statements` as they are, for a test that needs rows the store's own checks would refuse.
  fileprivate func write(_ statements: String...) throws {
    for statement in statements { try database.run(statement) }
  }
}
