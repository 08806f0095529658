import Foundation

/// A place's summary read straight from its row of ``Store/placeColumns``, with what it is finished with once the
/// search has chosen the place (``Store/summaries(of:at:)``): its facts (from the details text and the cuisine column)
/// and its opening status (from its hours and time zone).
///
/// A plain search by distance makes no `Place` on the way: the summary takes the row's id, name, category, position,
/// address and source where the `Place` would have been made, copied into its summary and destroyed.
struct RowSummary {
  /// The summary without its rating, favourite mark, opening status and facts.
  var summary: PlaceSummary
  /// The details text (the facts memo's own copy when it knew the row's text).
  var details: String?
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
  /// The same as ``listedPlace(from:)`` followed by ``Place/summary(center:rating:isFavorite:at:defaultTimeZone:facts:)``
  /// once ``summaries(of:at:)`` has finished it: the details text of a place the facts memo knows is the memo's
  /// (noted for ``resolvedFacts(id:details:cuisine:)``), not a new copy.
  func rowSummary(from row: Statement, distance: Double?, center: Coordinate) -> RowSummary? {
    guard let id = row.string(0) else { return nil }
    let details: String?
    if let known = factsByPlace[id], row.text(7, equals: known.details) {
      noteListed(id, known)
      details = known.details
    } else {
      details = row.string(7)
    }
    guard let name = row.string(1), let category = row.string(2).flatMap({ PlaceCategory(name: $0) }),
      let lat = row.double(3), let lon = row.double(4)
    else { return nil }
    let location = Coordinate(lat: lat, lon: lon)
    return RowSummary(
      summary: PlaceSummary(
        id: id,
        name: name,
        category: category,
        location: location,
        address: row.string(5),
        distanceMeters: Int((distance ?? location.distance(to: center)).rounded()),
        rating: nil,
        isFavorite: false,
        source: row.string(8) ?? "unknown"
      ),
      details: details,
      cuisine: row.string(6),
      openingHours: row.string(10),
      timeZone: row.string(11)
    )
  }

  /// The summaries of `rows`, in order, finished as ``summaries(of:center:at:)`` finishes a `Place`'s: the rating
  /// summary and favourite mark (looked up only when the store has any), the opening status at `date`, the facts
  /// through the memo (``resolvedFacts(id:details:cuisine:)``).
  func summaries(of rows: [RowSummary], at date: Date) throws(BeaconError) -> [PlaceSummary] {
    let (ratings, favorites) = try ratingsAndFavorites(of: rows) { $0.summary.id }
    var summaries: [PlaceSummary] = []
    summaries.reserveCapacity(rows.count)
    for row in rows {
      var summary = row.summary
      summary.rating = ratings[summary.id]
      summary.isFavorite = favorites.contains(summary.id)
      if let hours = Place.openingStatus(
        hours: row.openingHours,
        timeZone: row.timeZone,
        at: date,
        defaultTimeZone: defaultTimeZone
      ) {
        summary.openNow = hours.openNow
        summary.closesAt = hours.closesAt
        summary.opensAt = hours.opensAt
      }
      summary.facts = resolvedFacts(id: summary.id, details: row.details, cuisine: row.cuisine)
      summaries.append(summary)
    }
    return summaries
  }
}
