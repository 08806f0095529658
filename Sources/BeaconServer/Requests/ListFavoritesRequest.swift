import BeaconCore
import JSONRPC

/// Lists "Mine steder" from the store (works offline), filtered and sorted like search results.
///
/// `sort` defaults to the stored settings; without `center`, distances are measured from the centre a search
/// without one would use (the stored centre, the imported data's, or offline the demo data's).
package struct ListFavoritesRequest: RequestType, Encodable, Equatable {
  package static let method = "favorites/list"

  /// Words that must all occur in the name, address or cuisine.
  package var text: String?
  package var category: PlaceCategory?
  package var sort: PlaceSort?
  /// Where distances are measured from.
  package var center: Coordinate?
  /// Only favourites open now.
  package var openNow: Bool?
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
