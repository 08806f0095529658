import BeaconCore
import JSONRPC

/// Lists "Mine steder" from the store (works offline), filtered and sorted like search results.
///
/// `sort` and `center` default to the stored settings.
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

  /// The favourites.
  public struct Response: Codable, Sendable, Equatable {
    public var places: [PlaceSummary]
  }
}
