import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels within a corridor along a route, in route order.
package typealias SearchAlongRouteRequest = FilteredRequest<SearchAlongRouteParams>

/// The params of `places/searchAlongRoute` but the filters.
package struct SearchAlongRouteParams: FilteredParams {
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
