import BeaconCore
import JSONRPC

/// Finds restaurants, cafés or hotels around a point.
///
/// Every parameter is optional: defaults come from the stored settings. An explicit `center` is saved
/// as the new stored centre. `nearMe: true` without a `center` uses Geoapify's IP geolocation.
public struct SearchPlacesRequest: RequestType, Encodable, Equatable {
  public static let method = "places/search"
  public typealias Response = PlaceSearchResult

  /// A search with an explicit `center` stores it, so it is ordered as a write; others run concurrently.
  public static func ordering(for params: JSONValue?) -> RequestOrdering {
    params?["center"] != nil ? .exclusive : .concurrent
  }

  public var center: Coordinate?
  public var category: PlaceCategory?
  /// 1 000…10 000.
  public var radiusMeters: Int?
  /// Words the name must match.
  public var text: String?
  public var sort: PlaceSort?
  public var scope: SearchScope?
  /// 1…100, default 10.
  public var limit: Int?
  /// Skip the cache (pull-to-refresh).
  public var refresh: Bool?
  /// Wait this long (0…5 000 ms) and give way to a newer search that arrives meanwhile.
  public var debounceMs: Int?
  /// Search around the user's approximate position (IP geolocation) when no `center` is given.
  public var nearMe: Bool?
  /// Only places open at the time of the search; `limit` then counts open places.
  public var openNow: Bool?
  /// Search the demo places too once the user has imported places of their own (they are left out then).
  public var includeDemo: Bool?
  /// Any of these diets (`vegan`, `vegetarian`, `gluten_free`, `halal`, `kosher`), said yes or only to.
  public var diet: [String]?
  /// Any of these OSM cuisine values.
  public var cuisine: [String]?
  /// `yes`, or `limited` (which also accepts `yes`).
  public var wheelchair: String?
  public var outdoorSeating: Bool?
  public var takeaway: Bool?
  /// Open at this local date-time (ISO 8601, no zone) in each place's own time zone.
  public var openAt: String?
  /// Stays open this many minutes (from `openAt`, else from now).
  public var openFor: Int?
  /// The user's own average rating at least this (1–5).
  public var minRating: Double?

  public init(
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

}

/// Shows everything known about one place, with links and presentation hints.
public struct PlaceDetailsRequest: RequestType, Encodable, Equatable {
  public static let method = "places/details"
  public typealias Response = PlaceDetailsResult

  public var id: String
  /// Skip the cache.
  public var refresh: Bool?

  public init(id: String, refresh: Bool? = nil) {
    self.id = id
    self.refresh = refresh
  }
}

/// Suggests places and addresses as the user types (debounced 300 ms by default).
public struct AutocompleteRequest: RequestType, Encodable, Equatable {
  public static let method = "places/autocomplete"

  public var text: String
  public var center: Coordinate?
  /// 1…20, default 5.
  public var limit: Int?
  /// 0…5 000, default 300.
  public var debounceMs: Int?

  public init(text: String, center: Coordinate? = nil, limit: Int? = nil, debounceMs: Int? = nil) {
    self.text = text
    self.center = center
    self.limit = limit
    self.debounceMs = debounceMs
  }

  /// The suggestions.
  public struct Response: Codable, Sendable, Equatable {
    public var suggestions: [Suggestion]
  }
}
