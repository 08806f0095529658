import Foundation

/// A complete search along a route, every default already applied.
public struct RouteSearch: Sendable, Equatable {
  /// The corridor when none is asked for, metres either side of the route.
  public static let defaultCorridorMeters = 500
  /// How many places when no `limit` is given.
  public static let defaultLimit = 20

  public var route: RouteLine
  /// Metres either side of the route, 50…2 000.
  public var corridorMeters: Int
  public var category: PlaceCategory
  /// `distance` orders by the distance along the route.
  public var sort: PlaceSort
  /// 1…100.
  public var limit: Int
  public var refresh: Bool
  public var language: Language
  /// Only places open at the time of the search.
  public var openNow: Bool
  /// Search the demo places too when the user has imported places of their own.
  public var includesDemo: Bool
  public var filters: PlaceFilters

  /// Creates a search.
  public init(
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
public struct RouteSearchResult: Sendable, Equatable, Codable {
  /// In route order (or `sort`), each with `alongRouteMeters` and `detourMeters`.
  public var places: [PlaceSummary]
  /// The route's length in whole metres.
  public var lengthMeters: Int
  public var corridorMeters: Int
  public var category: PlaceCategory
  public var sort: PlaceSort
  public var source: DataSource
  /// Whether some answer was older than its time to live (served because Geoapify could not be reached).
  public var stale: Bool
  /// When the oldest data used was fetched.
  public var fetchedAt: Date
  public var attribution: String
  /// A sentence for the user, e.g. "Ingen treff".
  public var message: String?
  /// As in ``PlaceSearchResult/excludedUnknown``.
  public var excludedUnknown: [String: Int]?
  /// How many Geoapify Places queries covered the corridor (answered from the cache or not); 0 offline.
  public var upstreamQueries: Int
}
