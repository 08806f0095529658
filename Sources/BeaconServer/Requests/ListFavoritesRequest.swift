import BeaconCore
import JSONRPC

/// Lists "Mine steder" from the store (works offline), filtered and sorted like search results.
///
/// `sort` defaults to the stored settings; without `center`, distances are measured from the centre a search
/// without one would use (the stored centre, the imported data's, or offline the demo data's).
package struct ListFavoritesRequest: RequestType, Encodable, Equatable, PlaceFiltering {
  package static let method = "favorites/list"

  /// Words that must all occur in the name, address or cuisine.
  package var text: String?
  package var category: PlaceCategory?
  package var sort: PlaceSort?
  /// Where distances are measured from.
  package var center: Coordinate?
  /// Only favourites open now.
  package var openNow: Bool?
  /// The filters, beside the params above on the wire.
  package var filter: PlaceFilterParams

  package init(
    text: String? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort? = nil,
    center: Coordinate? = nil,
    openNow: Bool? = nil,
    filter: PlaceFilterParams = PlaceFilterParams()
  ) {
    self.text = text
    self.category = category
    self.sort = sort
    self.center = center
    self.openNow = openNow
    self.filter = filter
  }

  private enum CodingKeys: String, CodingKey {
    case text, category, sort, center, openNow
  }

  package init(from decoder: any Decoder) throws {
    let params = try decoder.container(keyedBy: CodingKeys.self)
    text = try params.decodeIfPresent(String.self, forKey: .text)
    category = try params.decodeIfPresent(PlaceCategory.self, forKey: .category)
    sort = try params.decodeIfPresent(PlaceSort.self, forKey: .sort)
    center = try params.decodeIfPresent(Coordinate.self, forKey: .center)
    openNow = try params.decodeIfPresent(Bool.self, forKey: .openNow)
    filter = try PlaceFilterParams(from: decoder)
  }

  package func encode(to encoder: any Encoder) throws {
    var params = encoder.container(keyedBy: CodingKeys.self)
    try params.encodeIfPresent(text, forKey: .text)
    try params.encodeIfPresent(category, forKey: .category)
    try params.encodeIfPresent(sort, forKey: .sort)
    try params.encodeIfPresent(center, forKey: .center)
    try params.encodeIfPresent(openNow, forKey: .openNow)
    try filter.encode(to: encoder)
  }

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
