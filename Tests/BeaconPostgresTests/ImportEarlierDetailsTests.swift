import BeaconJSON
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// A store whose places were imported when their stored details had Geoapify's whole shape (a point, the category, the
/// attribution), imported again from the same file: every place is unchanged and its row stays as it was, on both
/// backends; a place whose tags changed is updated and takes the stored form an import writes now. Both forms give
/// the same details.
struct ImportEarlierDetailsTests {
  static let date = Date(timeIntervalSince1970: 1_764_000_000)

  /// The stored details an import wrote before their compact form, for a place stored now with `details`.
  static func earlierDetails(_ details: String, latitude: Double, longitude: Double, category: String) throws -> String
  {
    let prefix = #"{"properties":{"datasource":{"raw":"#
    #expect(details.hasPrefix(prefix) && details.hasSuffix("}}}"), "\(details)")
    let raw = details.dropFirst(prefix.count).dropLast(3)
    var earlier = Array(#"{"geometry":{"coordinates":["#.utf8)
    JSONWriter.write(.double(longitude), into: &earlier)
    earlier.append(UInt8(ascii: ","))
    JSONWriter.write(.double(latitude), into: &earlier)
    earlier.append(contentsOf: #"],"type":"Point"},"properties":{"categories":["#.utf8)
    JSONWriter.write(.string(try #require(PlaceCategory(rawValue: category)).geoapifyKey), into: &earlier)
    earlier.append(contentsOf: #"],"datasource":{"attribution":"© OpenStreetMap contributors","#.utf8)
    earlier.append(contentsOf: #""license":"Open Database License","raw":"#.utf8)
    earlier.append(contentsOf: raw.utf8)
    earlier.append(contentsOf: #","sourcename":"openstreetmap"}},"type":"Feature"}"#.utf8)
    return String(decoding: earlier, as: UTF8.self)
  }

  /// The SQL a test runs on one backend's store, and the store.
  struct Backend {
    var store: any PlaceImporting & PlacesStore
    /// Rows of `sql` as text (`$1`… are the values on both backends).
    var rows: (_ sql: String, _ values: [String]) throws -> [[String?]]
    var keep: AnyObject?

    /// Imports `bytes` as `places.geojson` at ``ImportEarlierDetailsTests/date``.
    func importPlaces(_ bytes: [UInt8]) async throws -> ImportReport {
      try await store.importPlaces(
        from: .bytes(bytes, name: "places.geojson"),
        source: "osm",
        maxBytes: .max,
        at: ImportEarlierDetailsTests.date,
        progress: { _ in }
      )
    }
  }

  /// A fresh store of `backend`, with a connection of its own for the test's SQL.
  static func open(_ backend: StoreBackend) throws -> Backend {
    switch backend {
    case .sqlite:
      let directory = TemporaryDirectory("beacon-earlier-details")
      let store = try Store.open(path: directory.storePath)
      let database = try Database(path: directory.storePath)
      return Backend(
        store: store,
        rows: { sql, values in
          try database.query(sql.replacingOccurrences(of: "$", with: "?"), values).map { row in
            row.values.map { value -> String? in
              switch value {
              case .text(let text): text
              case .integer(let number): String(number)
              case .real(let number): String(number)
              default: nil
              }
            }
          }
        },
        keep: directory
      )
    case .postgres:
      let target = try PostgresTestServer.freshSchema()
      let store = try PostgresStore.open(target, user: "alice")
      let connection = try PostgresConnection(target)
      return Backend(
        store: store,
        rows: { sql, values in
          try connection.query(sql, values.map { $0 as (any PostgresBindable)? }).map(\.values)
        },
        keep: nil
      )
    }
  }

  /// Rewrites the details of every place of `backend`'s store in the earlier form; the places as they were.
  static func storeInTheEarlierForm(_ backend: Backend) async throws -> [String: Place] {
    let stored = try backend.rows("SELECT id, details, latitude, longitude, category FROM place ORDER BY id", [])
    var compact: [String: Place] = [:]
    for row in stored {
      let id = try #require(row[0])
      compact[id] = try await backend.store.place(id: id)
      let earlier = try earlierDetails(
        try #require(row[1]),
        latitude: try #require(row[2].flatMap(Double.init)),
        longitude: try #require(row[3].flatMap(Double.init)),
        category: try #require(row[4])
      )
      _ = try backend.rows("UPDATE place SET details = $1 WHERE id = $2", [earlier, id])
    }
    return compact
  }

  /// Matches the earlier form in SQL, on both backends.
  static let isEarlier = "details LIKE '{\"geometry\":%\"sourcename\":\"openstreetmap\"}},\"type\":\"Feature\"}'"

  @Test(arguments: StoreBackend.available)
  func placesStoredInTheEarlierFormAreUnchangedByTheSameFile(_ kind: StoreBackend) async throws {
    let backend = try Self.open(kind)
    let bytes = ImportedFilterTests.geoJSON(count: 60)
    let first = try await backend.importPlaces(bytes)
    #expect(first.tally.added == 60)
    let compact = try await Self.storeInTheEarlierForm(backend)
    #expect(compact.count == 60)
    let isEarlier = Self.isEarlier
    #expect(try backend.rows("SELECT count(*) FROM place WHERE \(isEarlier)", []).first?.first == "60")

    // The same details, whichever form the place is stored in.
    for (id, now) in compact {
      let before = try #require(try await backend.store.place(id: id))
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let shown = { (place: Place) in
        try encoder.encode(PlaceDetails(place: place, rating: nil, isFavorite: false, at: Self.date))
      }
      #expect(try shown(before) == shown(now), "\(id)")
    }

    let again = try await backend.importPlaces(bytes)
    #expect(again.tally.added == 0)
    #expect(again.tally.updated == 0)
    #expect(again.tally.unchanged == 60)
    #expect(again.removed == 0)
    #expect(try backend.rows("SELECT count(*) FROM place WHERE \(isEarlier)", []).first?.first == "60")

    // One place's tags changed: it alone is updated, to the stored form an import writes now.
    let changed = try #require(String(bytes: bytes, encoding: .utf8)).replacingOccurrences(
      of: #""@id":7,"#,
      with: #""@id":7,"phone":"+47 22 33 44 55","#
    )
    #expect(changed.utf8.count > bytes.count)
    let third = try await backend.importPlaces(Array(changed.utf8))
    #expect(third.tally.updated == 1)
    #expect(third.tally.unchanged == 59)
    #expect(try backend.rows("SELECT count(*) FROM place WHERE \(isEarlier)", []).first?.first == "59")
    let updated = try #require(try backend.rows("SELECT details FROM place WHERE id = 'osm:node/7'", []).first?.first)
    #expect(updated?.hasPrefix(#"{"properties":{"datasource":{"raw":{"#) == true)
    #expect(updated?.contains(#""phone":"+47 22 33 44 55""#) == true)
    withExtendedLifetime(backend.keep) {}
  }

  /// A closed way that osmium writes twice (a line, then its area: the import's provisional place) and a node, from
  /// GeoJSONSeq, imported again over their earlier form: both unchanged.
  @Test(arguments: StoreBackend.available)
  func aPlaceFirstGivenProvisionallyIsUnchangedOverItsEarlierForm(_ kind: StoreBackend) async throws {
    let backend = try Self.open(kind)
    let bytes = Array(
      [
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
          + #""properties":{"@type":"node","@id":1,"amenity":"cafe","name":"Node Kafé"}}"#,
        #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.0,60.0],[10.002,60.0],"#
          + #"[10.002,60.002],[10.0,60.002],[10.0,60.0]]},"#
          + #""properties":{"@type":"way","@id":100,"amenity":"restaurant","name":"Bygg Restaurant"}}"#,
        #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[10.0,60.0],[10.002,60.0],"#
          + #"[10.002,60.002],[10.0,60.002],[10.0,60.0]]]]},"#
          + #""properties":{"@type":"way","@id":100,"amenity":"restaurant","name":"Bygg Restaurant"}}"#,
      ].map { "\u{1E}" + $0 + "\n" }.joined().utf8
    )
    let first = try await backend.importPlaces(bytes)
    #expect(first.tally.added == 2)
    #expect(try await Self.storeInTheEarlierForm(backend).count == 2)
    let again = try await backend.importPlaces(bytes)
    #expect(again.tally.added == 0)
    #expect(again.tally.updated == 0)
    #expect(again.tally.unchanged == 2)
    #expect(try backend.rows("SELECT count(*) FROM place WHERE \(Self.isEarlier)", []).first?.first == "2")
    withExtendedLifetime(backend.keep) {}
  }
}
