import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The embedded Helsinki demo data: real places on the first run, without a key or a network.
@Suite struct DemoDataTests {
  static let center = DemoDataset.center
  let directory = TemporaryDirectory()

  /// Every stored place within 5 km of the demo centre.
  static func storedAround(_ store: Store) async throws -> [Place] {
    try await store.places(near: center, radiusMeters: 5_000, category: nil, text: nil)
  }

  @Test func theEmbeddedDataParsesToTheDocumentedCounts() throws {
    let parsed = try OSMImporter.parse(Array(DemoDataset.geoJSON.utf8), file: "demo data", source: DemoDataset.source)
    #expect(parsed.skipped.isEmpty, "\(parsed.skipped)")
    let places = try DemoDataset.places()
    #expect(places.map(\.id) == parsed.places.map(\.id))
    #expect(places.count == 324)
    #expect(places.count { $0.category == .restaurant } == 213)
    #expect(places.count { $0.category == .cafe } == 85)
    #expect(places.count { $0.category == .hotel } == 26)
    #expect(Set(places.map(\.id)).count == places.count, "ids are unique")
  }

  /// Parsed once per process, but each call's places are fetched at the call, in the demo's time zone.
  @Test func eachCallGivesTheParsedPlacesFetchedNow() throws {
    let first = try DemoDataset.places()
    Thread.sleep(forTimeInterval: 0.01)
    let before = Date()
    let second = try DemoDataset.places()
    #expect(second.map(\.id) == first.map(\.id))
    #expect(second.map(\.name) == first.map(\.name))
    #expect(second.allSatisfy { $0.fetchedAt >= before }, "fetched at the call, not at the first parse")
    #expect(second.allSatisfy { $0.timeZone == DemoDataset.timeZone })
  }

  @Test func everyDemoPlaceIsARealNamedOSMPlaceNearTheStation() throws {
    let places = try DemoDataset.places()
    #expect(!places.isEmpty)
    for place in places {
      #expect(!place.name.trimmingCharacters(in: .whitespaces).isEmpty, "\(place.id)")
      #expect(place.source == "osm-demo", "\(place.id)")
      #expect(place.id.hasPrefix("osm:node/") || place.id.hasPrefix("osm:way/") || place.id.hasPrefix("osm:relation/"))
      let distance = place.location.distance(to: Self.center)
      #expect(distance <= 1_500, "\(place.name) is \(Int(distance)) m from the station")
      let details = PlaceDetails(place: place, rating: nil, isFavorite: false)
      #expect(details.links.openStreetMap?.hasPrefix("https://www.openstreetmap.org/") == true, "\(place.id)")
    }
    #expect(places.contains { $0.name == "Robert's Coffee" && $0.category == .cafe })
    #expect(DemoDataset.attribution.contains("© OpenStreetMap contributors"))
  }

  @Test func theDemoDataIsLoadedOnce() async throws {
    let store = try Store.open(path: ":memory:")
    #expect(try await Self.storedAround(store).isEmpty)
    #expect(try await store.loadDemoDataIfNeeded())
    let loaded = try await Self.storedAround(store)
    #expect(loaded.count == 324)
    #expect(loaded.allSatisfy { $0.source == DemoDataset.source })
    #expect(try await store.loadDemoDataIfNeeded() == false)
    #expect(try await Self.storedAround(store).count == 324)
  }

  /// An import of Helsinki takes the demo places over (their source becomes its own) and may remove some, Robert's
  /// Coffee (the README's example) among them: the next session leaves the store as the import left it.
  @Test(arguments: [false, true])
  func demoPlacesAnImportTookOverOrRemovedAreLeftAsTheImportLeftThem(removingRobertsCoffee: Bool) async throws {
    let path = directory.file("store-\(removingRobertsCoffee).sqlite")
    let first = try Store.open(path: path)
    #expect(try await first.loadDemoDataIfNeeded())
    let around = try await Self.storedAround(first)
    let robertsCoffee = try #require(around.first { $0.name == "Robert's Coffee" })
    let removed = removingRobertsCoffee ? robertsCoffee : try #require(around.first { $0.id != robertsCoffee.id })
    let database = try Database(path: path)
    try database.execute("UPDATE place SET source = 'osm'")
    try database.run("DELETE FROM place WHERE id = ?", [removed.id])
    let next = try Store.open(path: path)
    #expect(try await next.loadDemoDataIfNeeded() == false)
    let stored = try await Self.storedAround(next)
    #expect(stored.count == 323)
    #expect(!stored.contains { $0.id == removed.id })
    #expect(stored.allSatisfy { $0.source == "osm" })
  }

  /// A store that has places of its own, and never had the demo places, does not get them.
  @Test func aStoreWithPlacesOfItsOwnGetsNoDemoPlaces() async throws {
    let store = try Store.open(path: ":memory:")
    let own = Place(
      id: "osm:node/1",
      name: "Eget sted",
      category: .cafe,
      location: Coordinate(lat: 59.91, lon: 10.75),
      source: "osm"
    )
    try await store.upsert([own], replacing: true)
    #expect(try await store.loadDemoDataIfNeeded() == false)
    #expect(try await Self.storedAround(store).isEmpty)
  }

  /// An import of the demo's area into a new store takes the demo places over: they are new among the user's own
  /// places (`added`), not `updated`; the same file again finds them unchanged.
  @Test func demoPlacesAnImportTakesOverAreReportedAdded() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    #expect(try await store.loadDemoDataIfNeeded())
    let demo = try #require(try DemoDataset.places().first { $0.id.hasPrefix("osm:node/") })
    let nodeID = try #require(Int(demo.id.dropFirst("osm:node/".count)))
    func feature(_ id: Int, _ name: String, lon: Double, lat: Double) -> String {
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"#
        + #""properties":{"@type":"node","@id":\#(id),"amenity":"cafe","name":"\#(name)"}}"#
    }
    let text =
      #"{"type":"FeatureCollection","features":["#
      + feature(nodeID, demo.name, lon: demo.location.lon, lat: demo.location.lat) + ","
      + feature(1, "Ny kafé", lon: demo.location.lon + 0.001, lat: demo.location.lat) + "]}"
    let first = try await store.importPlaces(from: .bytes(Array(text.utf8), name: "a.geojson"), at: Date())
    #expect(first.tally.added == 2 && first.tally.updated == 0, "\(first.tally)")
    let again = try await store.importPlaces(from: .bytes(Array(text.utf8), name: "a.geojson"), at: Date())
    #expect(again.tally.unchanged == 2 && again.tally.added == 0, "\(again.tally)")
    #expect(try await store.place(id: demo.id)?.source == "osm")
  }

  @Test func aRatingOfADemoPlaceSurvivesTheNextLoadCheck() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.loadDemoDataIfNeeded()
    let place = try #require(try await Self.storedAround(store).first)
    _ = try await store.addRating(placeId: place.id, stars: 5, comment: nil)
    _ = try await store.addFavorite(placeId: place.id)
    #expect(try await store.loadDemoDataIfNeeded() == false)
    #expect(try await store.ratings(placeId: place.id).summary?.count == 1)
    #expect(try await store.summaries(of: [place], center: nil).first?.isFavorite == true)
  }

  @Test func withoutAKeyASearchAtTheStationFindsRealPlacesWithoutTheNetwork() async throws {
    let server = try LoopbackHTTPServer()
    let store = try Store.open(path: ":memory:")
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: nil, transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client)
    #expect(service.searchesOffline)
    let result = try await service.search(
      PlaceSearch(center: Self.center, category: .cafe, radiusMeters: 1_000, limit: 100)
    )
    #expect(result.places.count >= 10, "\(result.places.map(\.name))")
    #expect(result.source == .offline)
    #expect(result.stale == false)
    #expect(result.places.allSatisfy { $0.category == .cafe && $0.source == DemoDataset.source })
    let distances = result.places.compactMap(\.distanceMeters)
    #expect(distances.count == result.places.count)
    #expect(distances == distances.sorted())
    #expect(distances.allSatisfy { $0 <= 1_000 })
    #expect(result.places.contains { $0.name == "Robert's Coffee" })
    #expect(result.attribution == PlacesService.offlineAttribution)
    #expect(result.attribution.contains("© OpenStreetMap contributors"))
    // Without a key the answer says how to get one.
    #expect(result.message?.contains("GEOAPIFY_API_KEY") == true, "\(result.message ?? "no message")")
    #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
  }

  @Test func everyCategoryHasDemoPlacesAtTheDefaultRadius() async throws {
    let server = try LoopbackHTTPServer()
    let store = try Store.open(path: ":memory:")
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: nil, transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client)
    for category in PlaceCategory.allCases {
      let result = try await service.search(
        PlaceSearch(center: Self.center, category: category, radiusMeters: Settings.defaults.radiusMeters)
      )
      #expect(result.places.count == 10, "\(category): \(result.places.count)")
      #expect(result.places.allSatisfy { $0.category == category })
    }
    #expect(server.requests.isEmpty)
  }
}
