import Foundation

/// A complete search along a route, every default already applied.
package struct RouteSearch: Sendable, Equatable {
  /// The corridor when none is asked for, metres either side of the route.
  package static let defaultCorridorMeters = 500
  /// How many places when no `limit` is given.
  package static let defaultLimit = 20

  package var route: RouteLine
  /// Metres either side of the route, 50…2 000.
  package var corridorMeters: Int
  package var category: PlaceCategory
  /// `distance` orders by the distance along the route.
  package var sort: PlaceSort
  /// 1…100.
  package var limit: Int
  package var refresh: Bool
  package var language: Language
  /// Only places open at the time of the search.
  package var openNow: Bool
  /// Search the demo places too when the user has imported places of their own.
  package var includesDemo: Bool
  package var filters: PlaceFilters

  /// Creates a search.
  package init(
    route: RouteLine,
    corridorMeters: Int = RouteSearch.defaultCorridorMeters,
    category: PlaceCategory = .restaurant,
    sort: PlaceSort = .distance,
    limit: Int = RouteSearch.defaultLimit,
    refresh: Bool = false,
    language: Language = .nb,
    openNow: Bool = false,
    includesDemo: Bool = false,
    filters: PlaceFilters = PlaceFilters()
  ) {
    self.route = route
    self.corridorMeters = corridorMeters
    self.category = category
    self.sort = sort
    self.limit = limit
    self.refresh = refresh
    self.language = language
    self.openNow = openNow
    self.includesDemo = includesDemo
    self.filters = filters
  }
}

/// What a search along a route found.
package struct RouteSearchResult: Sendable, Equatable, Codable {
  /// In route order (or `sort`), each with `alongRouteMeters` and `detourMeters`.
  package var places: [PlaceSummary]
  /// The route's length in whole metres.
  package var lengthMeters: Int
  package var corridorMeters: Int
  package var category: PlaceCategory
  package var sort: PlaceSort
  package var source: DataSource
  /// Whether some answer was older than its time to live (served because Geoapify could not be reached).
  package var stale: Bool
  /// When the oldest data used was fetched.
  package var fetchedAt: Date
  package var attribution: String
  /// A sentence for the user, e.g. "Ingen treff".
  package var message: String?
  /// As in ``PlaceSearchResult/excludedUnknown``.
  package var excludedUnknown: [String: Int]?
  /// How many Geoapify Places queries covered the corridor (answered from the cache or not); 0 offline.
  package var upstreamQueries: Int
}

extension RouteSearch {
  /// A place found in the corridor, with how far along the route it lies and how far off it, in metres.
  package typealias Found = (place: Place, along: Double, detour: Double)

  /// `found` in route order: along the route, ties by detour, then by id.
  package static func ordered(_ found: [Found]) -> [Found] {
    found.sorted { ($0.along, $0.detour, $0.place.id) < ($1.along, $1.detour, $1.place.id) }
  }

  /// `filtered` with each place's `alongRouteMeters` and `detourMeters` in whole metres, as `found` measured them.
  package static func placing(_ filtered: FilteredPlaces, as found: [Found]) -> FilteredPlaces {
    let positions = Dictionary(
      found.map { ($0.place.id, ($0.along, $0.detour)) },
      uniquingKeysWith: { first, _ in first }
    )
    var placed = filtered
    for index in placed.places.indices {
      guard let (along, detour) = positions[placed.places[index].id] else { continue }
      placed.places[index].alongRouteMeters = Int(along.rounded())
      placed.places[index].detourMeters = Int(detour.rounded())
    }
    return placed
  }
}
