import BeaconCore
import JSONRPC

/// Lists "Mine steder" from the store (works offline), filtered and sorted like search results.
///
/// `sort` defaults to the stored settings; without `center`, distances are measured from the centre a search
/// without one would use (the stored centre, the imported data's, or offline the demo data's).
public struct ListFavoritesRequest: RequestType, Encodable, Equatable {
  public static let method = "favorites/list"

  /// Words that must all occur in the name, address or cuisine.
  public var text: String?
  public var category: PlaceCategory?
  public var sort: PlaceSort?
  /// Where distances are measured from.
  public var center: Coordinate?
  /// Only favourites open now.
  public var openNow: Bool?

  public init(
    text: String? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort? = nil,
    center: Coordinate? = nil,
    openNow: Bool? = nil
  ) {
    self.text = text
    self.category = category
    self.sort = sort
    self.center = center
    self.openNow = openNow
  }

  /// The favourites, with the centre their distances are measured from.
  public struct Response: Codable, Sendable, Equatable {
    public var places: [PlaceSummary]
    /// The point distances are measured from.
    public var center: Coordinate
    /// Where the centre came from: `request`, `settings`, `imported` or `demo` (as in `places/search`).
    public var centerSource: String
  }
}
