import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

@Suite struct OfflineSearchTests {
  static let oslo = Coordinate.osloCentralStation

  static func seededStore() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([
      StoreTests.place(
        "near",
        "Café Sentrum",
        lat: 59.9115,
        lon: 10.7510,
        category: .cafe,
        address: "Jernbanetorget 1"
      ),
      StoreTests.place("mid", "Kaffebrenneriet", lat: 59.9150, lon: 10.7400, category: .cafe, cuisine: "coffee;cake"),
      StoreTests.place("far", "Fuglen", lat: 59.9300, lon: 10.7200, category: .cafe),
      StoreTests.place("restaurant", "Sentrum Bistro", lat: 59.9112, lon: 10.7505, category: .restaurant),
      StoreTests.place("helsinki", "Café Helsinki", lat: 60.1699, lon: 24.9384, category: .cafe),
    ])
    return store
  }

  @Test func findsStoredPlacesInTheRadiusNearestFirst() async throws {
    let store = try await Self.seededStore()
    let found = try await store.places(near: Self.oslo, radiusMeters: 1_000, category: .cafe, text: nil)
    #expect(found.map(\.id) == ["near", "mid"])
    let wider = try await store.places(near: Self.oslo, radiusMeters: 5_000, category: .cafe, text: nil)
    #expect(wider.map(\.id) == ["near", "mid", "far"])
    let everything = try await store.places(near: Self.oslo, radiusMeters: 5_000, category: nil, text: nil)
    #expect(everything.map(\.id) == ["restaurant", "near", "mid", "far"])
  }

  @Test(arguments: [
    ("sentrum", ["near"]), ("cafe", ["near"]), ("KAFFE", ["mid"]), ("coff", ["mid"]), ("jernbane", ["near"]),
    ("café sentrum", ["near"]), ("sushi", []),
  ])
  func textMatchesWordPrefixesIgnoringCaseAndAccents(text: String, expected: [String]) async throws {
    let store = try await Self.seededStore()
    let found = try await store.places(near: Self.oslo, radiusMeters: 5_000, category: .cafe, text: text)
    #expect(found.map(\.id) == expected)
  }

  @Test(arguments: ["\"", "AND", "OR NOT", "a*b", "-x", "NEAR(a b)", "col:val", "((", "'"])
  func fullTextSyntaxInUserTextIsTakenLiterally(text: String) async throws {
    let store = try await Self.seededStore()
    _ = try await store.places(near: Self.oslo, radiusMeters: 5_000, category: .cafe, text: text)
  }

  @Test func offlineModeSearchesTheStoreWithoutTheNetwork() async throws {
    let server = try LoopbackHTTPServer()
    let store = try await Self.seededStore()
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: APIKey("k"), transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client, offline: true)
    let result = try await service.search(
      PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000, sort: .name)
    )
    #expect(result.places.map(\.id) == ["near", "mid"])
    #expect(result.source == .offline)
    #expect(result.stale == false)
    #expect(result.places.allSatisfy { $0.distanceMeters != nil })
    #expect(server.requests.isEmpty)
  }

  @Test func whenGeoapifyFailsStoredPlacesStandInMarkedStale() async throws {
    let store = try await Self.seededStore()
    let client = GeoapifyClient(
      baseURL: try LoopbackHTTPServer.closedBaseURL(),
      apiKey: APIKey("k"),
      transport: URLSessionTransport(connectTimeout: 3, totalTimeout: 30)
    )
    let service = PlacesService(store: store, client: client)
    let result = try await service.search(PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000))
    #expect(result.places.map(\.id) == ["near", "mid"])
    #expect(result.source == .offline)
    #expect(result.stale == true)
    #expect(result.message == "Får ikke kontakt med Geoapify; viser lagrede steder")
    // With nothing stored around the point the failure itself is reported.
    await #expect(throws: BeaconError.self) {
      try await service.search(PlaceSearch(center: Coordinate(lat: 0, lon: 0), category: .cafe, radiusMeters: 1_000))
    }
  }

  @Test func aRejectedRequestIsNotHiddenByStoredPlaces() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(GeoapifyFixtures.text("error-401.json"), status: 401) }
    let store = try await Self.seededStore()
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: APIKey("k"), transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client)
    await #expect(throws: BeaconError.invalidAPIKey(source: "GEOAPIFY_API_KEY")) {
      try await service.search(PlaceSearch(center: Self.oslo, category: .cafe, radiusMeters: 1_000))
    }
  }
}
