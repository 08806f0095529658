import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The nearest few, through the binary: an offline search sorted by distance whose `limit` cuts the list reads
/// only the nearest places on PostgreSQL (KNN), and still answers exactly what a SQLite store with the same import
/// answers, ties in whole metres broken by name.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct PostgresNearestEndToEndTests {
    static let center = Coordinate(lat: 59.92, lon: 10.76)

    /// A GeoJSON feature `meters` from the centre towards `bearing` (0 north, 1 east, 2 south, 3 west).
    static func feature(id: Int, name: String, tag: String, meters: Double, bearing: Int) -> String {
      let degrees = meters / Coordinate.earthRadiusMeters * 180 / .pi
      let north = [1.0, 0, -1, 0][bearing] * degrees
      let east = [0.0, 1, 0, -1][bearing] * degrees / cos(center.lat * .pi / 180)
      let point = String(format: "[%.7f,%.7f]", center.lon + east, center.lat + north)
      return """
        {"type":"Feature","geometry":{"type":"Point","coordinates":\(point)},\
        "properties":{"@type":"node","@id":\(id),\(tag),"name":"\(name)"}}
        """
    }

    /// Rings of four restaurants each the same whole number of metres away (north, east, south, west), named so
    /// that neither the id nor the exact distance gives the name order, with cafés between them.
    static var geoJSON: String {
      var features: [String] = []
      for ring in 0..<6 {
        let meters = 100 + Double(ring) * 50
        for bearing in 0..<4 {
          let id = 1_000 + ring * 10 + bearing
          let name = "Ring \(ring) \(["Delta", "Alfa", "Øst", "Bravo"][bearing])"
          features.append(
            feature(id: id, name: name, tag: "\"amenity\":\"restaurant\"", meters: meters, bearing: bearing)
          )
          features.append(
            feature(
              id: id + 500,
              name: "Kafé \(id)",
              tag: "\"amenity\":\"cafe\"",
              meters: meters + 20,
              bearing: bearing
            )
          )
        }
      }
      return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    /// The names and distances an offline search around the centre finds, in order.
    static func found(_ store: String, limit: Int) throws -> [String] {
      let arguments = [
        "--offline", "search", "--near", "\(center.lat),\(center.lon)", "--category", "restaurant",
        "--radius", "1", "--limit", "\(limit)",
      ]
      let places = try PostgresImportEndToEndTests.json(store, arguments)["places"]?.arrayValue ?? []
      return places.map { "\($0["name"]?.stringValue ?? "?") \($0["distanceMeters"]?.intValue ?? -1)" }
    }

    @Test func aLimitThatCutsTheListGivesTheNearestAsOnSQLiteTiesByName() throws {
      let url = try PostgresEndToEnd.freshSchema()
      let directory = TemporaryDirectory("beacon-pg-nearest")
      let sqlite = directory.url.appendingPathComponent("store.sqlite").path
      let file = directory.url.appendingPathComponent("rings.geojson")
      try Data(Self.geoJSON.utf8).write(to: file)
      for store in [url, sqlite] { _ = try PostgresImportEndToEndTests.json(store, ["import", file.path]) }

      for limit in [1, 2, 3, 6, 9, 10, 30] {
        let onServer = try Self.found(url, limit: limit)
        #expect(onServer == (try Self.found(sqlite, limit: limit)), "limit \(limit)")
      }
      // The tie at 100 m goes by name (Norwegian order: Ø after the Latin letters), whatever is nearest by a hair.
      #expect(try Self.found(url, limit: 2) == ["Ring 0 Alfa 100", "Ring 0 Bravo 100"])
      #expect(
        try Self.found(url, limit: 6) == [
          "Ring 0 Alfa 100", "Ring 0 Bravo 100", "Ring 0 Delta 100", "Ring 0 Øst 100", "Ring 1 Alfa 150",
          "Ring 1 Bravo 150",
        ]
      )
      // Fewer than the limit within the radius: all of them.
      #expect(try Self.found(url, limit: 30).count == 24)
    }
  }
}
