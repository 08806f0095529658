/// Which places a list shows and in what order: the same rules for search and favourites.
package struct PlaceQuery: Sendable, Equatable {
  /// Words that must all begin words of the name, address or cuisine (case and accents such as é, å ignored).
  package var text: String?
  /// Only places of this category.
  package var category: PlaceCategory?
  /// The order.
  package var sort: PlaceSort
  /// The point distances are measured from.
  package var center: Coordinate?
  /// Only places open at the time of the query (in their own time zones).
  package var openNow: Bool
  /// Diet, cuisine, access, opening-time and rating filters.
  package var filters: PlaceFilters
  /// The distance `sort: best` counts as 1 (the stored search radius), when no radius is given.
  package var reachMeters: Int?

  /// Creates a query.
  package init(
    text: String? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort = .distance,
    center: Coordinate? = nil,
    openNow: Bool = false,
    filters: PlaceFilters = PlaceFilters(),
    reachMeters: Int? = nil
  ) {
    self.reachMeters = reachMeters
    self.text = text
    self.category = category
    self.sort = sort
    self.center = center
    self.openNow = openNow
    self.filters = filters
  }
}
