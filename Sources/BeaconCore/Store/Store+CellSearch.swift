import Foundation

extension Store {
  /// The most bands of latitude (a 500th of a degree each) a search judges from `place_cell`: a circle ~110 km
  /// across. A wider one reads the places themselves.
  static let cellBandLimit = 500

  /// What `place_cell` says of a place: its rowid, exact position and facts (in ``factColumns``' order, from 3).
  static let cellSQL = """
    SELECT place_rowid, latitude, longitude, diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway
      FROM place_cell WHERE category = ? AND band = ? AND longitude >= ? AND longitude <= ?
    """

  /// A filtered offline search judged on `place_cell` (migration 12): every place of the category in the circle is
  /// judged from its row there (neighbouring rows, ordered by category, band of latitude and longitude), so `excludedUnknown`
  /// counts all of them, and only the matches that can make the list are read from `place` and summarized (sorted by
  /// distance without `openNow`: the nearest `limit` and those within 2 m of the last of them, as ``nearest(_:to:within:category:text:excludingDemo:)``
  /// does; otherwise every match). The same result as ``places(near:radiusMeters:category:text:excludingDemo:filters:)``
  /// and ``filteredSummaries(of:filters:center:at:)``, with fewer pages read.
  ///
  /// - Returns: `nil` when the search needs what only the places or the ratings say (text, opening times, a minimum
  ///   rating), has no filters, or is wider than ``cellBandLimit``.
  func cellSearch(_ search: PlaceSearch, excludingDemo: Bool, at date: Date) throws(BeaconError) -> FilteredPlaces? {
    let filters = search.filters
    guard !filters.isEmpty, filters.openAt == nil, filters.openFor == nil, filters.minRating == nil,
      Self.fullTextQuery(search.text) == nil
    else { return nil }
    let radius = Double(search.radiusMeters)
    let box = Self.boundingBox(around: search.center, radiusMeters: radius)
    // A centimetre wider than the circle's box: positions are exact here, not rounded outwards as in the R*Tree.
    let margin = 1e-7
    let bands =
      PlaceCellSQL.band(of: max(box.minLat - margin, -90))...PlaceCellSQL.band(of: min(box.maxLat + margin, 90))
    guard bands.count <= Self.cellBandLimit else { return nil }
    var sql = Self.cellSQL
    if excludingDemo { sql += " AND source <> ?" }
    var counts = Dictionary(uniqueKeysWithValues: filters.active.map { ($0.rawValue, 0) })
    var matches: [(rowid: Int, distance: Double)] = []
    let places: [Place] = try storage {
      for band in bands {
        var values: [any DatabaseValueConvertible] = [
          search.category.rawValue, band, box.minLon - margin, box.maxLon + margin,
        ]
        if excludingDemo { values.append(DemoDataset.source) }
        // Each row is judged where it stands; nothing is kept of it but a match's rowid and distance.
        let _: [Void] = try database.query(sql, values) { row in
          guard let rowid = row.int(0), let latitude = row.double(1), let longitude = row.double(2) else { return nil }
          let distance = Coordinate(lat: latitude, lon: longitude).distance(to: search.center)
          guard distance <= radius else { return nil }
          let facts = Self.facts(from: row, at: 3)
          switch filters.verdict(facts: facts, hours: nil, zone: defaultTimeZone, rating: nil, now: date) {
          case .match: matches.append((rowid, distance))
          case .fails: break
          case .unknown(let names): for name in names { counts[name.rawValue, default: 0] += 1 }
          }
          return nil
        }
      }
      matches.sort { $0.distance < $1.distance }
      var chosen = matches[...]
      if search.sort == .distance, !search.openNow, matches.count > search.limit {
        // Whole metres decide the order: nothing farther than 2 m beyond the `limit`th can come before it.
        let cut = matches[search.limit - 1].distance + 2
        chosen = matches.prefix { $0.distance <= cut }
      }
      let read = "SELECT \(Self.placeColumns), \(Self.factColumns) FROM place\(Self.factJoin) WHERE place.rowid = ?"
      return try chosen.compactMap { try database.query(read, [$0.rowid]) { Self.placeWithFacts(from: $0) }.first }
    }
    return FilteredPlaces(places: try summaries(of: places, center: search.center, at: date), excludedUnknown: counts)
  }
}
