import Foundation

extension Store {
  /// The stored places of `category` within `radiusMeters` of `center` whose name, address or cuisine
  /// contain every word of `text` (word prefixes, case, accents and apostrophes ignored), nearest first; with
  /// `excludingDemo`, none of the demo places.
  ///
  /// Uses the R*Tree for the bounding box and FTS5 for the text, then the exact distance.
  package func places(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    excludingDemo: Bool = false,
    filters: PlaceFilters = PlaceFilters()
  ) throws(BeaconError) -> [Place] {
    try placesWithDistances(
      near: center,
      radiusMeters: radiusMeters,
      category: category,
      text: text,
      excludingDemo: excludingDemo,
      filters: filters
    )
    .map(\.place)
  }

  /// ``places(near:radiusMeters:category:text:excludingDemo:filters:)`` with each place's distance from `center`.
  ///
  /// A row's distance is worked out from its position before the row is made into a `Place`: a place beyond the
  /// radius (the box's corners) costs no `Place`.
  func placesWithDistances(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    excludingDemo: Bool = false,
    filters: PlaceFilters = PlaceFilters()
  ) throws(BeaconError) -> [(place: Place, distance: Double)] {
    let match = Self.fullTextQuery(text)
    guard !filters.isEmpty else {
      return try boxRows(
        near: center,
        radiusMeters: radiusMeters,
        category: category,
        match: match,
        excludingDemo: excludingDemo,
        reading: { row, _ in listedPlace(from: row) }
      )
      .compactMap { candidate in candidate.listed.map { ($0, candidate.distance) } }
    }
    let box = Self.boundingBox(around: center, radiusMeters: Double(radiusMeters))
    let radius = Double(radiusMeters)
    // The facts come along (one primary-key lookup per place in the box); places their data rules out are
    // dropped here, the rest are judged by `filteredSummaries`.
    var values: [any DatabaseValueConvertible] = [box.minLat, box.maxLat, box.minLon, box.maxLon]
    if let category { values.append(category.rawValue) }
    if excludingDemo { values.append(DemoDataset.source) }
    if let match { values.append(match) }
    let conditions = Self.factConditions(filters)
    let sql = Self.searchSQL(
      category: category != nil,
      text: match != nil,
      excludingDemo: excludingDemo,
      factConditions: conditions.sql
    )
    values += conditions.values
    // Columns 3 and 4 are the position `Place(stored:)` reads.
    let found: [(place: Place, distance: Double)] = try storage {
      try database.query(sql, values) { row in
        guard let lat = row.double(3), let lon = row.double(4) else { return nil }
        let distance = Coordinate(lat: lat, lon: lon).distance(to: center)
        guard distance <= radius, let place = Self.placeWithFacts(from: row) else { return nil }
        return (place, distance)
      }
    }
    return found.sorted { $0.distance < $1.distance }
  }

  /// The rows of the box around `center` (of `category`, matching the full-text query `match`, without the demo
  /// places when asked) within `radiusMeters`, each made into what `read` makes of it where it stands (no `Row` in
  /// between), nearest first; their rowids are not read (0).
  ///
  /// A row's distance is worked out from its position (columns 3 and 4) before `read` runs: a place beyond the radius
  /// (the box's corners) is not read further.
  func boxRows<Listed>(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    match: String?,
    excludingDemo: Bool,
    reading read: RowReader<Listed>
  ) throws(BeaconError) -> [Candidate<Listed>] {
    let box = Self.boundingBox(around: center, radiusMeters: Double(radiusMeters))
    let radius = Double(radiusMeters)
    let slot = StatementSlot.box(
      category: category != nil,
      text: match != nil,
      excludingDemo: excludingDemo,
      candidates: false
    )
    let sql = { Self.searchSQL(category: category != nil, text: match != nil, excludingDemo: excludingDemo) }
    var found: [Candidate<Listed>] = try storage {
      try database.query(
        slot,
        sql,
        capacity: 8,
        binding: { statement throws(SQLiteError) in
          try Self.bindBox(statement, box, category: category, excludingDemo: excludingDemo, match: match)
        },
        reading: { row in
          guard let lat = row.double(3), let lon = row.double(4) else { return nil }
          let distance = Coordinate(lat: lat, lon: lon).distance(to: center)
          guard distance <= radius, let listed = read(row, distance) else { return nil }
          return (0, distance, listed)
        }
      )
    }
    found.sort { $0.distance < $1.distance }
    return found
  }

  /// What an offline search finds, summarized, in one visit to the store: the demo data loaded first if the
  /// store does not have it yet, then the places around the centre (only the nearest when sorted by
  /// distance: nothing else can make the list). Once the user has imported places, the demo places are left
  /// out unless the search includes them. All of it reads one state of the store (``inSearchSnapshot(_:)``).
  /// With filters, every place in the area is judged, so `excludedUnknown` counts all of them (from `place_cell`
  /// when the filters are facts: ``cellSearch(_:excludingDemo:at:)``).
  package func storedSummaries(for search: PlaceSearch, at date: Date) throws(BeaconError) -> FilteredPlaces {
    try loadDemoDataIfNeeded()
    listedFacts.removeAll(keepingCapacity: true)
    // One read transaction: the facts (an import? any marks?) are read once, and usually remembered.
    return try inSearchSnapshot { facts throws(BeaconError) in
      let excludingDemo = !search.includesDemo && facts.hasImportedArea
      if let judged = try cellSearch(search, excludingDemo: excludingDemo, at: date) { return judged }
      if search.sort == .distance && !search.openNow && search.filters.isEmpty {
        // The chosen rows are made into their summaries where they stand: no `Place` on the way.
        let rows = try nearest(
          search.limit,
          to: search.center,
          within: search.radiusMeters,
          category: search.category,
          text: search.text,
          excludingDemo: excludingDemo,
          reading: { row, distance in rowSummary(from: row, distance: distance, center: search.center) }
        )
        return FilteredPlaces(places: try summaries(of: rows, at: date), excludedUnknown: nil)
      }
      let found = try places(
        near: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text,
        excludingDemo: excludingDemo,
        filters: search.filters
      )
      return try filteredSummaries(of: found, filters: search.filters, center: search.center, at: date)
    }
  }

  /// The query behind ``places(near:radiusMeters:category:text:)``: the box (4 values), then the category and
  /// the demo source and the full-text query when asked for. The R*Tree drives it (tested with `EXPLAIN QUERY PLAN`).
  /// With `factConditions` (from ``factConditions(_:)``), the facts join in and their conditions follow. `columns`
  /// are what it reads of each place (``placeColumns`` unless given; ``factColumns`` follow with `factConditions`).
  static func searchSQL(
    category: Bool,
    text: Bool,
    excludingDemo: Bool = false,
    factConditions: String? = nil,
    columns: String = placeColumns
  ) -> String {
    // Overlap, not containment: the R*Tree keeps 32-bit floats rounded outwards, so a point on the edge of
    // the box may be stored a little beyond it.
    let columns = factConditions == nil ? columns : columns + ", " + factColumns
    var sql = """
      SELECT \(columns) FROM place_rtree JOIN place ON place.rowid = place_rtree.place_rowid\(factConditions == nil ? "" : factJoin)
      WHERE place_rtree.max_latitude >= ? AND place_rtree.min_latitude <= ?
        AND place_rtree.max_longitude >= ? AND place_rtree.min_longitude <= ?
      """
    if category {
      // `+` keeps the planner on the R*Tree: with the plain column it prefers the category index and looks up
      // the box for every place of the category (200× slower at 10 000 places, see Benchmarks/README.md).
      sql += " AND +place.category = ?"
    }
    if excludingDemo { sql += " AND +place.source <> ?" }
    if text { sql += " AND place.rowid IN (SELECT rowid FROM place_fts WHERE place_fts MATCH ?)" }
    if let factConditions { sql += factConditions }
    return sql
  }

  /// Binds the values of a box query of ``searchSQL(category:text:excludingDemo:factConditions:columns:)`` without
  /// facts: the box (4 values), then the category, the demo source and the full-text query `match` when given.
  static func bindBox(
    _ statement: Statement,
    _ box: (minLat: Double, maxLat: Double, minLon: Double, maxLon: Double),
    category: PlaceCategory?,
    excludingDemo: Bool,
    match: String?
  ) throws(SQLiteError) {
    try statement.bind(box.minLat, at: 1)
    try statement.bind(box.maxLat, at: 2)
    try statement.bind(box.minLon, at: 3)
    try statement.bind(box.maxLon, at: 4)
    var index: Int32 = 5
    if let category {
      try statement.bind(category.rawValue, at: index)
      index += 1
    }
    if excludingDemo {
      try statement.bind(DemoDataset.source, at: index)
      index += 1
    }
    if let match { try statement.bind(match, at: index) }
  }

  /// The latitude and longitude range holding every point within `radiusMeters` of `center` on the sphere
  /// of ``Coordinate/distance(to:)``: the spatial index only narrows the candidates, so it must never be
  /// smaller than the circle.
  static func boundingBox(
    around center: Coordinate,
    radiusMeters: Double
  )
    -> (minLat: Double, maxLat: Double, minLon: Double, maxLon: Double)
  {
    let angle = radiusMeters / Coordinate.earthRadiusMeters
    let latitudeDelta = angle * 180 / .pi
    let minLat = center.lat - latitudeDelta
    let maxLat = center.lat + latitudeDelta
    // The widest longitude of a circle on the sphere: asin(sin(angle) / cos(lat)); every longitude when the
    // circle reaches a pole.
    let ratio = sin(min(angle, .pi / 2)) / cos(center.lat * .pi / 180)
    guard minLat > -90, maxLat < 90, ratio < 1 else { return (minLat, maxLat, -180, 180) }
    let longitudeDelta = asin(ratio) * 180 / .pi
    let minLon = center.lon - longitudeDelta
    let maxLon = center.lon + longitudeDelta
    // Across the antimeridian: every longitude (the exact distance still decides).
    guard minLon >= -180, maxLon <= 180 else { return (minLat, maxLat, -180, 180) }
    return (minLat, maxLat, minLon, maxLon)
  }

  /// An FTS5 query matching every word of `text` (``SearchWords``) as a prefix; `nil` for no text filter
  /// (``SearchWords/isBlank(_:)``). Text with no words matches no place: `""`, an empty phrase.
  static func fullTextQuery(_ text: String?) -> String? {
    guard !SearchWords.isBlank(text), let text else { return nil }
    let words = SearchWords.split(SearchWords.withoutApostrophes(text))
    guard !words.isEmpty else { return "\"\"" }
    // Each word is a quoted string (quotes doubled), so FTS5 syntax in user text is taken literally.
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
  }

  /// ``place(from:)`` for a row of ``placeColumns`` (a box of
  /// ``searchSQL(category:text:excludingDemo:factConditions:columns:)`` without facts, or ``rowSQL``), with the details
  /// text of ``factsByPlace`` when the row holds the same bytes: a place listed again (a client searching the same area
  /// as the map moves) costs no new copy of its details and no second comparison in ``resolvedFacts(of:)``. The id read
  /// for the look-up is the place's (not read twice).
  func listedPlace(from row: Statement) -> Place? {
    guard let id = row.string(0) else { return nil }
    guard let known = factsByPlace[id], row.text(7, equals: known.details) else {
      return Place(stored: KnownColumns(row: row, id: id, details: nil))
    }
    noteListed(id, known)
    return Place(stored: KnownColumns(row: row, id: id, details: known.details))
  }
}

/// A row of ``Store/placeColumns`` whose id (column 0) is already read, and its details text (column 7) known to be
/// `details` unless `nil`.
private struct KnownColumns: StoredColumns {
  let row: Statement
  let id: String
  let details: String?

  func string(_ index: Int) -> String? {
    switch index {
    case 0: id
    case 7: details ?? row.string(7)
    default: row.string(index)
    }
  }
  func double(_ index: Int) -> Double? { row.double(index) }
  func int(_ index: Int) -> Int? { row.int(index) }
}
