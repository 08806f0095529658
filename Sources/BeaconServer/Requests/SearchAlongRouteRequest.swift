import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels within a corridor along a route, in route order.
package struct SearchAlongRouteRequest: RequestType, Encodable, Equatable {
  package static let method = "places/searchAlongRoute"
  package typealias Response = RouteSearchResult

  /// A GeoJSON LineString (or a Feature holding one), or `{"polyline": "…", "precision": 5|6}`.
  package var route: JSONValue
  /// Metres either side of the route, 50…2 000, default 500.
  package var corridorMeters: Int?
  package var category: PlaceCategory?
  /// Default `distance`: in route order.
  package var sort: PlaceSort?
  /// 1…100, default 20.
  package var limit: Int?
  /// Skip the cache.
  package var refresh: Bool?
  /// Only places open at the time of the search.
  package var openNow: Bool?
  /// Search the demo places too once the user has imported places of their own.
  package var includeDemo: Bool?
  package var diet: [String]?
  package var cuisine: [String]?
  package var wheelchair: String?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?
  package var openAt: String?
  package var openFor: Int?
  package var minRating: Double?

  package init(
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
  package func filters() throws(BeaconError) -> PlaceFilters {
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
  package func routeLine() throws(BeaconError) -> RouteLine {
    do throws(RouteMessage) {
      return try RouteLine(json: route)
    } catch {
      throw .invalidArgument(field: "route", message: .route(error))
    }
  }
}
