import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels around a point.
///
/// Every parameter is optional: defaults come from the stored settings. An explicit `center` is saved
/// as the new stored centre. `nearMe: true` without a `center` uses Geoapify's IP geolocation.
package struct SearchPlacesRequest: RequestType, Encodable, Equatable {
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
  /// Any of these diets (`vegan`, `vegetarian`, `gluten_free`, `halal`, `kosher`), said yes or only to.
  package var diet: [String]?
  /// Any of these OSM cuisine values.
  package var cuisine: [String]?
  /// `yes`, or `limited` (which also accepts `yes`).
  package var wheelchair: String?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?
  /// Open at this local date-time (ISO 8601, no zone) in each place's own time zone.
  package var openAt: String?
  /// Stays open this many minutes (from `openAt`, else from now).
  package var openFor: Int?
  /// The user's own average rating at least this (1–5).
  package var minRating: Double?

  package init(
    center: Coordinate? = nil,
    category: PlaceCategory? = nil,
    radiusMeters: Int? = nil,
    text: String? = nil,
    sort: PlaceSort? = nil,
    scope: SearchScope? = nil,
    limit: Int? = nil,
    refresh: Bool? = nil,
    debounceMs: Int? = nil,
    nearMe: Bool? = nil,
    openNow: Bool? = nil,
    includeDemo: Bool? = nil,
    diet: [String]? = nil,
    cuisine: [String]? = nil,
    wheelchair: String? = nil,
    outdoorSeating: Bool? = nil,
    takeaway: Bool? = nil,
    openAt: String? = nil,
    openFor: Int? = nil,
    minRating: Double? = nil
  ) {
    self.center = center
    self.category = category
    self.radiusMeters = radiusMeters
    self.text = text
    self.sort = sort
    self.scope = scope
    self.limit = limit
    self.refresh = refresh
    self.debounceMs = debounceMs
    self.nearMe = nearMe
    self.openNow = openNow
    self.includeDemo = includeDemo
    self.diet = diet
    self.cuisine = cuisine
    self.wheelchair = wheelchair
    self.outdoorSeating = outdoorSeating
    self.takeaway = takeaway
    self.openAt = openAt
    self.openFor = openFor
    self.minRating = minRating
  }

  /// The filters, checked.
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
