import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon store copy` carries the user directory (`PeopleCopier`) through the built binary: a file's directory, its
/// seed, an edit and a deletion become the team's on PostgreSQL (the edit and the deletion by the copying user), a
/// second run changes nothing, a copy to another server keeps who made them, and the team's directory comes back
/// into a new file row for row, with an edit another user made on the server.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PeopleCopyEndToEndTests {
    typealias Copy = StoreCopyEndToEndTests

    static func id(_ index: Int) -> String { RandomUserFixtures.uuid(seed: "ios", index: index) }

    /// The directory's users on `store`, as `users/list` gives them offline.
    static func users(_ store: String, user: String = "ola") throws -> JSONValue? {
      try Copy.call(store, "users/list", user: user)?["users"]
    }

    /// Every row of the people tables of the SQLite store at `path`, table by table.
    static func rows(_ path: String) async throws -> [[Row]] {
      let store = try Store.open(path: path)
      var tables: [[Row]] = []
      for table in ["people_directory", "person", "person_edit", "person_tombstone"] {
        tables.append(try await store.rows("SELECT * FROM \(table) ORDER BY 1"))
      }
      return tables
    }

    @Test func theDirectoryWithItsEditsGoesToTheTeamAndBackAndASecondRunChangesNothing() async throws {
      let randomUser = try RandomUserFixtures.server()
      defer { randomUser.stop() }
      let directory = TemporaryDirectory("beacon-copy")
      let file = directory.file("mine.sqlite")
      let fetching = try BeaconProcess.run(
        ["--store", file, "users", "--json"],
        environment: ["BEACON_RANDOMUSER_URL": randomUser.baseURL.absoluteString]
      )
      #expect(fetching.termination == .exited(0), "\(fetching.stderr)")
      _ = try Copy.call(file, "users/update", #"{"id":"\#(Self.id(3))","lastName":"Moksnes","birthDate":"1995-06-15"}"#)
      _ = try Copy.call(file, "users/delete", #"{"id":"\#(Self.id(4))"}"#)
      let mine = try #require(try Self.users(file))
      #expect(mine.arrayValue?.count == 99)

      let server = try PostgresEndToEnd.freshSchema()
      let first = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(first.termination == .exited(0), "\(first.stderr)")
      for line in [
        "user directory seed: 1 added, 0 updated, 0 unchanged", "directory users: 99 added, 0 updated, 0 unchanged",
        "user edits: 1 added, 0 updated, 0 unchanged", "deleted users: 1 added, 0 already there",
      ] {
        #expect(first.stdout.contains(line), "\(line): \(first.stdout)")
      }
      #expect(!first.stderr.contains("person"), "\(first.stderr)")
      // The team's directory: Kari sees Ola's, with his edit and without the user he deleted.
      #expect(try Self.users(server, user: "kari") == mine)
      let deleted = try Copy.beacon([
        "--store", server, "--user", "kari", "call", "users/get", #"{"id":"\#(Self.id(4))"}"#,
      ])
      #expect(deleted.termination != .exited(0), "\(deleted.stdout)")
      let admin = try PostgresConnection(PostgresConnectionString(server))
      #expect(try admin.query("SELECT edited_by FROM person_edit").map { $0.string(0) } == ["ola"])
      #expect(try admin.query("SELECT deleted_by FROM person_tombstone").map { $0.string(0) } == ["ola"])
      #expect(try admin.query("SELECT seed FROM people_directory").map { $0.string(0) } == ["ios"])

      let second = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      for line in [
        "user directory seed: 0 added, 0 updated, 1 unchanged", "directory users: 0 added, 0 updated, 99 unchanged",
        "user edits: 0 added, 0 updated, 1 unchanged", "deleted users: 0 added, 1 already there",
      ] {
        #expect(second.stdout.contains(line), "\(line): \(second.stdout)")
      }
      #expect(try Self.users(server) == mine)

      // Server to server, copied by Kari: who made the edit and the deletion stays Ola.
      let other = try PostgresEndToEnd.freshSchema()
      let across = try Copy.beacon(["store", "copy", server, other, "--user", "kari"])
      #expect(across.stdout.contains("user edits: 1 added, 0 updated, 0 unchanged"), "\(across.stdout)")
      #expect(try Self.users(other) == mine)
      let otherAdmin = try PostgresConnection(PostgresConnectionString(other))
      #expect(try otherAdmin.query("SELECT edited_by FROM person_edit").map { $0.string(0) } == ["ola"])
      #expect(try otherAdmin.query("SELECT deleted_by FROM person_tombstone").map { $0.string(0) } == ["ola"])

      // The team's directory into a new file: the original's rows, every one.
      let copy = directory.file("copy.sqlite")
      let out = try Copy.beacon(["store", "copy", server, copy, "--user", "kari"], locale: "nb")
      #expect(out.termination == .exited(0), "\(out.stderr)")
      #expect(out.stdout.contains("brukere i katalogen: 99 nye, 0 oppdaterte, 0 uendrede"), "\(out.stdout)")
      #expect(out.stdout.contains("endringer av brukere: 1 ny, 0 oppdaterte, 0 uendrede"), "\(out.stdout)")
      #expect(try await Self.rows(copy) == (try await Self.rows(file)))

      // Kari edits another user on the server; back into Ola's file, only that edit is new.
      _ = try Copy.call(server, "users/update", #"{"id":"\#(Self.id(5))","city":"Bodø"}"#, user: "kari")
      let back = try Copy.beacon(["store", "copy", server, file, "--user", "ola"], locale: "nn")
      #expect(back.stdout.contains("endringar av brukarar: 1 ny, 0 oppdaterte, 1 uendra"), "\(back.stdout)")
      #expect(back.stdout.contains("brukarar i katalogen: 0 nye, 0 oppdaterte, 99 uendra"), "\(back.stdout)")
      #expect(try Self.users(file) == (try Self.users(server)))
      let bodø = try Copy.call(file, "users/get", #"{"id":"\#(Self.id(5))"}"#)?["user"]
      #expect(bodø?["city"] == "Bodø", "\(String(describing: bodø))")
    }
  }
}

extension Store {
  /// The rows of `sql`, as stored.
  fileprivate func rows(_ sql: String) throws -> [Row] {
    try database.query(sql)
  }
}
