import BeaconCore
import Foundation

extension PostgresStore {
  /// A filtered offline search decided in SQL on the places' fact columns (``PostgresFacts``): only the places that
  /// match are read — sorted by distance without `openNow`, only the nearest of them (KNN with the `limit`,
  /// ``nearest(_:to:radiusMeters:category:text:filters:)``) — and those left out for lack of data are counted by
  /// the server (``unknownCounts(_:)``). The same places and counts as judging every place in Swift, as the SQLite
  /// store does.
  ///
  /// - Returns: `nil` when the filters need opening times (read in Swift) or there are none.
  func decidedSummaries(for search: PlaceSearch, at date: Date) throws(BeaconError) -> FilteredPlaces? {
    guard PostgresFacts.decidable(search.filters) else { return nil }
    let counts = try unknownCounts(search)
    let found =
      search.sort == .distance && !search.openNow
      ? try nearest(
        search.limit,
        to: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text,
        filters: search.filters
      )
      : try offlinePlaces(
        near: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text,
        limit: nil,
        filters: search.filters,
        keeping: .matching
      )
    return FilteredPlaces(places: try summaries(of: found, center: search.center, at: date), excludedUnknown: counts)
  }

  /// Per filter of `search`, the places within its radius (by ``Coordinate/distance(to:)``) that no known filter
  /// rules out but whose data says nothing about that filter: counted by the server for the places surely inside
  /// the circle, and for those near its edge (where PostGIS's sphere and ours may disagree) from their positions.
  func unknownCounts(_ search: PlaceSearch) throws(BeaconError) -> [String: Int] {
    let statement = Self.unknownStatement(
      center: search.center,
      radiusMeters: search.radiusMeters,
      category: search.category,
      text: search.text,
      filters: search.filters,
      user: user
    )
    let rows = try run { try connection.query(statement.sql, statement.values) }
    var counts = Dictionary(uniqueKeysWithValues: search.filters.active.map { ($0.rawValue, 0) })
    for row in rows {
      guard let mask = row.int(2), let count = row.int(3) else { continue }
      if let latitude = row.double(0), let longitude = row.double(1),
        Coordinate(lat: latitude, lon: longitude).distance(to: search.center) > Double(search.radiusMeters)
      {
        continue
      }
      for (bit, name) in statement.names.enumerated() where mask & (1 << bit) != 0 {
        counts[name.rawValue, default: 0] += count
      }
    }
    return counts
  }

  /// The statement of ``unknownCounts(_:)``, with its parameters and the filter of each bit of its masks: rows of
  /// latitude and longitude (`NULL` for places surely inside the circle), the mask of filters unknown and how many
  /// places share them. For the search and for tests that `EXPLAIN` it.
  package static func unknownStatement(
    center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    filters: PlaceFilters,
    user: String
  ) -> (sql: String, values: [(any PostgresBindable)?], names: [PlaceFilters.Name]) {
    let point = "ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography"
    // Surely inside: PostGIS's distance and ours differ by far less than the 1 % (and 2 m) allowed for.
    let inside = max(0, (Double(radiusMeters) - 2) / 1.01)
    var values: [(any PostgresBindable)?] = [center.lon, center.lat, widened(Double(radiusMeters)), inside]
    let facts = PostgresFacts.Conditions(filters, user: user, values: &values)
    var conditions = "ST_DWithin(location, \(point), $3, false) AND \(facts.notFailing)"
    if let category {
      values.append(category.rawValue)
      conditions += " AND category = $\(values.count)"
    }
    if let match = PostgresTextSearch.query(text) {
      if !match.isEmpty { values.append(match) }
      conditions += " AND " + PostgresTextSearch.condition(match, parameter: values.count)
    }
    let sql = """
      SELECT CASE WHEN inside THEN NULL ELSE latitude END, CASE WHEN inside THEN NULL ELSE longitude END, mask, count(*)
      FROM (SELECT ST_DWithin(location, \(point), $4, false) AS inside, latitude, longitude,
          \(facts.unknownMask) AS mask
        FROM place\(facts.join) WHERE \(conditions)) AS candidates
      WHERE mask <> 0 GROUP BY 1, 2, 3
      """
    return (sql, values, facts.filters.map(\.name))
  }

  /// Works out the facts of the places stored without them (``PostgresFacts``; places stored before migration 8,
  /// and those a write just stored), `batch` at a time, each batch in `transaction` (the caller's own when it is in
  /// one). Rows another connection holds are passed over (`SKIP LOCKED`): that connection fills them, so several
  /// processes opening an upgraded store at once neither wait for nor deadlock each other.
  static func fillFacts(
    _ connection: PostgresConnection,
    batch: Int = 1_000,
    transaction: (() throws -> Int) throws -> Int = { try $0() }
  ) throws {
    while try transaction({ try fillFactBatch(connection, batch: batch) }) == batch {}
  }

  /// Fills the facts of up to `batch` places stored without them, in the caller's transaction; returns how many.
  private static func fillFactBatch(_ connection: PostgresConnection, batch: Int) throws -> Int {
    let rows = try connection.query(
      "SELECT id, cuisine, details FROM place WHERE NOT facts_filled ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED",
      [batch]
    )
    var columns: [[String]] = Array(repeating: [], count: 7)
    for row in rows {
      guard let id = row.string(0) else { continue }
      let facts = ImportFacts.storedFacts(detailsJSON: row.string(2), cuisine: row.string(1))
      let diet = facts.diet.reduce(0) { $0 | $1.bit }
      let known = facts.knownDiets.reduce(0) { $0 | $1.bit }
      let cuisine: String = facts.cuisine?.joined(separator: ";") ?? ""
      let outdoor: String = facts.outdoorSeating.map { $0 ? "true" : "false" } ?? ""
      let takeaway: String = facts.takeaway.map { $0 ? "true" : "false" } ?? ""
      let fields: [String] = [
        id, String(diet), String(known), cuisine, facts.wheelchair?.rawValue ?? "", outdoor, takeaway,
      ]
      for (index, field) in fields.enumerated() { columns[index].append(field) }
    }
    guard !rows.isEmpty else { return 0 }
    try connection.query(
      """
      UPDATE place SET fact_diet = f.diet::integer, fact_diet_known = f.known::integer,
        fact_cuisine = string_to_array(nullif(f.cuisine, ''), ';'), fact_wheelchair = nullif(f.wheelchair, ''),
        fact_outdoor_seating = nullif(f.outdoor, '')::boolean, fact_takeaway = nullif(f.takeaway, '')::boolean,
        facts_filled = true
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
        AS f(id, diet, known, cuisine, wheelchair, outdoor, takeaway)
      WHERE place.id = f.id
      """,
      columns.map(PostgresArray.init)
    )
    return rows.count
  }
}
