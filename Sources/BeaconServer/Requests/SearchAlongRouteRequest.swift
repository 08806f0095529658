import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels within a corridor along a route, in route order.
public struct SearchAlongRouteRequest: RequestType, Encodable, Equatable {
  public static let method = "places/searchAlongRoute"
  public typealias Response = RouteSearchResult

  /// A GeoJSON LineString (or a Feature holding one), or `{"polyline": "…", "precision": 5|6}`.
  public var route: JSONValue
  /// Metres either side of the route, 50…2 000, default 500.
  public var corridorMeters: Int?
  public var category: PlaceCategory?
  /// Default `distance`: in route order.
  public var sort: PlaceSort?
  /// 1…100, default 20.
  public var limit: Int?
  /// Skip the cache.
  public var refresh: Bool?
  /// Only places open at the time of the search.
  public var openNow: Bool?
  /// Search the demo places too once the user has imported places of their own.
  public var includeDemo: Bool?
  public var diet: [String]?
  public var cuisine: [String]?
  public var wheelchair: String?
  public var outdoorSeating: Bool?
  public var takeaway: Bool?
  public var openAt: String?
  public var openFor: Int?
  public var minRating: Double?

  public init(
    route: JSONValue,
    corridorMeters: Int? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort? = nil,
    limit: Int? = nil,
    refresh: Bool? = nil,
    openNow: Bool? = nil,
    includeDemo: Bool? = nil,
    filters: SearchPlacesRequest = SearchPlacesRequest()
  ) {
    self.route = route
    self.corridorMeters = corridorMeters
    self.category = category
    self.sort = sort
    self.limit = limit
    self.refresh = refresh
    self.openNow = openNow
    self.includeDemo = includeDemo
    diet = filters.diet
    cuisine = filters.cuisine
    wheelchair = filters.wheelchair
    outdoorSeating = filters.outdoorSeating
    takeaway = filters.takeaway
    openAt = filters.openAt
    openFor = filters.openFor
    minRating = filters.minRating
  }

  /// The filters, checked as `places/search` checks them.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the parameter and its valid values.
  public func filters() throws(BeaconError) -> PlaceFilters {
    try PlaceFilters.parse(
      diet: diet,
      cuisine: cuisine,
      wheelchair: wheelchair,
      outdoorSeating: outdoorSeating,
      takeaway: takeaway,
      openAt: openAt,
      openFor: openFor,
      minRating: minRating
    )
  }

  /// The route, checked.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` for `route` with what is wrong with it.
  public func routeLine() throws(BeaconError) -> RouteLine {
    do throws(RouteMessage) {
      return try RouteLine(json: route)
    } catch {
      throw .invalidArgument(field: "route", message: .route(error))
    }
  }
}
