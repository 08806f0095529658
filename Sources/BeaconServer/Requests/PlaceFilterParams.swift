import BeaconCore

/// The place filters `places/search`, `favorites/list` and `places/searchAlongRoute` take, declared once. On the
/// wire they stand flat beside the method's own params: a request decodes them from its own decoder and encodes
/// them into its own encoder (``PlaceFiltering``).
package struct PlaceFilterParams: Codable, Sendable, Equatable {
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
    diet: [String]? = nil,
    cuisine: [String]? = nil,
    wheelchair: String? = nil,
    outdoorSeating: Bool? = nil,
    takeaway: Bool? = nil,
    openAt: String? = nil,
    openFor: Int? = nil,
    minRating: Double? = nil
  ) {
    self.diet = diet
    self.cuisine = cuisine
    self.wheelchair = wheelchair
    self.outdoorSeating = outdoorSeating
    self.takeaway = takeaway
    self.openAt = openAt
    self.openFor = openFor
    self.minRating = minRating
  }
}

/// A request that takes the place filters (``PlaceFilterParams``) beside its own params.
package protocol PlaceFiltering {
  /// The filters as given.
  var filter: PlaceFilterParams { get }
}

extension PlaceFiltering {
  /// The filters, checked.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the parameter and its valid values.
  package func filters() throws(BeaconError) -> PlaceFilters {
    try PlaceFilters.parse(
      diet: filter.diet,
      cuisine: filter.cuisine,
      wheelchair: filter.wheelchair,
      outdoorSeating: filter.outdoorSeating,
      takeaway: filter.takeaway,
      openAt: filter.openAt,
      openFor: filter.openFor,
      minRating: filter.minRating
    )
  }
}
