import Foundation

extension Store {
  /// A place a box query found: its rowid, its exact distance from the centre, and what its row was read into when the
  /// box was read whole (a sparse box), else `nil` until ``rows(of:reading:)`` reads it.
  typealias Candidate<Listed> = (rowid: Int, distance: Double, listed: Listed?)

  /// What ``nearest(_:to:within:category:text:excludingDemo:reading:)`` makes of a whole row of ``placeColumns``
  /// (the rowid may follow): the row, and its distance from the centre when already worked out from its position
  /// (columns 3 and 4), else `nil`. A row it gives `nil` for is left out.
  typealias RowReader<Listed> = (Statement, Double?) -> Listed?

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
  /// A box where many places are expected is read as rowids and positions only
  /// (``candidates(near:radiusMeters:category:match:excludingDemo:expected:)``), and whole rows only for the places
  /// chosen: a box at 100 000 places holds ~30 restaurants, ~12 make the list. A box expected to hold fewer places than
  /// twice its bands of latitude is read whole from the R*Tree, as before (nearly all of it makes the list).
  package func nearest(
    _ limit: Int,
    to center: Coordinate,
    within radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    excludingDemo: Bool = false
  ) throws(BeaconError) -> [Place] {
    try nearest(
      limit,
      to: center,
      within: radiusMeters,
      category: category,
      text: text,
      excludingDemo: excludingDemo,
      reading: { row, _ in listedPlace(from: row) }
    )
  }

  /// ``nearest(_:to:within:category:text:excludingDemo:)`` with each chosen place's row made into what `read` makes of
  /// it (a `Place`, or a summary straight from the row: ``RowSummary``), nearest first.
  func nearest<Listed>(
    _ limit: Int,
    to center: Coordinate,
    within radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    excludingDemo: Bool,
    reading read: RowReader<Listed>
  ) throws(BeaconError) -> [Listed] {
    let radius = Double(radiusMeters)
    let smallest = max(min(radius, 100), radius / 16)
    var reach = smallest
    let densityKey = category?.rawValue ?? ""
    if text == nil, let density = nearestDensity[densityKey] {
      let wanted = Double(2 * limit + 4)
      reach = min(max((wanted / (.pi * density)).squareRoot(), smallest), radius)
    }
    let match = Self.fullTextQuery(text)
    let density = text == nil ? nearestDensity[densityKey] : nil
    while true {
      var found = try candidates(
        near: center,
        radiusMeters: Int(reach.rounded(.up)),
        category: category,
        match: match,
        excludingDemo: excludingDemo,
        expected: density.map { $0 * 4 * reach * reach },
        reading: read
      )
      let clearlyInside = found.prefix { $0.distance <= reach - 2 }.count
      if clearlyInside >= limit || reach >= radius {
        // Nothing found says nothing of the density here: the next search starts small again.
        if text == nil {
          nearestDensity[densityKey] = clearlyInside > 0 ? Double(clearlyInside) / (.pi * reach * reach) : nil
        }
        var chosen = found.prefix { $0.distance <= radius }.count
        if limit > 0, chosen > limit {
          // Whole metres decide the order: nothing farther than 2 m beyond the `limit`th can come before it, so only
          // those are read and summarized.
          let cut = found[limit - 1].distance + 2
          chosen = found[..<chosen].prefix { $0.distance <= cut }.count
        }
        found.removeSubrange(chosen...)
        return try rows(of: &found, reading: read)
      }
      // An empty box says the places are sparse here: a box four times as wide would most likely be empty too.
      reach = min(reach * (found.isEmpty ? 16 : 4), radius)
    }
  }

  /// The rowids and distances of the places within `radiusMeters` of `center` (of `category`, matching the full-text
  /// query `match`, without the demo places when asked), nearest first.
  ///
  /// Where `expected` (the places of the category the box should hold, from the last search's density) is below twice
  /// the box's bands of latitude, the box is read whole from the R*Tree, each row within the radius made into what
  /// `read` makes of it: a seek per band would cost more than the few rows. Otherwise no place's row is read: a category without text comes from `place_cell` (the category's rows of
  /// each band of latitude in the box, side by side in one table), anything else from the R*Tree with each place's
  /// position read from its row.
  func candidates<Listed>(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    match: String?,
    excludingDemo: Bool,
    expected: Double? = nil,
    reading read: RowReader<Listed>
  ) throws(BeaconError) -> [Candidate<Listed>] {
    let radius = Double(radiusMeters)
    let box = Self.boundingBox(around: center, radiusMeters: radius)
    let slot: StatementSlot
    let sql: () -> String
    var values: [any DatabaseValueConvertible]
    // A centimetre wider than the circle's box: positions in `place_cell` are exact, not rounded outwards as in the
    // R*Tree.
    let margin = 1e-7
    let bands =
      PlaceCellSQL.band(of: max(box.minLat - margin, -90))...PlaceCellSQL.band(of: min(box.maxLat + margin, 90))
    if match == nil, let expected, expected < Double(2 * bands.count) {
      return try boxRows(
        near: center,
        radiusMeters: radiusMeters,
        category: category,
        match: nil,
        excludingDemo: excludingDemo,
        reading: read
      )
    }
    if let category, match == nil, bands.count <= Self.cellBandLimit {
      slot = .nearestCell(excludingDemo: excludingDemo)
      sql = { Self.nearestCellSQL + (excludingDemo ? " AND place_cell.source <> ?" : "") }
      values = [bands.lowerBound, bands.upperBound, category.rawValue, box.minLon - margin, box.maxLon + margin]
    } else {
      slot = .box(category: category != nil, text: match != nil, excludingDemo: excludingDemo, candidates: true)
      sql = {
        Self.searchSQL(
          category: category != nil,
          text: match != nil,
          excludingDemo: excludingDemo,
          columns: Self.candidateColumns
        )
      }
      values = [box.minLat, box.maxLat, box.minLon, box.maxLon]
      if let category { values.append(category.rawValue) }
    }
    if excludingDemo { values.append(DemoDataset.source) }
    if let match { values.append(match) }
    var found: [Candidate<Listed>] = try storage {
      try database.query(slot, sql, values) { row in
        let distance = Coordinate(lat: row.real(at: 1), lon: row.real(at: 2)).distance(to: center)
        return distance <= radius ? (Int(row.integer(at: 0)), distance, nil) : nil
      }
    }
    found.sort { $0.distance < $1.distance }
    return found
  }

  /// The places of `chosen` in the same order, as `read` makes them, those not read yet read whole by their rowids in
  /// one statement; a place gone since is left out. What was read is moved out of `chosen`, not copied.
  func rows<Listed>(
    of chosen: inout [Candidate<Listed>],
    reading read: RowReader<Listed>
  ) throws(BeaconError) -> [Listed] {
    var unread: [Int] = []
    for index in chosen.indices where chosen[index].listed == nil { unread.append(chosen[index].rowid) }
    var rows: [Int: Listed] = [:]
    if !unread.isEmpty {
      rows = try storage {
        var rows: [Int: Listed] = [:]
        let ids = "[" + unread.map(String.init).joined(separator: ",") + "]"
        let _: [Void] = try database.query(.rows, { Self.rowSQL }, [ids]) { row in
          rows[Int(row.integer(at: 12))] = read(row, nil)
          return nil
        }
        return rows
      }
    }
    var listed: [Listed] = []
    listed.reserveCapacity(chosen.count)
    for index in chosen.indices {
      if let value = chosen[index].listed.take() ?? rows.removeValue(forKey: chosen[index].rowid) {
        listed.append(value)
      }
    }
    return listed
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

  /// The whole rows (``placeColumns``, then the rowid) of the places whose rowids a JSON array lists.
  static let rowSQL = """
    SELECT \(placeColumns), place.rowid FROM json_each(?) AS ids JOIN place ON place.rowid = ids.value
    """
}
