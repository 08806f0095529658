import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

/// The places service's search along a route on a PostgreSQL store answers exactly as on a SQLite store holding the
/// same places and ratings: the demo data's 324 places of central Helsinki, every category, sort (route order,
/// name, rating, `best`), limit, corridor, filter and `openNow`.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct RouteSearchComparisonTests {
  /// The railway station, down to Esplanadi, along it to the market square, and out to Kaivopuisto.
  static let positions = [
    Coordinate(lat: 60.1713, lon: 24.9414), Coordinate(lat: 60.1675, lon: 24.9440),
    Coordinate(lat: 60.1676, lon: 24.9527), Coordinate(lat: 60.1580, lon: 24.9560),
  ]

  /// A Thursday at noon in Helsinki, for `openNow` and the opening-time filter.
  static let now = Date(timeIntervalSince1970: 1_795_687_200)

  /// A service searching `store` offline at ``now``.
  static func service(_ store: any PlacesStore) -> PlacesService {
    let client = GeoapifyClient(baseURL: URL(fileURLWithPath: "/"), apiKey: nil, transport: URLSessionTransport())
    return PlacesService(store: store, client: client, offline: true, now: { now })
  }

  static var searches: [RouteSearch] {
    get throws {
      let route = try RouteLine(positions)
      var searches: [RouteSearch] = []
      for category in PlaceCategory.allCases {
        for sort in [PlaceSort.distance, .name, .rating, .best] {
          for (corridor, limit) in [(50, 100), (180, 5), (600, 20), (2_000, 100)] {
            searches.append(
              RouteSearch(route: route, corridorMeters: corridor, category: category, sort: sort, limit: limit)
            )
          }
        }
      }
      let filters = [
        PlaceFilters(diet: [.vegan]), PlaceFilters(wheelchair: .yes), PlaceFilters(outdoorSeating: true),
        PlaceFilters(cuisine: ["pizza", "sushi"]), PlaceFilters(minRating: 3),
      ]
      for filter in filters {
        searches.append(RouteSearch(route: route, corridorMeters: 400, filters: filter))
        searches.append(RouteSearch(route: route, corridorMeters: 400, category: .cafe, sort: .best, filters: filter))
      }
      searches.append(RouteSearch(route: route, corridorMeters: 400, limit: 100, openNow: true))
      searches.append(RouteSearch(route: route, corridorMeters: 400, category: .cafe, limit: 3, openNow: true))
      searches.append(
        RouteSearch(route: try RouteLine([Coordinate(lat: 59.9, lon: 10.7), Coordinate(lat: 59.91, lon: 10.7)]))
      )
      return searches
    }
  }

  @Test func everySearchAlongARouteAnswersAsOnSQLite() async throws {
    let sqlite = try Store.open(path: ":memory:")
    _ = try await sqlite.loadDemoDataIfNeeded()
    let postgres = try PostgresStore.open(try PostgresTestServer.freshSchema(), user: "alice")
    try await postgres.upsert(try DemoDataset.places(), replacing: true)
    // Ratings for `rating`, `best` and `minRating`: some places along the route, some stars.
    let rated = try await sqlite.routeSummaries(
      for: RouteSearch(route: try RouteLine(Self.positions), corridorMeters: 400, limit: 100),
      at: Self.now
    ).places.map(\.id)
    #expect(rated.count > 10)
    for (index, id) in rated.enumerated() where index % 3 == 0 {
      for store in [sqlite, postgres] as [any PlacesStore] {
        _ = try await store.addRating(placeId: id, stars: 1 + index % 5, comment: nil)
      }
    }
    var nonEmpty = 0
    for search in try Self.searches {
      let expected = try await Self.service(sqlite).searchAlongRoute(search)
      let found = try await Self.service(postgres).searchAlongRoute(search)
      #expect(found == expected, "\(search.category) \(search.sort) \(search.corridorMeters) m \(search.filters)")
      if !expected.places.isEmpty { nonEmpty += 1 }
    }
    #expect(nonEmpty > 40)
  }
}
