import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon import` into a PostgreSQL store (`--store postgresql://…`), through the binary: GeoJSON and `.osm.pbf`
/// stream into the server with `COPY` in one transaction; the report and the searches afterwards are the same as
/// the same import into a SQLite store; bad input fails with the localized message and changes nothing.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresImportEndToEndTests {
    /// Runs `beacon arguments` against `store` as user `ola`, offline, failing after `timeout` seconds.
    static func beacon(
      _ store: String,
      _ arguments: [String],
      timeout: Double = BeaconProcess.defaultTimeout
    ) throws -> CommandResult {
      try BeaconProcess.run(
        ["--store", store, "--user", "ola"] + arguments,
        environment: ["BEACON_OFFLINE": "1"],
        timeout: timeout
      )
    }

    /// `beacon … --json`'s output, parsed; fails the test when the command failed.
    static func json(_ store: String, _ arguments: [String]) throws -> JSONValue {
      let result = try beacon(store, arguments + ["--json"])
      #expect(result.termination == .exited(0), "\(arguments): \(result.stderr)")
      return try EndToEnd.HumanCLITests.parse(result.stdout)
    }

    /// The ids and names a search found, in order.
    static func found(_ store: String, near: String, category: String, text: String? = nil) throws -> [String] {
      var arguments = ["--offline", "search", "--near", near, "--category", category, "--limit", "100"]
      if let text { arguments += ["--text", text] }
      let places = try json(store, arguments)["places"]?.arrayValue ?? []
      return places.map { "\($0["id"]?.stringValue ?? "?") \($0["name"]?.stringValue ?? "?")" }
    }

    /// Every stored place of the schema `url` works in, one line each, in id order.
    static func placeRows(_ url: String) throws -> [String] {
      let connection = try PostgresConnection(PostgresConnectionString(url))
      return try connection.query(
        """
        SELECT id, name, category, latitude, longitude, address, cuisine, details, opening_hours, source, fetched_at
        FROM place ORDER BY id
        """
      ).map { $0.values.map { $0 ?? "NULL" }.joined(separator: "|") }
    }

    @Test func aGeoJSONImportGivesTheSameReportAndSearchesAsOnSQLiteAndAgainOnReimport() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let directory = TemporaryDirectory("beacon-pg-import")
      let sqlite = directory.url.appendingPathComponent("store.sqlite").path
      let file = directory.url.appendingPathComponent("oslo.geojson")
      try Data(EndToEnd.HumanCLITests.osmExport.utf8).write(to: file)

      for round in 1...2 {
        let onServer = try Self.json(url, ["import", file.path])
        let onFile = try Self.json(sqlite, ["import", file.path])
        #expect(onServer == onFile, "import \(round)")
        #expect(onServer["imported"]?["cafe"] == 2, "\(onServer)")
        #expect(onServer[round == 1 ? "added" : "unchanged"] == 4, "\(onServer)")
      }
      // A re-import without Kaffekoppen (rated, so kept) and Hotell Nord (removed), with a new hotel further out.
      for store in [url, sqlite] { _ = try Self.json(store, ["rate", "osm:node/102", "5"]) }
      var lines = EndToEnd.HumanCLITests.lines(EndToEnd.HumanCLITests.osmExport)
      while let index = lines.firstIndex(where: { $0.contains("node/102") }) {
        lines.removeSubrange(index...index + 1)  // The feature's two lines.
      }
      lines = lines.map {
        $0.replacingOccurrences(of: "node/103", with: "node/107").replacingOccurrences(of: "Nord", with: "Øst")
          .replacingOccurrences(of: "[10.762, 59.922]", with: "[10.766, 59.926]")
      }
      let smaller = directory.url.appendingPathComponent("smaller.geojson")
      try Data(lines.joined(separator: "\n").utf8).write(to: smaller)
      let onServer = try Self.json(url, ["import", smaller.path])
      #expect(onServer == (try Self.json(sqlite, ["import", smaller.path])))
      #expect(onServer["removed"] == 1 && onServer["kept"] == 1, "\(onServer)")
      for (category, text) in [("cafe", nil), ("restaurant", nil), ("hotel", "øst"), ("cafe", "KAFFE")] {
        let onServer = try Self.found(url, near: "59.92,10.76", category: category, text: text)
        #expect(!onServer.isEmpty)
        #expect(onServer == (try Self.found(sqlite, near: "59.92,10.76", category: category, text: text)))
      }
    }

    @Test func aPBFImportGivesTheSameReportAndSearchesAsOnSQLite() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let directory = TemporaryDirectory("beacon-pg-import")
      let sqlite = directory.url.appendingPathComponent("store.sqlite").path
      let file = EndToEnd.HumanCLITests.osmFixtures.appendingPathComponent("Helsinki.osm.pbf").path

      let onServer = try Self.json(url, ["import", file])
      #expect(onServer["format"] == "pbf")
      #expect(onServer["imported"]?["hotel"]?.intValue == EndToEnd.HumanCLITests.helsinkiReference.hotel)
      // A SQLite store starts with the demo places (central Helsinki, Documentation/DemoData.md), which this file
      // takes over: new among the user's places, as on the server, which has none.
      let onFile = try Self.json(sqlite, ["import", file])
      #expect(onServer["added"] == 324 && onFile["updated"] == 0, "\(onServer) \(onFile)")
      #expect(onServer == onFile)
      for category in ["cafe", "restaurant", "hotel"] {
        let onServer = try Self.found(url, near: "60.1699,24.9384", category: category)
        #expect(onServer.count > 3, "\(category): \(onServer)")
        #expect(onServer == (try Self.found(sqlite, near: "60.1699,24.9384", category: category)))
      }
    }

    @Test func badInputFailsInTheUsersLanguageAndLeavesTheServerAsItWas() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let directory = TemporaryDirectory("beacon-pg-import")
      let good = directory.url.appendingPathComponent("oslo.geojson")
      try Data(EndToEnd.HumanCLITests.osmExport.utf8).write(to: good)
      _ = try Self.json(url, ["import", good.path])
      #expect(try Self.beacon(url, ["rate", "osm:node/102", "4"]).termination == .exited(0))
      let before = try Self.placeRows(url)
      #expect(before.count == 4)

      // A file whose 5 000 new places (more than one COPY buffer: sent to the server before the error is read)
      // end in a feature that is not JSON, and a truncated PBF.
      var features = (0..<5_000).map { index in
        """
        {"type": "Feature", "id": "node/\(5_000 + index)", "properties": {"amenity": "cafe", "name": "Ny \(index)"},
         "geometry": {"type": "Point", "coordinates": [10.7\(index), 59.9]}}
        """
      }
      features.append("{\"type\": \"Feature\", \"id\": \"node/1\", \"properties\": {")
      let broken = directory.url.appendingPathComponent("broken.geojson")
      try Data(("{\"type\": \"FeatureCollection\", \"features\": [" + features.joined(separator: ",\n")).utf8)
        .write(to: broken)
      let pbf = try [UInt8](
        Data(contentsOf: EndToEnd.HumanCLITests.osmFixtures.appendingPathComponent("Helsinki.osm.pbf"))
      )
      let cut = directory.url.appendingPathComponent("cut.osm.pbf")
      try Data(pbf.prefix(pbf.count / 2)).write(to: cut)

      for (file, locale, sentence) in [
        (broken.path, "nb", "Kunne ikke importere '\(broken.path)'"),
        (cut.path, "en", "Could not import '\(cut.path)' (byte "),
      ] {
        // The 5 000 places take the sanitized build 11–14 s on two busy cores: a hang guard, not a time limit.
        let result = try Self.beacon(url, ["--locale", locale, "import", file], timeout: 60)
        #expect(result.termination == .exited(1))
        #expect(result.stderr.contains(sentence), "\(result.stderr)")
        #expect(try Self.placeRows(url) == before, "\(file)")
      }
      // A failure on the server after the places were upserted (removing Hotell Nord breaks a foreign key the
      // test adds) rolls the upsert back too: Fjellstua keeps its name, Hotell Vest is not there.
      let connection = try PostgresConnection(PostgresConnectionString(url))
      try connection.query("CREATE TABLE blocker (place_id text REFERENCES place (id))")
      try connection.query("INSERT INTO blocker VALUES ('osm:node/103')")
      let lines = EndToEnd.HumanCLITests.lines(EndToEnd.HumanCLITests.osmExport).map {
        $0.replacingOccurrences(of: "Fjellstua Bistro", with: "Fjellstua Ny")
          .replacingOccurrences(of: "node/103", with: "node/107").replacingOccurrences(of: "Nord", with: "Vest")
          .replacingOccurrences(of: "[10.762, 59.922]", with: "[10.7615, 59.9215]")
      }
      let changed = directory.url.appendingPathComponent("changed.geojson")
      try Data(lines.joined(separator: "\n").utf8).write(to: changed)
      let failed = try Self.beacon(url, ["--locale", "en", "import", changed.path])
      #expect(failed.termination == .exited(1))
      #expect(failed.stderr.contains("PostgreSQL"), "\(failed.stderr)")
      #expect(try Self.placeRows(url) == before)
      try connection.query("DROP TABLE blocker")

      let rated = try Self.json(url, ["rate", "osm:node/102", "2"])
      #expect(rated["summary"]?["count"] == 2, "the rating before the failed imports is still there: \(rated)")
    }
  }
}
