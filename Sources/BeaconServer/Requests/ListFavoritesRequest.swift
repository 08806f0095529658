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
    text: String? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort? = nil,
    center: Coordinate? = nil,
    openNow: Bool? = nil,
    diet: [String]? = nil,
    cuisine: [String]? = nil,
    wheelchair: String? = nil,
    outdoorSeating: Bool? = nil,
    takeaway: Bool? = nil,
    openAt: String? = nil,
    openFor: Int? = nil,
    minRating: Double? = nil
  ) {
    self.text = text
    self.category = category
    self.sort = sort
    self.center = center
    self.openNow = openNow
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

  /// The favourites, with the centre their distances are measured from.
  public struct Response: Codable, Sendable, Equatable {
    public var places: [PlaceSummary]
    /// The point distances are measured from.
    public var center: Coordinate
    /// Where the centre came from: `request`, `settings`, `imported` or `demo` (as in `places/search`).
    public var centerSource: String
    /// With filters: per filter, the favourites left out only because their data says nothing about it.
    public var excludedUnknown: [String: Int]?
  }
}
