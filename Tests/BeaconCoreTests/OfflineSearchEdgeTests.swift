import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Offline search at its edges: the radius, Norwegian letters, sort orders, favourites and empty areas.
@Suite struct OfflineSearchEdgeTests {
  static let oslo = Coordinate.osloCentralStation

  /// The point `meters` from `start` on the great circle with `bearing` (degrees from north), on the same
  /// sphere as `Coordinate.distance(to:)`.
  static func destination(from start: Coordinate, meters: Double, bearing: Double) -> Coordinate {
    let delta = meters / 6_371_008.8
    let theta = bearing * .pi / 180
    let phi1 = start.lat * .pi / 180
    let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
    let lambda = atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
    return Coordinate(lat: phi2 * 180 / .pi, lon: start.lon + lambda * 180 / .pi)
  }

  static func place(_ id: String, _ name: String, at location: Coordinate, category: PlaceCategory = .cafe) -> Place {
    StoreTests.place(id, name, lat: location.lat, lon: location.lon, category: category)
  }

  /// A service that must not use the network: `--offline` with a key, against a server that records requests.
  static func offlineService(_ store: Store, _ server: LoopbackHTTPServer) -> PlacesService {
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: APIKey("k"), transport: URLSessionTransport())
    return PlacesService(store: store, client: client, offline: true)
  }

  // MARK: - Radius

  @Test func aPlaceAt999MetresIsInAt1000AndOutAt900() async throws {
    let store = try Store.open(path: ":memory:")
    let location = Coordinate(lat: Self.oslo.lat + 999.0 / 111_320, lon: Self.oslo.lon)
    try await store.upsert([Self.place("edge", "Kanten", at: location)])
    let distance = location.distance(to: Self.oslo)
    #expect(distance > 990 && distance < 1_000, "\(distance) m")

    let server = try LoopbackHTTPServer()
    let service = Self.offlineService(store, server)
    let inside = try await service.search(PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000))
    #expect(inside.places.map(\.id) == ["edge"])
    #expect(inside.places.first?.distanceMeters == Int(distance.rounded()))
    let outside = try await service.search(PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 900))
    #expect(outside.places.isEmpty)
    // Nothing at all is stored within 900 m.
    #expect(outside.message?.hasPrefix("Ingen offline-data her") == true)
    #expect(server.requests.isEmpty)
  }

  @Test(arguments: [
    Coordinate.osloCentralStation, DemoDataset.center, Coordinate(lat: 69.6492, lon: 18.9553),
    Coordinate(lat: 78.2232, lon: 15.6267), Coordinate(lat: 0.1807, lon: -78.4678),
    Coordinate(lat: -33.8688, lon: 151.2093),
  ])
  func placesJustInsideTheRadiusAreFoundInEveryDirection(center: Coordinate) async throws {
    let store = try Store.open(path: ":memory:")
    let bearings = stride(from: 0.0, to: 360, by: 22.5).map { $0 }
    var places: [Place] = []
    for bearing in bearings {
      let inside = Self.destination(from: center, meters: 999.5, bearing: bearing)
      let outside = Self.destination(from: center, meters: 1_000.5, bearing: bearing)
      #expect(abs(inside.distance(to: center) - 999.5) < 0.01)
      #expect(abs(outside.distance(to: center) - 1_000.5) < 0.01)
      places.append(Self.place("in-\(bearing)", "Innenfor \(bearing)", at: inside))
      places.append(Self.place("out-\(bearing)", "Utenfor \(bearing)", at: outside))
    }
    try await store.upsert(places)
    let found = try await store.places(near: center, radiusMeters: 1_000, category: nil, text: nil)
    #expect(Set(found.map(\.id)) == Set(bearings.map { "in-\($0)" }), "\(found.map(\.id))")
    let wider = try await store.places(near: center, radiusMeters: 1_001, category: nil, text: nil)
    #expect(wider.count == places.count)
  }

  /// Circles that reach over the antimeridian or a pole: the spatial index must not cut them off.
  @Test(arguments: [
    (Coordinate(lat: -16.5, lon: 179.998), Coordinate(lat: -16.5, lon: -179.997)),
    (Coordinate(lat: -16.5, lon: -179.998), Coordinate(lat: -16.501, lon: 179.996)),
    (Coordinate(lat: 89.995, lon: 0), Coordinate(lat: 89.999, lon: 120)),
    (Coordinate(lat: -89.996, lon: 45), Coordinate(lat: -89.998, lon: -135)),
  ])
  func circlesAcrossTheAntimeridianOrAPole(center: Coordinate, location: Coordinate) async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([Self.place("there", "Der borte", at: location)])
    let distance = location.distance(to: center)
    #expect(distance < 800, "\(distance) m")
    let found = try await store.places(near: center, radiusMeters: 1_000, category: nil, text: nil)
    #expect(found.map(\.id) == ["there"])
    let smaller = try await store.places(near: center, radiusMeters: Int(distance) - 1, category: nil, text: nil)
    #expect(smaller.isEmpty)
  }

  @Test func theCentreItselfIsFoundAtTheSmallestRadius() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([Self.place("here", "Akkurat her", at: Self.oslo)])
    let found = try await store.places(near: Self.oslo, radiusMeters: 1, category: nil, text: nil)
    #expect(found.map(\.id) == ["here"])
  }

  // MARK: - Norwegian letters and diacritics

  static let norwegianPlaces: [(String, String)] = [
    ("baereia", "Bæreia Kafé"), ("gronland", "Grønland Bakeri"), ("sjo", "Sjøsiden"), ("alesund", "Kaffe Ålesund"),
  ]

  static func norwegianStore() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    try await store.upsert(
      norwegianPlaces.enumerated().map { index, entry in
        place(entry.0, entry.1, at: destination(from: oslo, meters: Double(100 * (index + 1)), bearing: 90))
      }
    )
    return store
  }

  @Test(arguments: [
    ("bæreia", ["baereia"]), ("BÆREIA", ["baereia"]), ("kafe", ["baereia"]), ("kafé", ["baereia"]),
    ("grønland", ["gronland"]), ("GRØNLAND", ["gronland"]), ("grøn", ["gronland"]), ("sjø", ["sjo"]),
    ("ålesund", ["alesund"]), ("Ålesund", ["alesund"]), ("kaffe", ["alesund"]), ("kaf", ["baereia", "alesund"]),
    ("bakeri grønland", ["gronland"]),
  ])
  func norwegianLettersMatch(text: String, expected: [String]) async throws {
    let store = try await Self.norwegianStore()
    let found = try await store.places(near: Self.oslo, radiusMeters: 1_000, category: .cafe, text: text)
    #expect(found.map(\.id) == expected)
  }

  /// FTS5's `remove_diacritics 2` folds letters with a diacritic mark (å → a, é → e) but not æ and ø, which
  /// are letters of their own in Unicode: "alesund" finds Ålesund, while "groenland", "gronland", "sjo" and
  /// "baereia" find nothing.
  @Test(arguments: [
    ("alesund", ["alesund"]), ("groenland", []), ("gronland", []), ("sjo", []), ("baereia", []), ("bareia", []),
    ("kafe alesund", []),
  ])
  func whatFoldsAndWhatDoesNot(text: String, expected: [String]) async throws {
    let store = try await Self.norwegianStore()
    let found = try await store.places(near: Self.oslo, radiusMeters: 1_000, category: .cafe, text: text)
    #expect(found.map(\.id) == expected)
  }

  @Test func norwegianTextThroughTheService() async throws {
    let store = try await Self.norwegianStore()
    let server = try LoopbackHTTPServer()
    let service = Self.offlineService(store, server)
    let result = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, text: "  GRØNLAND ")
    )
    #expect(result.places.map(\.name) == ["Grønland Bakeri"])
    #expect(result.source == .offline)
    let none = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, text: "sushi")
    )
    #expect(none.places.isEmpty)
    #expect(none.message == "Ingen treff")
    #expect(server.requests.isEmpty)
  }

  // MARK: - Sort orders

  /// Five cafés 100…500 m from Oslo S, three of them rated.
  static func sortStore() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    let names = ["Åpent Bakeri", "Zebra", "Ærlig Kafé", "Anker", "Ødegaard"]
    try await store.upsert(
      names.enumerated().map { index, name in
        place(
          "p\(index + 1)",
          name,
          at: destination(from: oslo, meters: Double(100 * (index + 1)), bearing: Double(70 * index))
        )
      }
    )
    _ = try await store.addRating(placeId: "p1", stars: 3, comment: nil)
    _ = try await store.addRating(placeId: "p2", stars: 5, comment: nil)
    _ = try await store.addRating(placeId: "p4", stars: 4, comment: nil)
    _ = try await store.addRating(placeId: "p5", stars: 5, comment: nil)
    _ = try await store.addRating(placeId: "p5", stars: 3, comment: nil)
    return store
  }

  @Test(arguments: [
    (PlaceSort.distance, ["Åpent Bakeri", "Zebra", "Ærlig Kafé", "Anker", "Ødegaard"]),
    (PlaceSort.rating, ["Zebra", "Anker", "Ødegaard", "Åpent Bakeri", "Ærlig Kafé"]),
    (PlaceSort.name, ["Anker", "Zebra", "Ærlig Kafé", "Ødegaard", "Åpent Bakeri"]),
  ])
  func sortOrdersOffline(sort: PlaceSort, expected: [String]) async throws {
    let store = try await Self.sortStore()
    let server = try LoopbackHTTPServer()
    let service = Self.offlineService(store, server)
    let result = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, sort: sort)
    )
    #expect(result.places.map(\.name) == expected)
    #expect(result.sort == sort)
    #expect(result.source == .offline)
    // The limit applies after sorting: the first two of the whole order, not of the nearest two.
    let limited = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, sort: sort, limit: 2)
    )
    #expect(limited.places.map(\.name) == Array(expected.prefix(2)))
    #expect(server.requests.isEmpty)
  }

  // MARK: - Favourites

  @Test func theFavouritesScopeIsOfflineAndKeepsToTheRadiusAndCategory() async throws {
    let store = try await Self.sortStore()
    try await store.upsert([
      Self.place("far", "Fjernt", at: Self.destination(from: Self.oslo, meters: 3_000, bearing: 0)),
      Self.place(
        "dinner",
        "Middag",
        at: Self.destination(from: Self.oslo, meters: 50, bearing: 0),
        category: .restaurant
      ),
    ])
    for id in ["p2", "p4", "far", "dinner"] { _ = try await store.addFavorite(placeId: id) }
    let server = try LoopbackHTTPServer()
    let service = Self.offlineService(store, server)
    let result = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, sort: .name, scope: .favorites)
    )
    #expect(result.places.map(\.id) == ["p4", "p2"])
    #expect(result.places.allSatisfy { $0.isFavorite })
    #expect(result.scope == .favorites)
    #expect(result.source == .offline)
    let wider = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 5_000, scope: .favorites)
    )
    #expect(wider.places.map(\.id) == ["p2", "p4", "far"])
    let restaurants = try await service.search(
      PlaceSearch(center: Self.oslo, category: .restaurant, radiusMeters: 1_000, scope: .favorites)
    )
    #expect(restaurants.places.map(\.id) == ["dinner"])
    let text = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, text: "zeb", scope: .favorites)
    )
    #expect(text.places.map(\.id) == ["p2"])
    #expect(server.requests.isEmpty)
  }

  // MARK: - No data

  @Test func nothingStoredNearTheCentreSaysWhereTheDemoDataIs() async throws {
    let store = try Store.open(path: ":memory:")
    let server = try LoopbackHTTPServer()
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: nil, transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client)
    let result = try await service.search(PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 5_000))
    #expect(result.places.isEmpty)
    #expect(result.source == .offline)
    let message = try #require(result.message)
    #expect(message.contains("Ingen offline-data her"))
    #expect(message.contains("Demodata dekker \(DemoDataset.areaName(in: .nb))"))
    #expect(message.contains("Helsinki"))
    // Without a key, the notice about getting one follows.
    #expect(message.contains("GEOAPIFY_API_KEY"))
    #expect(server.requests.isEmpty)

    let english = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 5_000, language: .en)
    )
    #expect(english.message?.contains(DemoDataset.areaName(in: .en)) == true, "\(english.message ?? "no message")")
    #expect(english.message?.contains("Ingen offline-data her") == false)
  }

  @Test func withAKeyButOfflineTheEmptyMessageHasNoKeyNotice() async throws {
    let store = try Store.open(path: ":memory:")
    let server = try LoopbackHTTPServer()
    let service = Self.offlineService(store, server)
    let result = try await service.search(PlaceSearch(center: Self.oslo, category: .hotel, radiusMeters: 2_000))
    #expect(result.places.isEmpty)
    let message = try #require(result.message)
    #expect(message.hasPrefix("Ingen offline-data her"))
    #expect(!message.contains("GEOAPIFY_API_KEY"))
    #expect(server.requests.isEmpty)
  }

  @Test func storedPlacesOfAnotherKindNearbyMeanNoResultsNotNoData() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([
      Self.place(
        "dinner",
        "Middag",
        at: Self.destination(from: Self.oslo, meters: 200, bearing: 0),
        category: .restaurant
      )
    ])
    let server = try LoopbackHTTPServer()
    let service = Self.offlineService(store, server)
    let result = try await service.search(PlaceSearch(center: Self.oslo, category: .hotel, radiusMeters: 1_000))
    #expect(result.places.isEmpty)
    #expect(result.message == "Ingen treff")
    // Outside the radius the nearby restaurant does not count.
    let far = try await service.search(
      PlaceSearch(
        center: Self.destination(from: Self.oslo, meters: 5_000, bearing: 0),
        category: .hotel,
        radiusMeters: 1_000
      )
    )
    #expect(far.message?.hasPrefix("Ingen offline-data her") == true)
  }
}
