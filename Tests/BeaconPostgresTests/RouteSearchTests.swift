import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

/// Searches along a route, the same on both backends: the corridor (measured along the route as drawn, even over
/// long straight stretches), the category, each place once at its nearest point of a route that comes back on
/// itself, route order with ties by detour, and filters with their `excludedUnknown`.
@Suite struct RouteSearchTests {
  static let start = Coordinate(lat: 60.0, lon: 10.0)

  /// A place `east` metres east and `north` metres north of ``start`` (measured at its latitude).
  static func place(
    _ id: String,
    east: Double,
    north: Double,
    _ category: PlaceCategory = .restaurant,
    tags: [String: String] = [:]
  ) -> Place {
    let metersPerDegree = Coordinate.earthRadiusMeters * .pi / 180
    let lat = start.lat + north / metersPerDegree
    let lon = start.lon + east / (metersPerDegree * cos(lat * .pi / 180))
    var place = Place(id: id, name: id, category: category, location: Coordinate(lat: lat, lon: lon), source: "test")
    place.detailsJSON = tags.isEmpty ? nil : OfflineSearchTests.details(tags)
    return place
  }

  /// East along the parallel for 3 km, then back west 200 m north of it for 2 km.
  static let hairpin = [
    start, place("", east: 3_000, north: 0).location, place("", east: 3_000, north: 200).location,
    place("", east: 1_000, north: 200).location,
  ]

  static let places = [
    place("a", east: 500, north: 40),
    place("b", east: 1_200, north: -90),
    // Between the two legs, nearer the way back (200 m north): found once, at its nearest point.
    place("c", east: 2_000, north: 140),
    place("d", east: 2_600, north: -130, .cafe),
    place("e", east: 1_800, north: -160),
    place("far", east: 1_500, north: -400),
    // As far along the route and as far from it: ties by detour, then id.
    place("t2", east: 700, north: 60),
    place("t1", east: 700, north: -60),
    place("v1", east: 900, north: 20, tags: ["diet:vegan": "yes"]),
    place("v2", east: 1_000, north: -20, tags: ["diet:vegan": "no"]),
  ]

  struct Case: Sendable, CustomTestStringConvertible {
    var corridor: Int
    var category: PlaceCategory = .restaurant
    var filters = PlaceFilters()
    var expected: [String]
    var excludedUnknown: [String: Int]?
    var testDescription: String { "\(corridor) m \(category.rawValue) \(filters.active.map(\.rawValue))" }
  }

  static let cases = [
    Case(corridor: 100, expected: ["a", "t1", "t2", "v1", "v2", "b", "c"]),
    Case(corridor: 50, expected: ["a", "v1", "v2"]),
    Case(corridor: 200, expected: ["a", "t1", "t2", "v1", "v2", "b", "e", "c"]),
    Case(corridor: 200, category: .cafe, expected: ["d"]),
    Case(corridor: 100, category: .hotel, expected: []),
    Case(
      corridor: 100,
      filters: PlaceFilters(diet: [.vegan]),
      expected: ["v1"],
      excludedUnknown: ["diet": 5]
    ),
  ]

  @Test(arguments: StoreBackend.available, cases)
  func placesAlongARouteThatComesBack(_ backend: StoreBackend, _ search: Case) async throws {
    let (store, keep) = try backend.open()
    try await store.upsert(Self.places, replacing: true)
    let route = try RouteLine(Self.hairpin)
    let found = try await store.routeSummaries(
      for: RouteSearch(
        route: route,
        corridorMeters: search.corridor,
        category: search.category,
        filters: search.filters
      ),
      at: Date()
    )
    #expect(found.places.map(\.id) == search.expected)
    #expect(found.excludedUnknown == search.excludedUnknown)
    // Each place at its nearest point of the route, as measured on the sphere's terms.
    for summary in found.places {
      let place = try #require(Self.places.first { $0.id == summary.id })
      let position = route.locate(place.location)
      #expect(summary.alongRouteMeters == Int(position.along.rounded()), "\(summary.id)")
      #expect(summary.detourMeters == Int(position.detour.rounded()), "\(summary.id)")
    }
    // The way back passes 60 m from c (140 m from the way out): 3 000 m out, 200 m across, 1 000 m back.
    if let c = found.places.first(where: { $0.id == "c" }) {
      #expect(c.detourMeters == 60 && c.alongRouteMeters == 4_200)
    }
    withExtendedLifetime(keep) {}
  }

  /// A place on a 200 km straight stretch (latitude and longitude in proportion, as a map draws it) halfway along:
  /// the great circle between its ends passes more than a kilometre north of it at 60° N.
  @Test(arguments: StoreBackend.available)
  func aLongStraightStretchIsTheLineAsDrawn(_ backend: StoreBackend) async throws {
    let (store, keep) = try backend.open()
    let end = Coordinate(lat: 60.0, lon: 10.0 + 200_000 / (111_194.9 * cos(60 * Double.pi / 180)))
    let middle = Place(
      id: "middle",
      name: "Midtveis",
      category: .restaurant,
      location: Coordinate(lat: 60.0, lon: (Self.start.lon + end.lon) / 2),
      source: "test"
    )
    try await store.upsert([middle], replacing: true)
    let route = try RouteLine([Self.start, end])
    let found = try await store.routeSummaries(for: RouteSearch(route: route, corridorMeters: 50), at: Date())
    #expect(found.places.map(\.id) == ["middle"])
    #expect(found.places.first?.detourMeters == 0)
    withExtendedLifetime(keep) {}
  }
}
