import Foundation

/// A place's summary read straight from its row of ``Store/placeColumns``: what the summary shows of the row, and
/// what it is finished with once the search has chosen the place (``Store/summaries(of:at:)``): its facts (the facts
/// memo's when it knew the row's details text, else from the text and the cuisine column) and its opening status
/// (from its hours and time zone).
///
/// A plain search by distance makes no `Place` on the way: the summary takes the row's id, name, category, position,
/// address and source where the `Place` would have been made, copied into its summary and destroyed.
struct RowSummary {
  var id: String
  var name: String
  var category: PlaceCategory
  var location: Coordinate
  var address: String?
  /// The distance from the search's centre in whole metres.
  var distanceMeters: Int
  var source: String
  /// The details text, when the facts memo did not know it.
  var details: String?
  /// The facts the memo knew for the row's details text.
  var knownFacts: PlaceFacts?
  /// The cuisine column, for facts whose details name no cuisine.
  var cuisine: String?
  /// The raw opening hours.
  var openingHours: String?
  /// The place's IANA time zone.
  var timeZone: String?
}

extension Store {
  /// The summary of the place in `row` (``placeColumns``, the rowid may follow) as far as the row tells it, `distance`
  /// its distance from `center` when worked out already; `nil` where ``Place/init(stored:)`` gives `nil`.
  ///
  /// Once ``summaries(of:at:)`` has finished it, the same as ``listedPlace(from:)`` followed by
  /// ``Place/summary(center:rating:isFavorite:at:defaultTimeZone:facts:)`` with ``resolvedFacts(of:)``: the facts of
  /// a details text the memo knows are the memo's (no copy of the text, no second look-up).
  func rowSummary(from row: Statement, distance: Double?, center: Coordinate) -> RowSummary? {
    guard let id = row.string(0) else { return nil }
    var details: String?
    var knownFacts: PlaceFacts?
    if let known = factsByPlace[id], row.text(7, equals: known.details) {
      knownFacts = known.facts
    } else {
      details = row.string(7)
    }
    guard let name = row.string(1), let category = row.string(2).flatMap({ PlaceCategory(name: $0) }),
      let lat = row.double(3), let lon = row.double(4)
    else { return nil }
    let location = Coordinate(lat: lat, lon: lon)
    return RowSummary(
      id: id,
      name: name,
      category: category,
      location: location,
      address: row.string(5),
      distanceMeters: Int((distance ?? location.distance(to: center)).rounded()),
      source: row.string(8) ?? "unknown",
      details: details,
      knownFacts: knownFacts,
      cuisine: row.string(6),
      openingHours: row.string(10),
      timeZone: row.string(11)
    )
  }

  /// The summaries of `rows`, in order, finished as ``summaries(of:center:at:)`` finishes a `Place`'s: the rating
  /// summary and favourite mark (looked up only when the store has any), the opening status at `date`, the facts
  /// (``resolvedFacts(id:details:cuisine:)`` unless the memo gave them when the row was read).
  func summaries(of rows: [RowSummary], at date: Date) throws(BeaconError) -> [PlaceSummary] {
    let (ratings, favorites) = try ratingsAndFavorites(of: rows) { $0.id }
    var summaries: [PlaceSummary] = []
    summaries.reserveCapacity(rows.count)
    rows.withUnsafeBufferPointer { rows in
      for row in rows.indices {
        let id = rows[row].id
        var facts: PlaceFacts
        if let known = rows[row].knownFacts {
          facts = known
          if facts.cuisine == nil { facts.cuisine = PlaceFacts.cuisineList(rows[row].cuisine) }
        } else {
          facts = resolvedFacts(id: id, details: rows[row].details, cuisine: rows[row].cuisine)
        }
        summaries.append(
          PlaceSummary(
            id: id,
            name: rows[row].name,
            category: rows[row].category,
            location: rows[row].location,
            address: rows[row].address,
            distanceMeters: rows[row].distanceMeters,
            rating: ratings.isEmpty ? nil : ratings[id],
            isFavorite: !favorites.isEmpty && favorites.contains(id),
            source: rows[row].source,
            hours: Place.openingStatus(
              hours: rows[row].openingHours,
              timeZone: rows[row].timeZone,
              at: date,
              defaultTimeZone: defaultTimeZone
            ),
            facts: facts
          )
        )
      }
    }
    return summaries
  }
}
