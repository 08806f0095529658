import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Searches along a route through central Helsinki on the demo data, each result checked independently: its
/// detour recomputed on the sphere from the route sampled every metre, the whole set against every demo place
/// the same brute force puts in the corridor, the filters against the raw OSM tags.
@Suite struct RouteDemoDataTests {
  /// The railway station, down to Esplanadi, along it to the market square.
  static let positions = [
    Coordinate(lat: 60.1713, lon: 24.9414), Coordinate(lat: 60.1675, lon: 24.9440),
    Coordinate(lat: 60.1676, lon: 24.9527),
  ]
  static let corridor = 180

  /// Every demo place of `category` (from the store's plain radius query: no route code involved) with its
  /// brute-force detour from the route.
  static func everyPlace(
    _ store: Store,
    _ category: PlaceCategory
  ) async throws -> [(place: Place, detour: Double)] {
    let samples = RouteLineTests.samples(positions)
    let all = try await store.places(near: DemoDataset.center, radiusMeters: 5_000, category: category, text: nil)
    return all.map { ($0, RouteLineTests.bruteForce($0.location, samples).1) }
  }

  static func search(
    _ service: PlacesService,
    _ category: PlaceCategory,
    filters: PlaceFilters = PlaceFilters()
  ) async throws -> RouteSearchResult {
    try await service.searchAlongRoute(
      RouteSearch(
        route: try RouteLine(positions),
        corridorMeters: corridor,
        category: category,
        limit: 100,
        filters: filters
      )
    )
  }

  @Test func aRouteThroughCentralHelsinkiFindsExactlyThePlacesInItsCorridorInRouteOrder() async throws {
    let (service, store) = try FilterDemoDataTests.service()
    let samples = RouteLineTests.samples(Self.positions)
    for category in PlaceCategory.allCases {
      let result = try await Self.search(service, category)
      _ = try await store.loadDemoDataIfNeeded()
      let every = try await Self.everyPlace(store, category)
      // No demo place lies within a metre of the corridor's edge, so the brute force's set is unambiguous.
      let onTheEdge = every.filter { abs($0.detour - Double(Self.corridor)) <= 1 }.map(\.place.name)
      #expect(onTheEdge.isEmpty, "\(onTheEdge)")
      let inside = Set(every.filter { $0.detour <= Double(Self.corridor) }.map(\.place.id))
      #expect(Set(result.places.map(\.id)) == inside, "\(category)")
      #expect(result.places.count == inside.count, "each place once")
      let alongs = result.places.compactMap(\.alongRouteMeters)
      #expect(alongs.count == result.places.count && alongs == alongs.sorted(), "\(category): in route order")
      for place in result.places {
        let detour = try #require(place.detourMeters)
        #expect(detour <= Self.corridor)
        let (_, expected) = RouteLineTests.bruteForce(place.location, samples)
        #expect(abs(Double(detour) - expected) <= 1.5, "\(place.name): \(detour) vs \(expected)")
        // The route's point `alongRouteMeters` from the start is `detourMeters` from the place.
        let along = Double(try #require(place.alongRouteMeters))
        let sample = try #require(samples.min { abs($0.along - along) < abs($1.along - along) })
        #expect(abs(sample.point.distance(to: place.location) - expected) <= 2, "\(place.name)")
        #expect(place.distanceMeters == nil)
      }
      #expect(result.source == .offline && result.upstreamQueries == 0)
      #expect(abs(Double(result.lengthMeters) - (samples.last?.along ?? 0)) <= 1)
    }
    let restaurants = try await Self.search(service, .restaurant)
    #expect(restaurants.places.count >= 10, "the route passes through the centre's restaurants")
  }

  @Test func filtersHoldAlongTheRouteAndThePlacesWithoutDataAreCountedExactly() async throws {
    let (service, store) = try FilterDemoDataTests.service()
    _ = try await store.loadDemoDataIfNeeded()
    let raw = Dictionary(uniqueKeysWithValues: try FilterDemoDataTests.rawPlaces().map { ($0.id, $0) })
    for category in PlaceCategory.allCases {
      let inside = try await Self.everyPlace(store, category).filter { $0.detour <= Double(Self.corridor) }
      let vegan = try await Self.search(service, category, filters: PlaceFilters(diet: [.vegan]))
      let expectedVegan = inside.filter { ["yes", "only"].contains(raw[$0.place.id]?.tag("diet:vegan")) }
      #expect(Set(vegan.places.map(\.id)) == Set(expectedVegan.map(\.place.id)), "\(category)")
      #expect(vegan.places.allSatisfy { $0.diet?.contains(.vegan) == true })
      let silent = inside.count { raw[$0.place.id]?.tags["diet:vegan"] == nil }
      #expect(vegan.excludedUnknown == ["diet": silent], "\(category)")

      let access = try await Self.search(service, category, filters: PlaceFilters(wheelchair: .yes))
      let expectedAccess = inside.filter { raw[$0.place.id]?.tag("wheelchair") == "yes" }
      #expect(Set(access.places.map(\.id)) == Set(expectedAccess.map(\.place.id)), "\(category)")
      #expect(access.excludedUnknown == ["wheelchair": inside.count { raw[$0.place.id]?.tags["wheelchair"] == nil }])
      let alongs = access.places.compactMap(\.alongRouteMeters)
      #expect(alongs == alongs.sorted())
    }
  }

  @Test(arguments: [
    positions,
    // Out along Esplanadi and back 60 m north of it, and up again: each place belongs to the leg nearest it.
    [
      Coordinate(lat: 60.1713, lon: 24.9414), Coordinate(lat: 60.1676, lon: 24.9527),
      Coordinate(lat: 60.1681, lon: 24.9440), Coordinate(lat: 60.1725, lon: 24.9480),
    ],
  ])
  func inRouteOrderTheFirstPlacesAreTheSameWhetherFewOrManyAreAskedFor(_ positions: [Coordinate]) async throws {
    let (service, _) = try FilterDemoDataTests.service()
    let route = try RouteLine(positions)
    let samples = RouteLineTests.samples(positions)
    let many = try await service.searchAlongRoute(RouteSearch(route: route, corridorMeters: 300, limit: 100))
    #expect(many.places.count > 30)
    for place in many.places {
      let along = Double(try #require(place.alongRouteMeters))
      let sample = try #require(samples.min { abs($0.along - along) < abs($1.along - along) })
      let nearest = RouteLineTests.bruteForce(place.location, samples).1
      #expect(abs(sample.point.distance(to: place.location) - nearest) <= 2, "\(place.name) lies by its nearest leg")
    }
    for limit in [1, 3, 10, 25] {
      let few = try await service.searchAlongRoute(RouteSearch(route: route, corridorMeters: 300, limit: limit))
      #expect(few.places.map(\.id) == many.places.prefix(limit).map(\.id), "limit \(limit)")
      #expect(few.places.map(\.alongRouteMeters) == many.places.prefix(limit).map(\.alongRouteMeters))
    }
  }
}

/// The early stop of a search in route order, on a synthetic store with a long route that comes back on itself:
/// however few places are asked for, they are the first of the whole corridor, each by its nearest leg.
@Suite struct RouteEarlyStopTests {
  @Test func fewPlacesAreTheFirstOfTheWholeCorridor() async throws {
    let store = try Store.open(path: ":memory:")
    let origin = Coordinate(lat: 60.0, lon: 24.0)
    let metresLon = RouteLine.metersPerDegree * cos(origin.lat * .pi / 180)
    func at(_ east: Double, _ north: Double) -> Coordinate {
      Coordinate(lat: origin.lat + north / RouteLine.metersPerDegree, lon: origin.lon + east / metresLon)
    }
    // 300 places in a 12 km × 1 km band (a fixed pseudo-random sequence), a third of them restaurants.
    var seed: UInt64 = 42
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    let categories: [PlaceCategory] = [.restaurant, .cafe, .hotel]
    let places = (0..<300).map { index in
      Place(
        id: String(format: "p%04d", index),
        name: "P\(index)",
        category: categories[index % 3],
        location: at(next() * 12_000 - 1_000, next() * 1_000 - 350),
        source: "test"
      )
    }
    try await store.upsert(places)
    // East 10 km, 250 m north, back west 10 km: the legs' corridors overlap between them.
    let route = try RouteLine([at(0, 0), at(10_000, 0), at(10_000, 250), at(0, 250)])
    let client = GeoapifyClient(baseURL: URL(fileURLWithPath: "/"), apiKey: nil, transport: URLSessionTransport())
    let service = PlacesService(store: store, client: client, offline: true)
    let search = { (limit: Int) in
      try await service.searchAlongRoute(
        RouteSearch(route: route, corridorMeters: 200, limit: limit, includesDemo: true)
      )
    }
    let all = try await search(100)
    #expect(all.places.count > 40 && all.places.count < 100, "every restaurant in the corridor: \(all.places.count)")
    let samples = RouteLineTests.samples(route.positions, step: 2)
    for place in all.places {
      let along = Double(try #require(place.alongRouteMeters))
      let sample = try #require(samples.min { abs($0.along - along) < abs($1.along - along) })
      #expect(abs(sample.point.distance(to: place.location) - Double(place.detourMeters ?? -9)) <= 2.5, "\(place.id)")
    }
    for limit in [1, 2, 7, 20, 33] {
      let few = try await search(limit)
      #expect(few.places.map(\.id) == all.places.prefix(limit).map(\.id), "limit \(limit)")
    }
  }
}
