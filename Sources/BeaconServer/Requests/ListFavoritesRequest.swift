import BeaconCore
import JSONRPC

/// Lists "Mine steder" from the store (works offline), filtered and sorted like search results.
///
/// `sort` defaults to the stored settings; without `center`, distances are measured from the centre a search
/// without one would use (the stored centre, the imported data's, or offline the demo data's).
package typealias ListFavoritesRequest = FilteredRequest<ListFavoritesParams>

/// The params of `favorites/list` but the filters.
package struct ListFavoritesParams: FilteredParams {
  package static let method = "favorites/list"

  /// Words that must all occur in the name, address or cuisine.
  package var text: String?
  package var category: PlaceCategory?
  package var sort: PlaceSort?
  /// Where distances are measured from.
  package var center: Coordinate?
  /// Only favourites open now.
  package var openNow: Bool?

  /// The favourites, with the centre their distances are measured from.
  package struct Response: Codable, Sendable, Equatable {
    package var places: [PlaceSummary]
    /// The point distances are measured from.
    package var center: Coordinate
    /// Where the centre came from: `request`, `settings`, `imported` or `demo` (as in `places/search`).
    package var centerSource: String
    /// With filters: per filter, the favourites left out only because their data says nothing about it.
    package var excludedUnknown: [String: Int]?
  }
}
