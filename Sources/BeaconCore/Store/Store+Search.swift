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
    let box = Self.boundingBox(around: center, radiusMeters: Double(radiusMeters))
    let match = Self.fullTextQuery(text)
    var values: [any DatabaseValueConvertible] = [box.minLat, box.maxLat, box.minLon, box.maxLon]
    if let category { values.append(category.rawValue) }
    if excludingDemo { values.append(DemoDataset.source) }
    if let match { values.append(match) }
    var sql = Self.searchSQL(category: category != nil, text: match != nil, excludingDemo: excludingDemo)
    var read = Self.place(from:)
    if !filters.isEmpty {
      // The facts come along (one primary-key lookup per place in the box); places their data rules out are
      // dropped here, the rest are judged by `filteredSummaries`.
      let conditions = Self.factConditions(filters)
      sql = Self.searchSQL(
        category: category != nil,
        text: match != nil,
        excludingDemo: excludingDemo,
        factConditions: conditions.sql
      )
      values += conditions.values
      read = Self.placeWithFacts(from:)
    }
    let found: [Place] = try storage { try database.query(sql, values).compactMap(read) }
    return
      found
      .map { (place: $0, distance: $0.location.distance(to: center)) }
      .filter { $0.distance <= Double(radiusMeters) }
      .sorted { $0.distance < $1.distance }
      .map(\.place)
  }

  /// What an offline search finds, summarized, in one visit to the store: the demo data loaded first if the
  /// store does not have it yet, then the places around the centre (only the nearest when sorted by
  /// distance: nothing else can make the list). Once the user has imported places, the demo places are left
  /// out unless the search includes them.
  /// With filters, every place in the area is judged, so `excludedUnknown` counts all of them (from `place_cell`
  /// when the filters are facts: ``cellSearch(_:excludingDemo:at:)``).
  package func storedSummaries(for search: PlaceSearch, at date: Date) throws(BeaconError) -> FilteredPlaces {
    try loadDemoDataIfNeeded()
    let excludingDemo = try excludesDemo(unlessAsked: search.includesDemo)
    if let judged = try cellSearch(search, excludingDemo: excludingDemo, at: date) { return judged }
    let found =
      search.sort == .distance && !search.openNow && search.filters.isEmpty
      ? try nearest(
        search.limit,
        to: search.center,
        within: search.radiusMeters,
        category: search.category,
        text: search.text,
        excludingDemo: excludingDemo
      )
      : try places(
        near: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text,
        excludingDemo: excludingDemo,
        filters: search.filters
      )
    return try filteredSummaries(of: found, filters: search.filters, center: search.center, at: date)
  }

  /// At least the `limit` places nearest to `center` within `radiusMeters` (category and text as in
  /// ``places(near:radiusMeters:category:text:)``), nearest first: every place that can be among the first
  /// `limit` when sorted by distance in whole metres, and few others.
  ///
  /// The box grows from a sixteenth of the radius, four times at a time (sixteen times while it is empty), until it
  /// holds `limit` places clearly (2 m) inside its circle: nothing outside can then come first, and a dense store answers from a small box
  /// (at a million places a 1 km search reads ~30 rows instead of ~1 300).
  package func nearest(
    _ limit: Int,
    to center: Coordinate,
    within radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    excludingDemo: Bool = false
  ) throws(BeaconError) -> [Place] {
    let radius = Double(radiusMeters)
    var reach = max(min(radius, 100), radius / 16)
    while true {
      let found = try places(
        near: center,
        radiusMeters: Int(reach.rounded(.up)),
        category: category,
        text: text,
        excludingDemo: excludingDemo
      )
      let clearlyInside = found.prefix { $0.location.distance(to: center) <= reach - 2 }.count
      if clearlyInside >= limit || reach >= radius {
        return found.filter { $0.location.distance(to: center) <= radius }
      }
      // An empty box says the places are sparse here: a box four times as wide would most likely be empty too.
      reach = min(reach * (found.isEmpty ? 16 : 4), radius)
    }
  }

  /// The query behind ``places(near:radiusMeters:category:text:)``: the box (4 values), then the category and
  /// the demo source and the full-text query when asked for. The R*Tree drives it (tested with `EXPLAIN QUERY PLAN`).
  /// With `factConditions` (from ``factConditions(_:)``), the facts join in and their conditions follow.
  static func searchSQL(
    category: Bool,
    text: Bool,
    excludingDemo: Bool = false,
    factConditions: String? = nil
  ) -> String {
    // Overlap, not containment: the R*Tree keeps 32-bit floats rounded outwards, so a point on the edge of
    // the box may be stored a little beyond it.
    let columns = factConditions == nil ? placeColumns : placeColumns + ", " + factColumns
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

  /// The apostrophes text search ignores (the full-text index holds names without them, migration 9).
  static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`", "\u{00B4}"]

  /// An FTS5 query matching every word of `text` as a prefix; `nil` when there are no words.
  ///
  /// Apostrophes are dropped ("robert's" and "roberts" both find "Robert's Coffee"), other punctuation
  /// separates words as it does in the index.
  static func fullTextQuery(_ text: String?) -> String? {
    let words = (text ?? "").filter { !apostrophes.contains($0) }
      .split(whereSeparator: { $0.isWhitespace || $0.isPunctuation || $0.isSymbol }).map(String.init)
    guard !words.isEmpty else { return nil }
    // Each word is a quoted string (quotes doubled), so FTS5 syntax in user text is taken literally.
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
  }
}
