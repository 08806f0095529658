import BeaconSync
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Sorting, scope, empty results, and the key that never reaches the disk.
extension GeoapifyClientTests {
  // MARK: - Sorting, scope and empty results

  @Test func sortingByNameIsNorwegian() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(sort: .name))
    #expect(
      result.places.map(\.name) == [
        "Aromakroken", "Bønne & Brød", "Café Youngstorget", "Kaffestua Torggata", "liten kopp", "Skippergata",
        "Zanzibar Espresso", "Ærlig Kaffe", "Østbanen Kaffebar", "Åpen Dør Kafé",
      ]
    )
    #expect(result.sort == .name)
  }

  @Test func sortingByDistanceIsNearestFirst() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(sort: .distance))
    let distances = result.places.compactMap(\.distanceMeters)
    #expect(distances.count == 10)
    #expect(distances == distances.sorted())
    #expect(result.places.first?.name == "Østbanen Kaffebar")
  }

  @Test func sortingByRatingPutsRatedPlacesFirst() async throws {
    serveFixtures()
    let (service, store) = try makeService()
    let places = try await service.search(Self.search()).places
    func id(_ name: String) throws -> String { try #require(places.first { $0.name == name }).id }
    _ = try await store.addRating(placeId: try id("Zanzibar Espresso"), stars: 5, comment: nil)
    _ = try await store.addRating(placeId: try id("Aromakroken"), stars: 4, comment: nil)
    _ = try await store.addRating(placeId: try id("Aromakroken"), stars: 2, comment: "ok")
    _ = try await store.addRating(placeId: try id("liten kopp"), stars: 4, comment: nil)
    let result = try await service.search(Self.search(sort: .rating))
    #expect(
      result.places.map(\.name) == [
        "Zanzibar Espresso", "liten kopp", "Aromakroken", "Østbanen Kaffebar", "Skippergata", "Bønne & Brød",
        "Ærlig Kaffe", "Café Youngstorget", "Åpen Dør Kafé", "Kaffestua Torggata",
      ]
    )
    #expect(result.places.first?.rating?.average == 5)
    #expect(result.places[2].rating?.count == 2)
    #expect(result.places[3].rating == nil)
  }

  @Test func favouritesAreSearchedLocallyWithinTheRadius() async throws {
    serveFixtures()
    let (service, store) = try makeService()
    let cafes = try await service.search(Self.search()).places
    serveFixtures(places: "places-oslo-restaurants.json")
    let restaurants = try await service.search(Self.search(.restaurant)).places
    for name in ["Østbanen Kaffebar", "Ærlig Kaffe", "Aromakroken"] {
      _ = try await store.addFavorite(placeId: try #require(cafes.first { $0.name == name }).id)
    }
    _ = try await store.addFavorite(placeId: try #require(restaurants.first).id)
    let before = server.requests.count

    let result = try await service.search(Self.search(.cafe, radius: 500, scope: .favorites))
    #expect(result.places.map(\.name) == ["Østbanen Kaffebar", "Ærlig Kaffe"])
    #expect(result.places.allSatisfy { $0.isFavorite })
    #expect(result.source == .offline)
    #expect(result.scope == .favorites)
    let wide = try await service.search(Self.search(.cafe, radius: 1500, text: "kaffe", scope: .favorites))
    #expect(wide.places.map(\.name) == ["Østbanen Kaffebar", "Ærlig Kaffe"])
    #expect(server.requests.count == before)
  }

  @Test func favouritesNeedNoKeyAndNoNetwork() async throws {
    let store = try Store.open(path: ":memory:")
    let place = Place(
      id: "local-1",
      name: "Lokal Kafé",
      category: .cafe,
      location: Coordinate(lat: 59.9115, lon: 10.7505),
      source: "test"
    )
    try await store.upsert([place])
    _ = try await store.addFavorite(placeId: "local-1")
    let (service, _) = try makeService(store: store, baseURL: try LoopbackHTTPServer.closedBaseURL(), apiKey: nil)
    let result = try await service.search(Self.search(scope: .favorites))
    #expect(result.places.map(\.id) == ["local-1"])
  }

  @Test(arguments: [(Language.nb, "Ingen treff"), (.nn, "Ingen treff"), (.en, "No results")])
  func anEmptyResultSaysSo(language: Language, message: String) async throws {
    serveFixtures(places: "places-empty.json")
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(language: language))
    #expect(result.places == [])
    #expect(result.message == message)
    #expect(result.source == .live)
  }

  @Test func aNonEmptyResultHasNoMessageAndTheAttribution() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search())
    #expect(result.message == nil)
    #expect(result.attribution.contains("OpenStreetMap"))
    #expect(result.attribution.contains("Geoapify"))
  }

  @Test func theLimitCutsTheResult() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(sort: .name, limit: 3))
    #expect(result.places.map(\.name) == ["Aromakroken", "Bønne & Brød", "Café Youngstorget"])
  }

  // MARK: - The key never reaches the disk

  @Test func theKeyIsNeverWrittenToTheStore() async throws {
    serveFixtures()
    let directory = TemporaryDirectory()
    let path = directory.file("beacon.sqlite")
    let (service, _) = try makeService(store: try Store.open(path: path))
    _ = try await service.search(Self.search())
    _ = try await service.search(Self.search(.restaurant, text: "fisk"))
    _ = try await service.search(Self.search(refresh: true))
    _ = try await service.details(id: GeoapifyFixtures.detailsRestaurantID)
    _ = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    _ = try await service.locateByIP()
    #expect(server.requests.count == 6)

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix("beacon.sqlite")
    }
    #expect(files.contains("beacon.sqlite"))
    var bytes: [UInt8] = []
    for file in files {
      bytes += try Data(contentsOf: URL(fileURLWithPath: directory.file(file)))
    }
    // The scan does find what was written (so it would find the key too).
    #expect(Self.contains(bytes, "Skippergata"))
    #expect(Self.contains(bytes, "Bryggehallen Matsal"))
    #expect(!Self.contains(bytes, Self.key))
  }

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
