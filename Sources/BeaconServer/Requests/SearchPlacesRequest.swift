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

  /// The params among `members` when each is absent, `null` or of its plain JSON type (an integer literal for
  /// the integers, a known name for the enums, `{"lat": number, "lon": number}` for the centre); `nil` for anything
  /// else, which `init(from:)` then decodes or names as the fault. Costs one pass over the members instead of a
  /// `Decoder`'s look-up of every field.
  package static func decodedDirectly(members: [String: JSONValue]) -> SearchPlacesParams? {
    var params = SearchPlacesParams()
    for (name, value) in members {
      switch name {
      case "center":
        guard let center = Self.plainCoordinate(value) else { return nil }
        params.center = center
      case "category":
        guard let category = JSONPlainMember.rawValue(value, as: PlaceCategory.self) else { return nil }
        params.category = category
      case "radiusMeters":
        guard let radiusMeters = JSONPlainMember.int(value) else { return nil }
        params.radiusMeters = radiusMeters
      case "text": guard let text = JSONPlainMember.string(value) else { return nil }; params.text = text
      case "sort":
        guard let sort = JSONPlainMember.rawValue(value, as: PlaceSort.self) else { return nil }; params.sort = sort
      case "scope":
        guard let scope = JSONPlainMember.rawValue(value, as: SearchScope.self) else { return nil }
        params.scope = scope
      case "limit": guard let limit = JSONPlainMember.int(value) else { return nil }; params.limit = limit
      case "refresh": guard let refresh = JSONPlainMember.bool(value) else { return nil }; params.refresh = refresh
      case "debounceMs":
        guard let debounceMs = JSONPlainMember.int(value) else { return nil }
        params.debounceMs = debounceMs
      case "nearMe": guard let nearMe = JSONPlainMember.bool(value) else { return nil }; params.nearMe = nearMe
      case "openNow": guard let openNow = JSONPlainMember.bool(value) else { return nil }; params.openNow = openNow
      case "includeDemo":
        guard let includeDemo = JSONPlainMember.bool(value) else { return nil }
        params.includeDemo = includeDemo
      default: continue
      }
    }
    return params
  }

  /// `center` as `Coordinate`'s `init(from:)` reads it, when absent, `null` or an object with both numbers plain.
  private static func plainCoordinate(_ value: JSONValue) -> Coordinate?? {
    switch value {
    case .null: return .some(nil)
    case .object(let members):
      guard let lat = JSONPlainMember.double(members["lat"]), let lat,
        let lon = JSONPlainMember.double(members["lon"]), let lon
      else { return nil }
      return .some(Coordinate(lat: lat, lon: lon))
    default: return nil
    }
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
