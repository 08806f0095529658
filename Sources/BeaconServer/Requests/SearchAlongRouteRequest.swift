import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels within a corridor along a route, in route order.
package struct SearchAlongRouteRequest: RequestType, Encodable, Equatable, PlaceFiltering {
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
  /// The filters, beside the params above on the wire.
  package var filter: PlaceFilterParams

  package init(
    route: JSONValue,
    corridorMeters: Int? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort? = nil,
    limit: Int? = nil,
    refresh: Bool? = nil,
    openNow: Bool? = nil,
    includeDemo: Bool? = nil,
    filter: PlaceFilterParams = PlaceFilterParams()
  ) {
    self.route = route
    self.corridorMeters = corridorMeters
    self.category = category
    self.sort = sort
    self.limit = limit
    self.refresh = refresh
    self.openNow = openNow
    self.includeDemo = includeDemo
    self.filter = filter
  }

  private enum CodingKeys: String, CodingKey {
    case route, corridorMeters, category, sort, limit, refresh, openNow, includeDemo
  }

  package init(from decoder: any Decoder) throws {
    let params = try decoder.container(keyedBy: CodingKeys.self)
    route = try params.decode(JSONValue.self, forKey: .route)
    corridorMeters = try params.decodeIfPresent(Int.self, forKey: .corridorMeters)
    category = try params.decodeIfPresent(PlaceCategory.self, forKey: .category)
    sort = try params.decodeIfPresent(PlaceSort.self, forKey: .sort)
    limit = try params.decodeIfPresent(Int.self, forKey: .limit)
    refresh = try params.decodeIfPresent(Bool.self, forKey: .refresh)
    openNow = try params.decodeIfPresent(Bool.self, forKey: .openNow)
    includeDemo = try params.decodeIfPresent(Bool.self, forKey: .includeDemo)
    filter = try PlaceFilterParams(from: decoder)
  }

  package func encode(to encoder: any Encoder) throws {
    var params = encoder.container(keyedBy: CodingKeys.self)
    try params.encode(route, forKey: .route)
    try params.encodeIfPresent(corridorMeters, forKey: .corridorMeters)
    try params.encodeIfPresent(category, forKey: .category)
    try params.encodeIfPresent(sort, forKey: .sort)
    try params.encodeIfPresent(limit, forKey: .limit)
    try params.encodeIfPresent(refresh, forKey: .refresh)
    try params.encodeIfPresent(openNow, forKey: .openNow)
    try params.encodeIfPresent(includeDemo, forKey: .includeDemo)
    try filter.encode(to: encoder)
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
