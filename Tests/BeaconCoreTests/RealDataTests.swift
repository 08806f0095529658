import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Real data in the core: details of places only Geoapify's OSM tags classify, text search that ignores
/// apostrophes (also in stores made before migration 9), and the centre of the user's imported places.
@Suite struct RealDataTests {
  let directory = TemporaryDirectory()

  static let hotelBuilding = GeoapifyFixtures.bytes("place-details-hotel-building.json")
  static let officeBuilding = GeoapifyFixtures.bytes("place-details-office-building.json")

  static func place(_ id: String, _ name: String, lat: Double, lon: Double, source: String = "osm") -> Place {
    Place(
      id: id,
      name: name,
      category: .cafe,
      location: Coordinate(lat: lat, lon: lon),
      source: source,
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000)
    )
  }

  /// The ids a text search around Helsinki railway station finds.
  static func found(_ text: String, in store: Store) async throws -> [String] {
    try await store.places(near: DemoDataset.center, radiusMeters: 5_000, category: nil, text: text).map(\.id)
  }

  // MARK: Details classified by OSM tags

  @Test func detailsWithOnlyABuildingCategoryTakeTheirKindFromTheOSMTags() throws {
    let place = try #require(try GeoapifyDecoding.details(from: Self.hotelBuilding))
    #expect(place.category == .hotel)
    #expect(place.name == "Fjordgløtt Hotell")
    #expect(place.id == GeoapifyFixtures.detailsHotelBuildingID)
    #expect(place.detailsJSON != nil)
  }

  @Test func aProposedOrUnderConstructionTagCountsAsTheKind() throws {
    let text = String(decoding: Self.hotelBuilding, as: UTF8.self)
    for prefix in ["proposed:", "construction:"] {
      let variant = text.replacingOccurrences(of: #""tourism":"#, with: #""\#(prefix)tourism":"#)
      #expect(variant != text)
      #expect(try GeoapifyDecoding.details(from: Array(variant.utf8))?.category == .hotel, "\(prefix)")
    }
    let disused = text.replacingOccurrences(of: #""tourism":"#, with: #""disused:tourism":"#)
    #expect(
      failure { () throws(BeaconError) in try GeoapifyDecoding.details(from: Array(disused.utf8))
      }
        == .unsupportedPlace(GeoapifyFixtures.detailsHotelBuildingID)
    )
  }

  @Test func aPlaceOfNoKindBeaconShowsIsUnsupportedNotMissing() throws {
    #expect(
      failure { () throws(BeaconError) in try GeoapifyDecoding.details(from: Self.officeBuilding)
      }
        == .unsupportedPlace(GeoapifyFixtures.detailsOfficeBuildingID)
    )
    // A category known for the id (an earlier search) still decides when the answer names none.
    #expect(try GeoapifyDecoding.details(from: Self.officeBuilding, requested: .cafe)?.category == .cafe)
    #expect(BeaconError.unsupportedPlace("x").kind == "unsupportedPlace")
    for language in Language.allCases {
      let message = BeaconError.unsupportedPlace("x").message(in: language)
      #expect(message != BeaconError.notFound(.place("x")).message(in: language))
    }
  }

  // MARK: Text search ignores apostrophes

  @Test func textSearchIgnoresApostrophesAsItIgnoresAccents() async throws {
    let store = try Store.open(path: directory.file("text.sqlite"))
    try await store.upsert([
      Self.place("r", "Robert's Coffee", lat: 60.1711, lon: 24.941),
      Self.place("m", "Morrison’s Grill", lat: 60.1696, lon: 24.9436),
      Self.place("e", "Café Engel", lat: 60.1699, lon: 24.9525),
    ])
    #expect(try await Self.found("roberts", in: store) == ["r"])
    #expect(try await Self.found("Robert's", in: store) == ["r"])
    #expect(try await Self.found("robert’s coffee", in: store) == ["r"])
    #expect(try await Self.found("robert", in: store) == ["r"])
    #expect(try await Self.found("morrisons", in: store) == ["m"])
    #expect(try await Self.found("morrison's", in: store) == ["m"])
    #expect(try await Self.found("cafe", in: store) == ["e"])
    // The index follows renames and deletions.
    try await store.upsert([Self.place("r", "Roberta's Pizza", lat: 60.1711, lon: 24.941)])
    #expect(try await Self.found("roberts", in: store).isEmpty)
    #expect(try await Self.found("robertas", in: store) == ["r"])
    let database = try Database(path: directory.file("text.sqlite"))
    try database.run("DELETE FROM place WHERE id = 'm'")
    #expect(try await Self.found("morrisons", in: store).isEmpty)
  }

  @Test func aStoreFromBeforeMigration9IsReindexed() async throws {
    let path = directory.file("old-text.sqlite")
    do {
      let old = try Store.open(path: path, upTo: 8)
      try await old.upsert([Self.place("r", "Robert's Coffee", lat: 60.1711, lon: 24.941)])
      #expect(try await Self.found("roberts", in: old).isEmpty)  // The old index splits at the apostrophe.
    }
    let store = try Store.open(path: path)
    #expect(try await Self.found("roberts", in: store) == ["r"])
    #expect(try await Self.found("coffee", in: store) == ["r"])
  }

  /// Migration 14 rebuilds the full-text index without the token counts of each place (`place_fts_docsize`): the
  /// same places are found before and after, and the index still follows changes and removals.
  @Test func migration14RebuildsTheFullTextIndexWithoutTokenCounts() async throws {
    let path = directory.file("old-counts.sqlite")
    func countsTable() throws -> Int? {
      try Database(path: path).query("SELECT count(*) FROM sqlite_schema WHERE name = 'place_fts_docsize'").first?
        .int(0)
    }
    let places = [
      Self.place("r", "Robert's Coffee", lat: 60.1711, lon: 24.941),
      Self.place("k", "Kaffebønna Ærlig", lat: 60.1712, lon: 24.942),
      Self.place("c", "Café Ekberg", lat: 60.1713, lon: 24.943),
    ]
    do {
      let old = try Store.open(path: path, upTo: 13)
      try await old.upsert(places)
      #expect(try await Self.found("roberts", in: old) == ["r"])
    }
    #expect(try countsTable() == 1)
    let store = try Store.open(path: path)
    #expect(try countsTable() == 0)
    #expect(try await Self.found("roberts coff", in: store) == ["r"])
    #expect(try await Self.found("kaffebønna ærlig", in: store) == ["k"])
    #expect(try await Self.found("cafe", in: store) == ["c"])
    var renamed = places[2]
    renamed.name = "Ekbergin kahvila"
    try await store.upsert([renamed])
    #expect(try await Self.found("cafe", in: store).isEmpty)
    #expect(try await Self.found("kahvila", in: store) == ["c"])
    try Database(path: path).run("DELETE FROM place WHERE id = 'k'")
    #expect(try await Self.found("kaffebønna", in: store).isEmpty)
  }

  // MARK: The imported area

  @Test func anImportRecordsTheCentreOfItsPlaces() async throws {
    let store = try Store.open(path: directory.file("area.sqlite"))
    #expect(try await store.importedArea() == nil)
    #expect(try await store.defaultCenter(searchesOffline: true).source == "demo")
    let tromso = [
      Self.place("osm:node/1", "Risø", lat: 69.65, lon: 18.95),
      Self.place("osm:node/2", "Kaffebønna", lat: 69.66, lon: 18.97),
    ]
    try await store.importPlaces(tromso, at: Date())
    #expect(try await store.place(id: "osm:node/2")?.name == "Kaffebønna")
    let area = try #require(try await store.importedArea())
    #expect(abs(area.center.lat - 69.655) < 1e-9)
    #expect(abs(area.center.lon - 18.96) < 1e-9)
    #expect(area.places == 2)
    #expect(
      try await store.defaultCenter(searchesOffline: true) == DefaultCenter(center: area.center, source: "imported")
    )
    #expect(try await store.defaultCenter(searchesOffline: false).source == "imported")
    #expect(try await store.defaultCenter(searchesOffline: true, includesDemo: true).source == "demo")
    _ = try await store.updateSettings(SettingsUpdate(center: Coordinate(lat: 59.9, lon: 10.7)))
    #expect(try await store.defaultCenter(searchesOffline: true).source == "settings")
  }

  @Test func migration10FindsThePlacesImportedBefore() async throws {
    let path = directory.file("old-area.sqlite")
    do {
      let old = try Store.open(path: path, upTo: 9)
      try await old.upsert([
        Self.place("osm:node/1", "Risø", lat: 69.65, lon: 18.95),
        Self.place("osm:node/2", "Kaffebønna", lat: 69.66, lon: 18.97),
        Self.place("demo", "Demo", lat: 60.17, lon: 24.94, source: DemoDataset.source),
      ])
    }
    let store = try Store.open(path: path)
    let area = try #require(try await store.importedArea())
    #expect(abs(area.center.lat - 69.655) < 1e-9)
    #expect(area.places == 2)
  }
}
