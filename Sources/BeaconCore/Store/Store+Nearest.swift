import Foundation

extension Store {
  /// A place a box query found, before its row is read: its rowid and its exact distance from the centre.
  typealias Candidate = (rowid: Int, distance: Double)

  /// At least the `limit` places nearest to `center` within `radiusMeters` (category and text as in
  /// ``places(near:radiusMeters:category:text:excludingDemo:filters:)``), nearest first: every place that can be among
  /// the first `limit` when sorted by distance in whole metres, and no others farther than 2 m beyond the `limit`th.
  ///
  /// The box grows four times at a time (sixteen times while it is empty), until it holds `limit` places clearly (2 m)
  /// inside its circle: nothing outside can then come first, and a dense store answers from a small box (at a million
  /// places a 1 km search reads ~30 rows instead of ~1 300). The first box is the one the density of the last such
  /// search (same category, no text) says holds about twice `limit` places (the whole radius where that search found
  /// few), so that consecutive searches usually read one box; without one (or after a search that found nothing), a
  /// sixteenth of the radius.
  ///
  /// A box is read as rowids and positions only (``candidates(near:radiusMeters:category:match:excludingDemo:)``), and
  /// whole rows only for the places chosen: a box at 100 000 places holds ~100 places of the category, ~12 make the
  /// list.
  package func nearest(
    _ limit: Int,
    to center: Coordinate,
    within radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    excludingDemo: Bool = false
  ) throws(BeaconError) -> [Place] {
    let radius = Double(radiusMeters)
    let smallest = max(min(radius, 100), radius / 16)
    var reach = smallest
    let densityKey = category?.rawValue ?? ""
    if text == nil, let density = nearestDensity[densityKey] {
      let wanted = Double(2 * limit + 4)
      reach = min(max((wanted / (.pi * density)).squareRoot(), smallest), radius)
    }
    let match = Self.fullTextQuery(text)
    while true {
      let found = try candidates(
        near: center,
        radiusMeters: Int(reach.rounded(.up)),
        category: category,
        match: match,
        excludingDemo: excludingDemo
      )
      let clearlyInside = found.prefix { $0.distance <= reach - 2 }.count
      if clearlyInside >= limit || reach >= radius {
        // Nothing found says nothing of the density here: the next search starts small again.
        if text == nil {
          nearestDensity[densityKey] = clearlyInside > 0 ? Double(clearlyInside) / (.pi * reach * reach) : nil
        }
        var chosen = found.prefix { $0.distance <= radius }
        if limit > 0, chosen.count > limit {
          // Whole metres decide the order: nothing farther than 2 m beyond the `limit`th can come before it, so only
          // those are read and summarized.
          let cut = chosen[limit - 1].distance + 2
          chosen = chosen.prefix { $0.distance <= cut }
        }
        return try rows(of: chosen)
      }
      // An empty box says the places are sparse here: a box four times as wide would most likely be empty too.
      reach = min(reach * (found.isEmpty ? 16 : 4), radius)
    }
  }

  /// The rowids and distances of the places within `radiusMeters` of `center` (of `category`, matching the full-text
  /// query `match`, without the demo places when asked), nearest first; no place's row is read.
  ///
  /// A category without text is read from `place_cell` (the category's rows of each band of latitude in the box, side
  /// by side in one table); anything else from the R*Tree, with each place's position read from its row.
  func candidates(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    match: String?,
    excludingDemo: Bool
  ) throws(BeaconError) -> [Candidate] {
    let radius = Double(radiusMeters)
    let box = Self.boundingBox(around: center, radiusMeters: radius)
    var sql: String
    var values: [any DatabaseValueConvertible]
    // A centimetre wider than the circle's box: positions in `place_cell` are exact, not rounded outwards as in the
    // R*Tree.
    let margin = 1e-7
    let bands =
      PlaceCellSQL.band(of: max(box.minLat - margin, -90))...PlaceCellSQL.band(of: min(box.maxLat + margin, 90))
    if let category, match == nil, bands.count <= Self.cellBandLimit {
      sql = Self.nearestCellSQL
      values = [bands.lowerBound, bands.upperBound, category.rawValue, box.minLon - margin, box.maxLon + margin]
      if excludingDemo { sql += " AND place_cell.source <> ?" }
    } else {
      sql = Self.searchSQL(
        category: category != nil,
        text: match != nil,
        excludingDemo: excludingDemo,
        columns: Self.candidateColumns
      )
      values = [box.minLat, box.maxLat, box.minLon, box.maxLon]
      if let category { values.append(category.rawValue) }
    }
    if excludingDemo { values.append(DemoDataset.source) }
    if let match { values.append(match) }
    var found: [Candidate] = try storage {
      try database.query(sql, values) { row in
        let distance = Coordinate(lat: row.real(at: 1), lon: row.real(at: 2)).distance(to: center)
        return distance <= radius ? (Int(row.integer(at: 0)), distance) : nil
      }
    }
    found.sort { $0.distance < $1.distance }
    return found
  }

  /// The places of `chosen`, each read whole by its rowid, in the same order; a place gone since is left out.
  func rows(of chosen: ArraySlice<Candidate>) throws(BeaconError) -> [Place] {
    try storage {
      var places: [Place] = []
      places.reserveCapacity(chosen.count)
      for candidate in chosen {
        if let place = try database.query(Self.rowSQL, [candidate.rowid], reading: { listedPlace(from: $0) }).first {
          places.append(place)
        }
      }
      return places
    }
  }

  /// The places of a category in a range of bands of latitude (first and last band, the category, then the longitude
  /// range): each band's rows side by side in `place_cell`'s key order, one range per band (tested with `EXPLAIN QUERY
  /// PLAN`); the rowid, latitude and longitude of each.
  static let nearestCellSQL = """
    WITH RECURSIVE bands(band) AS (SELECT ? UNION ALL SELECT band + 1 FROM bands WHERE band < ?)
    SELECT place_cell.place_rowid, place_cell.latitude, place_cell.longitude FROM bands CROSS JOIN place_cell
    WHERE place_cell.category = ? AND place_cell.band = bands.band
      AND place_cell.longitude >= ? AND place_cell.longitude <= ?
    """

  /// What a box query of ``searchSQL(category:text:excludingDemo:factConditions:columns:)`` reads of each place for
  /// ``candidates(near:radiusMeters:category:match:excludingDemo:)``.
  static let candidateColumns = "place.rowid, place.latitude, place.longitude"

  /// One place's whole row (``placeColumns``) by rowid.
  static let rowSQL = "SELECT \(placeColumns) FROM place WHERE rowid = ?"
}
