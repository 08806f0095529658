import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon store copy` carries the imported area (the default centre of a search without one) through the built
/// binary, against the server in `BEACON_TEST_POSTGRES_URL`: file to server to new file, file to file and server to
/// server keep it; a second run changes nothing; the later import's area wins over the target's own.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct StoreCopyImportedAreaEndToEndTests {
    /// A search without a centre.
    static let search = ["--offline", "search", "--category", "cafe", "--radius", "1"]

    /// Runs `beacon store copy FROM TO --user ola` (offline, in `locale`); fails the test when it failed.
    static func copy(_ from: String, _ to: String, locale: String = "en") throws -> CommandResult {
      let result = try BeaconProcess.run(
        ["store", "copy", from, to, "--user", "ola", "--locale", locale],
        environment: ["BEACON_OFFLINE": "1"]
      )
      #expect(result.termination == .exited(0), "\(result.stderr)")
      #expect(!result.stderr.contains("imported_area"), "named as left behind: \(result.stderr)")
      return result
    }

    /// Where a search without a centre starts, and why there.
    struct Centre: Equatable {
      var center: JSONValue?
      var source: JSONValue?
    }

    /// Where a search without a centre on `store` starts, and why there.
    static func centre(_ store: String) throws -> Centre {
      let answer = try PostgresImportEndToEndTests.json(store, search)
      return Centre(center: answer["center"], source: answer["centerSource"])
    }

    /// A GeoJSON file in `directory` with one café, OSM node `id`, at `lat`, `lon`, called `name`.
    static func oneCafe(_ name: String, id: Int, lat: Double, lon: Double, in directory: TemporaryDirectory) throws
      -> String
    {
      let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "node/\(id)", "properties": {"amenity": "cafe", "name": "\(name)"},
           "geometry": {"type": "Point", "coordinates": [\(lon), \(lat)]}}]}
        """
      let path = directory.file("\(name).geojson")
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }

    @Test func aFileToAServerToANewFileKeepsTheImportedAreaAndASecondRunChangesNothing() throws {
      let directory = TemporaryDirectory("beacon-copy-area")
      let file = directory.file("mine.sqlite")
      let oslo = directory.file("oslo.geojson")
      try Data(EndToEnd.HumanCLITests.osmExport.utf8).write(to: URL(fileURLWithPath: oslo))
      _ = try PostgresImportEndToEndTests.json(file, ["import", oslo])
      let mine = try Self.centre(file)
      #expect(mine.source == "imported", "\(mine)")
      let server = try PostgresEndToEnd.freshSchema()
      #expect(try Self.centre(server).source == "settings")

      let first = try Self.copy(file, server)
      #expect(first.stdout.contains("imported area: copied"), "\(first.stdout)")
      #expect(try Self.centre(server) == mine)
      let second = try Self.copy(file, server)
      #expect(second.stdout.contains("imported area: unchanged"), "\(second.stdout)")
      #expect(try Self.centre(server) == mine)

      // The team's store to a new file (in Nynorsk), and again (in Bokmål).
      let copy = directory.file("team.sqlite")
      let out = try Self.copy(server, copy, locale: "nn")
      #expect(out.stdout.contains("importert område: kopiert"), "\(out.stdout)")
      #expect(try Self.centre(copy) == mine)
      let again = try Self.copy(server, copy, locale: "nb")
      #expect(again.stdout.contains("importert område: uendret"), "\(again.stdout)")

      // File to file and server to server.
      let other = directory.file("other.sqlite")
      #expect(try Self.copy(copy, other).stdout.contains("imported area: copied"))
      #expect(try Self.centre(other) == mine)
      let otherServer = try PostgresEndToEnd.freshSchema()
      #expect(try Self.copy(server, otherServer).stdout.contains("imported area: copied"))
      #expect(try Self.centre(otherServer) == mine)
      #expect(try Self.copy(server, otherServer).stdout.contains("imported area: unchanged"))
    }

    @Test func theLaterImportsAreaWinsOverTheTargetsOwn() throws {
      let directory = TemporaryDirectory("beacon-copy-area")
      let file = directory.file("mine.sqlite")
      let server = try PostgresEndToEnd.freshSchema()
      let oslo = try Self.oneCafe("Oslo", id: 1, lat: 59.91, lon: 10.75, in: directory)
      _ = try PostgresImportEndToEndTests.json(file, ["import", oslo])
      // The team imports Bergen after Ola's import: Ola's older area does not move the team's centre back.
      _ = try PostgresImportEndToEndTests.json(
        server,
        ["import", try Self.oneCafe("Bergen", id: 2, lat: 60.39, lon: 5.32, in: directory)]
      )
      let team = try Self.centre(server)
      #expect(team.source == "imported")
      #expect(team.center?["lat"] == 60.39, "\(team)")
      let kept = try Self.copy(file, server, locale: "nb")
      #expect(kept.stdout.contains("importert område: målets beholdt"), "\(kept.stdout)")
      #expect(try Self.centre(server) == team)

      // Ola imports Trondheim later: his newer area replaces the team's, as importing it there would.
      _ = try PostgresImportEndToEndTests.json(
        file,
        ["import", try Self.oneCafe("Trondheim", id: 3, lat: 63.43, lon: 10.40, in: directory)]
      )
      let replaced = try Self.copy(file, server)
      #expect(replaced.stdout.contains("imported area: replaced (the source's import is newer)"), "\(replaced.stdout)")
      #expect(try Self.centre(server) == Self.centre(file))
      #expect(try Self.centre(server).center?["lat"] == 63.43)
      #expect(try Self.copy(file, server).stdout.contains("imported area: unchanged"))
      // A source that never imported anything leaves the target's area alone.
      let fresh = directory.file("fresh.sqlite")
      let made = try BeaconProcess.run(["--store", fresh, "call", "settings/get", "{}"])
      #expect(made.termination == .exited(0), "\(made.stderr)")
      #expect(try Self.copy(fresh, server).stdout.contains("imported area: none in the source"))
      #expect(try Self.centre(server).center?["lat"] == 63.43)
    }
  }
}
