import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels around a point.
///
/// Every parameter is optional: defaults come from the stored settings. An explicit `center` is saved
/// as the new stored centre. `nearMe: true` without a `center` uses Geoapify's IP geolocation.
package typealias SearchPlacesRequest = FilteredRequest<SearchPlacesParams>

/// The params of `places/search` but the filters.
package struct SearchPlacesParams: FilteredParams {
  package static let method = "places/search"
  package typealias Response = PlaceSearchResult

  /// A search with an explicit `center` stores it, so it is ordered as a write; others run concurrently.
  package static func ordering(for params: JSONValue?) -> RequestOrdering {
    params?["center"] != nil ? .exclusive : .concurrent
  }

  package var center: Coordinate?
  package var category: PlaceCategory?
  /// 1 000…10 000.
  package var radiusMeters: Int?
  /// Words the name must match.
  package var text: String?
  package var sort: PlaceSort?
  package var scope: SearchScope?
  /// 1…100, default 10.
  package var limit: Int?
  /// Skip the cache (pull-to-refresh).
  package var refresh: Bool?
  /// Wait this long (0…5 000 ms) and give way to a newer search that arrives meanwhile.
  package var debounceMs: Int?
  /// Search around the user's approximate position (IP geolocation) when no `center` is given.
  package var nearMe: Bool?
  /// Only places open at the time of the search; `limit` then counts open places.
  package var openNow: Bool?
  /// Search the demo places too once the user has imported places of their own (they are left out then).
  package var includeDemo: Bool?
}

/// Shows everything known about one place, with links and presentation hints.
package struct PlaceDetailsRequest: RequestType, Encodable, Equatable {
  package static let method = "places/details"
  package typealias Response = PlaceDetailsResult

  package var id: String
  /// Skip the cache.
  package var refresh: Bool?

  package init(id: String, refresh: Bool? = nil) {
    self.id = id
    self.refresh = refresh
  }
}

/// Suggests places and addresses as the user types (debounced 300 ms by default).
package struct AutocompleteRequest: RequestType, Encodable, Equatable {
  package static let method = "places/autocomplete"

  package var text: String
  package var center: Coordinate?
  /// 1…20, default 5.
  package var limit: Int?
  /// 0…5 000, default 300.
  package var debounceMs: Int?

  package init(text: String, center: Coordinate? = nil, limit: Int? = nil, debounceMs: Int? = nil) {
    self.text = text
    self.center = center
    self.limit = limit
    self.debounceMs = debounceMs
  }

  /// The suggestions.
  package struct Response: Codable, Sendable, Equatable {
    package var suggestions: [Suggestion]
  }
}
