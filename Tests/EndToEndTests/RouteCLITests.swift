import Foundation
import JSONRPC
import Testing

/// `beacon route` from the real binary, offline on the Helsinki demo data: a straight line or a GeoJSON file,
/// and bad input answered in the user's language without a search.
extension EndToEnd {
  @Suite struct RouteCLITests {
    static let from = ["--from", "60.1713,24.9414", "--to", "60.1665,24.9384"]

    @Test func aStraightLineListsThePlacesInRouteOrder() throws {
      let store = FilterCLITests.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      let json = try FilterCLITests.run(
        ["route"] + Self.from + ["--corridor", "100", "--category", "cafe", "--limit", "100", "--json"],
        store: store
      )
      #expect(json.termination == .exited(0), "\(json.stderr)")
      let result = try JSONParser.parse(Array(json.stdout.utf8))
      let places = result["places"]?.arrayValue ?? []
      let alongs = places.compactMap { $0["alongRouteMeters"]?.intValue }
      #expect(places.count >= 3 && alongs.count == places.count && alongs == alongs.sorted(), "\(json.stdout)")
      #expect(places.allSatisfy { ($0["detourMeters"]?.intValue ?? .max) <= 100 })
      #expect(result["corridorMeters"] == 100)

      let table = try FilterCLITests.run(
        ["route"] + Self.from + ["--corridor", "100", "--category", "cafe"],
        store: store
      )
      #expect(table.termination == .exited(0))
      #expect(table.stdout.hasPrefix("Rute på 559 m, inntil 100 m fra ruten\n"), "\(table.stdout)")
      #expect(table.stdout.contains("Langs ruten") && table.stdout.contains("Robert's Coffee"))
      let english = try FilterCLITests.run(
        ["route"] + Self.from + ["--corridor", "100", "--category", "cafe"],
        store: store,
        locale: "en"
      )
      #expect(english.stdout.hasPrefix("Route of 559 m, up to 100 m off it\n"), "\(english.stdout)")
    }

    @Test func aGeoJSONFileGivesTheSamePlacesAndGeoJSONOutputStartsWithTheRoute() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-route-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("store.sqlite").path
      let file = directory.appendingPathComponent("walk.geojson")
      try Data(
        #"""
        {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"walk"},
        "geometry":{"type":"LineString","coordinates":[[24.9414,60.1713],[24.9384,60.1665]]}}]}
        """#.utf8
      ).write(to: file)
      let fromFile = try FilterCLITests.run(["route", file.path, "--corridor", "100", "--json"], store: store)
      let fromLine = try FilterCLITests.run(["route"] + Self.from + ["--corridor", "100", "--json"], store: store)
      #expect(fromFile.termination == .exited(0), "\(fromFile.stderr)")
      let ids = { (output: String) in
        (try JSONParser.parse(Array(output.utf8)))["places"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
      }
      #expect(try ids(fromFile.stdout) == ids(fromLine.stdout) && !ids(fromFile.stdout).isEmpty)

      let geojson = try FilterCLITests.run(["route", file.path, "--geojson"], store: store)
      let collection = try JSONParser.parse(Array(geojson.stdout.utf8))
      #expect(collection["features"]?.arrayValue?.first?["geometry"]?["type"] == "LineString")
      #expect((collection["features"]?.arrayValue?.count ?? 0) > 1)
    }

    /// A locale the store keeps is the language of a route file's fault, as of every other message. It was the
    /// default's (nb).
    @Test func aRouteFilesFaultIsSaidInTheLanguageTheStoreKeeps() throws {
      let store = FilterCLITests.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      let update = try FilterCLITests.run(["call", "settings/update", #"{"locale":"en"}"#], store: store)
      #expect(update.termination == .exited(0), "\(update.stderr)")
      let missing = try FilterCLITests.run(["route", "/nonexistent/walk.geojson"], store: store)
      #expect(missing.termination == .exited(1))
      #expect(missing.stderr.contains("Cannot read the route file '/nonexistent/walk.geojson'"), "\(missing.stderr)")
    }

    @Test func badInputIsRefusedInTheUsersLanguage() throws {
      let store = FilterCLITests.storePath()
      defer { try? FileManager.default.removeItem(atPath: store) }
      let missing = try FilterCLITests.run(["route", "/nonexistent/walk.geojson"], store: store, locale: "nn")
      #expect(missing.termination == .exited(1))
      #expect(missing.stderr.contains("Kan ikkje lese rutefila '/nonexistent/walk.geojson'"), "\(missing.stderr)")
      #expect(missing.stdout.isEmpty)

      let corridor = try FilterCLITests.run(["route"] + Self.from + ["--corridor", "20"], store: store, locale: "en")
      #expect(corridor.termination == .exited(64))
      #expect(corridor.stderr.contains("'--corridor' must be 50 to 2000, not 20"), "\(corridor.stderr)")

      let position = try FilterCLITests.run(["route", "--from", "north", "--to", "60.1,24.9"], store: store)
      #expect(position.termination == .exited(64))
      #expect(position.stderr.contains("'north' er ikke en posisjon; skriv --from BREDDE,LENGDE"), "\(position.stderr)")

      let half = try FilterCLITests.run(["route", "--from", "60.1,24.9"], store: store, locale: "en")
      #expect(half.termination == .exited(64))
      #expect(half.stderr.contains("--to"), "\(half.stderr)")

      let far = try FilterCLITests.run(["route", "--from", "60.1,24.9", "--to", "91,24.9"], store: store, locale: "en")
      #expect(far.termination == .exited(64))
      #expect(far.stderr.contains("Position 1 of the route is not [lon, lat]"), "\(far.stderr)")
    }
  }
}
