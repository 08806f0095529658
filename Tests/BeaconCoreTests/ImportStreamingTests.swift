import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Streaming imports: a FeatureCollection or Overpass document of any length is read element by element (the
/// limit is per element) with exact error positions, and a streamed import into the store keeps the spatial and
/// full-text indexes exact.
@Suite struct ImportStreamingTests {
  let directory = TemporaryDirectory()

  /// A cafe node; names with "é" make characters and bytes differ.
  static func feature(_ id: Int, name: String? = nil, lon: Double = 10.75, lat: Double = 59.91) -> String {
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"#
      + #""properties":{"@type":"node","@id":\#(id),"amenity":"cafe","name":"\#(name ?? "Kafé \(id)")"}}"#
  }

  /// `count` features, two to a line, in a FeatureCollection whose first line is its opening.
  static func collection(count: Int, last: String? = nil) -> String {
    var lines: [String] = []
    for index in stride(from: 1, through: count, by: 2) {
      let pair = [feature(index), index + 1 <= count ? feature(index + 1) : nil].compactMap { $0 }
      lines.append(pair.joined(separator: ", "))
    }
    if let last { lines[lines.count - 1] = last }
    return "{\"type\": \"FeatureCollection\",\n\"features\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
  }

  @Test func aCollectionMuchLargerThanTheLimitIsReadFeatureByFeature() throws {
    // About 460 KB through 64 KiB reads, with a limit of 4 KiB: only one feature at a time is held.
    let count = 3_000
    let path = directory.file("big.geojson")
    try Data(Self.collection(count: count).utf8).write(to: URL(fileURLWithPath: path))
    let parsed = try OSMImporter.read(try .file(path: path), maxBytes: 4_096)
    #expect(parsed.format == .geoJSON)
    #expect(parsed.places.count == count)
    #expect(parsed.places.last?.name == "Kafé \(count)")
  }

  @Test func anErrorAtTheEndOfABigCollectionNamesItsLineAndColumn() throws {
    // About 460 KB: the error comes after seven 64 KiB reads.
    let count = 3_000
    // The last line: one good feature, then one cut inside its name ("Kafé" counts as 4 characters).
    let cut = Self.feature(count - 1) + ", " + #"{"type":"Feature","properties":{"name":"Kafé"#
    let path = directory.file("cut.geojson")
    try Data(Self.collection(count: count, last: cut).utf8).write(to: URL(fileURLWithPath: path))
    let expectedLine = 2 + count / 2
    let expectedColumn = Self.feature(count - 1).count + 2 + #"{"type":"Feature","properties":{"name":"Kafé"#.count + 1
    for limit in [4_096, Int.max] {
      #expect(
        throws: BeaconError.importFailed(
          file: path,
          position: .lineColumn(line: expectedLine, column: expectedColumn),
          reason: .invalidJSON(.controlCharacterInString)  // The string runs into the next line.
        )
      ) { try OSMImporter.read(try .file(path: path), maxBytes: limit) }
    }
    // A missing comma between two features, far into the file, is named where it is.
    let lines = Self.collection(count: count).components(separatedBy: "\n")
    var broken = lines
    broken[lines.count - 3] = broken[lines.count - 3].replacingOccurrences(of: "}}, {", with: "}} {")
    try Data(broken.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: BeaconError.importFailed(
        file: path,
        position: .lineColumn(line: lines.count - 2, column: Self.feature(count - 1).count + 2),
        reason: .invalidJSON(.expectedCommaOrClosingBracket)
      )
    ) { try OSMImporter.read(try .file(path: path), maxBytes: 4_096) }
  }

  @Test func anOverpassAnswerMuchLargerThanTheLimitIsReadElementByElement() throws {
    // About 190 KB, ninety times the limit of 2 KiB.
    let count = 2_000
    let elements = (1...count).map { index in
      #"{"type":"node","id":\#(index),"lat":59.9,"lon":10.7,"tags":{"amenity":"cafe","name":"Kafé \#(index)"}}"#
    }
    let text = #"{"version":0.6,"elements":["# + elements.joined(separator: ",\n") + #"],"remark":"fine"}"#
    let parsed = try OSMImporter.read(.bytes(Array(text.utf8), name: "overpass.json"), maxBytes: 2_048)
    #expect(parsed.format == .overpass)
    #expect(parsed.places.count == count)
  }

  @Test func importedIDsTellEveryIDApart() throws {
    let derived = OSMImporter.contentID(category: .cafe, name: "Kafé", location: Coordinate(lat: 59.9, lon: 10.7))
    let all = [
      "osm:node/1", "osm:way/1", "osm:relation/1", "osm:node/-1", "osm:node/10", "osm:node/12345678901", derived,
      "osm:content/zz", "geoapify:51a3", "osm:node/01", "osm:node/", "osm:area/1",
    ]
    var ids = ImportedIDs()
    let outcomes: [ImportOutcome] = [.added, .updated, .unchanged]
    for (index, id) in all.enumerated() {
      try ids.set(id, ImportedIDs.Entry(kind: .area, category: .hotel, outcome: outcomes[index % 3]))
    }
    #expect(ids.count == all.count)
    for (index, id) in all.enumerated() {
      #expect(
        try ids.entry(id) == ImportedIDs.Entry(kind: .area, category: .hotel, outcome: outcomes[index % 3]),
        "\(id)"
      )
    }
    #expect(try !ids.contains("osm:node/2"))
    #expect(try !ids.contains("osm:way/10"))
    #expect(try ids.tally().hotel == all.count)
  }

  @Test func detailsAreWrittenAsTheCanonicalTextOfTheirJSON() throws {
    let text = Self.collection(count: 2).replacingOccurrences(
      of: #""name":"Kafé 2""#,
      with:
        #""name":"Kafé \"2\" ⛵","cuisine":"coffee_shop;tea","addr:street":"Øvre gate","opening_hours":"Mo-Fr 08:00-16:00""#
    )
    let places = try OSMImporter.parse(Array(text.utf8), file: "x").places
    #expect(places.count == 2)
    for place in places {
      let details = try #require(place.detailsJSON)
      #expect(details == (try JSONParser.parse(Array(details.utf8))).description)
      #expect(PlaceDetails(place: place, rating: nil, isFavorite: false).tags?["name"]?.stringValue == place.name)
    }
  }

  @Test func aStreamedReimportKeepsTheSpatialAndFullTextIndexesExact() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let first =
      "{\"type\":\"FeatureCollection\",\"features\":["
      + [
        Self.feature(1, name: "Gammel Kafé"), Self.feature(2, name: "Stasjonen"),
      ].joined(separator: ",") + "]}"
    _ = try await store.importPlaces(from: .bytes(Array(first.utf8), name: "a"), at: Date())
    // Node 1 renamed (an old row updated), node 3 new but twice (a new row updated in the same import), node 4 new.
    let second =
      "{\"type\":\"FeatureCollection\",\"features\":["
      + [
        Self.feature(1, name: "Ny Kafé"), Self.feature(2, name: "Stasjonen"), Self.feature(3, name: "Første Utkast"),
        Self.feature(3, name: "Endelig Navn"), Self.feature(4, name: "Bryggeriet", lon: 10.76),
      ].joined(separator: ",") + "]}"
    let report = try await store.importPlaces(from: .bytes(Array(second.utf8), name: "b"), at: Date())
    #expect(report.tally == ImportedIDs.Tally(added: 2, updated: 1, unchanged: 1, restaurant: 0, cafe: 4, hotel: 0))

    func found(_ text: String) async throws -> [String] {
      try await store.places(near: Coordinate(lat: 59.91, lon: 10.75), radiusMeters: 5_000, category: nil, text: text)
        .map(\.id).sorted()
    }
    #expect(try await found("kafe") == ["osm:node/1"])
    #expect(try await found("gammel").isEmpty)
    #expect(try await found("endelig") == ["osm:node/3"])
    #expect(try await found("utkast").isEmpty)
    #expect(try await found("bryggeriet") == ["osm:node/4"])
    let nearby = try await store.places(
      near: Coordinate(lat: 59.91, lon: 10.76),
      radiusMeters: 100,
      category: nil,
      text: nil
    )
    #expect(nearby.map(\.id) == ["osm:node/4"])
    try await store.checkIndexes()
  }
}

extension Store {
  /// Fails unless the full-text and spatial indexes are consistent and the place triggers are the migrations' own.
  fileprivate func checkIndexes() throws {
    try database.run("INSERT INTO place_fts(place_fts, rank) VALUES ('integrity-check', 1)")
    // Every word of every place exactly once, as a full-text index built afresh from the places has them.
    try database.execute(
      """
      CREATE VIRTUAL TABLE temp.reference USING fts5(name, address, cuisine, content = '',
        tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO temp.reference(rowid, name, address, cuisine) SELECT rowid, name, address, cuisine FROM place;
      CREATE VIRTUAL TABLE temp.stored_words USING fts5vocab(main, place_fts, 'instance');
      CREATE VIRTUAL TABLE temp.reference_words USING fts5vocab(temp, reference, 'instance');
      """
    )
    let words = "SELECT term, doc, col, offset FROM %@ ORDER BY term, doc, col, offset"
    let stored = try database.query(words.replacingOccurrences(of: "%@", with: "temp.stored_words"))
    #expect(stored == (try database.query(words.replacingOccurrences(of: "%@", with: "temp.reference_words"))))
    #expect(!stored.isEmpty)
    #expect(try database.query("SELECT rtreecheck('place_rtree')").first?.string(0) == "ok")
    let fresh = try Database(path: ":memory:")
    for migration in Migrations.all { try fresh.execute(migration) }
    let triggers = "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name"
    #expect(try database.query(triggers) == fresh.query(triggers))
    let counts = try database.query("SELECT (SELECT count(*) FROM place), (SELECT count(*) FROM place_rtree)")
    #expect(counts.first?.int(0) == counts.first?.int(1))
  }
}
