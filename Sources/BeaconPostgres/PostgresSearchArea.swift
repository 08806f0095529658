import BeaconCore

/// What an offline search on the PostgreSQL store narrows by before distances decide: its centre, category, words
/// and filters, and which places the filters keep.
struct SearchArea: Sendable {
  var center: Coordinate
  var category: PlaceCategory?
  var text: String?
  var filters = PlaceFilters()
  var keeping = PostgresFacts.Keep.matching
}
