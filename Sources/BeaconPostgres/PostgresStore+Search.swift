import BeaconCore
import Foundation

extension PostgresStore {
  /// The stored places of `category` within `radiusMeters` of `center` whose name, address or cuisine contain every
  /// word of `text` (``PostgresTextSearch``), nearest first; with `limit`, the `limit` nearest.
  ///
  /// PostGIS narrows (the GiST index on `location`: `ST_DWithin` for the radius, `<->` for the nearest), then the
  /// distance of ``Coordinate/distance(to:)`` decides, as on the SQLite store: the sphere PostGIS measures on is
  /// not quite that one, so the narrowing reaches 1 % (and 2 m) further than asked.
  package func offlinePlaces(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    limit: Int?
  ) throws(BeaconError) -> [Place] {
    try offlinePlaces(
      near: center,
      radiusMeters: radiusMeters,
      category: category,
      text: text,
      limit: limit,
      filters: PlaceFilters(),
      keeping: .matching
    )
  }

  /// ``offlinePlaces(near:radiusMeters:category:text:limit:)`` of the places `filters` keep (``PostgresFacts``):
  /// those that match them, or those no known filter rules out.
  package func offlinePlaces(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    limit: Int?,
    filters: PlaceFilters,
    keeping: PostgresFacts.Keep
  ) throws(BeaconError) -> [Place] {
    guard let limit else {
      let reach = Self.widened(Double(radiusMeters))
      let search = SearchArea(center: center, category: category, text: text, filters: filters, keeping: keeping)
      let found = try run { try query(search, within: reach, nearestFirst: nil) }
      return Self.exact(found.map(\.place), center: center, radiusMeters: radiusMeters)
    }
    return Array(
      try nearest(limit, to: center, radiusMeters: radiusMeters, category: category, text: text, filters: filters)
        .prefix(limit)
    )
  }

  /// The `limit` places nearest to `center` within `radiusMeters` (category and text as in
  /// ``offlinePlaces(near:radiusMeters:category:text:limit:)``), nearest first, and after them every place as near
  /// in whole metres (+1) as the last of them: all that can make the first `limit` of a list sorted by distance in
  /// whole metres, then by name. Two statements: the `limit` nearest by the GiST index (KNN), then the places
  /// within the last one's distance, widened. With `filters`, of the places that match them (decided in SQL).
  package func nearest(
    _ limit: Int,
    to center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    filters: PlaceFilters = PlaceFilters()
  ) throws(BeaconError) -> [Place] {
    var reach = Self.widened(Double(radiusMeters))
    let search = SearchArea(center: center, category: category, text: text, filters: filters, keeping: .matching)
    // The `limit` nearest by PostGIS's measure; everything that can come before the last of them by ours, or tie
    // with it in whole metres, lies within its distance, widened.
    let knn = try run { try query(search, within: reach, nearestFirst: limit) }
    guard knn.count == limit, let last = knn.last?.distance else {
      return Self.exact(knn.map(\.place), center: center, radiusMeters: radiusMeters)
    }
    reach = min(reach, Self.widened(last))
    let found = try run { try query(search, within: reach, nearestFirst: nil) }
    let sorted = Self.exact(found.map(\.place), center: center, radiusMeters: radiusMeters)
    guard sorted.count > limit else { return sorted }
    let cut = (sorted[limit - 1].location.distance(to: center)).rounded() + 1
    return Array(sorted.prefix(limit)) + sorted.dropFirst(limit).prefix { $0.location.distance(to: center) <= cut }
  }

  /// `meters` and a margin for the difference between PostGIS's sphere and ``Coordinate/distance(to:)``'s.
  static func widened(_ meters: Double) -> Double { meters * 1.01 + 2 }

  /// `places` within `radiusMeters` of `center` by ``Coordinate/distance(to:)``, nearest first (ties by id).
  private static func exact(_ places: [Place], center: Coordinate, radiusMeters: Int) -> [Place] {
    let measured: [(place: Place, distance: Double)] = places.map { ($0, $0.location.distance(to: center)) }
    let inside = measured.filter { $0.distance <= Double(radiusMeters) }
    return inside.sorted { a, b in
      a.distance < b.distance || (a.distance == b.distance && a.place.id < b.place.id)
    }
    .map(\.place)
  }

  /// The places within `meters` (PostGIS's sphere) of `center`, of `category`, matching `text`; with `nearestFirst`,
  /// that many, nearest first (KNN on the GiST index). Each comes with its distance on PostGIS's sphere.
  private func query(
    _ search: SearchArea,
    within meters: Double,
    nearestFirst: Int?
  ) throws -> [(place: Place, distance: Double)] {
    let statement = Self.searchStatement(
      center: search.center,
      within: meters,
      category: search.category,
      text: search.text,
      nearestFirst: nearestFirst,
      filters: search.filters,
      user: user,
      keeping: search.keeping
    )
    let withFacts = !search.filters.isEmpty
    return try connection.query(statement.sql, statement.values).compactMap { row in
      guard var place = Self.place(from: row) else { return nil }
      if withFacts { place.facts = PostgresFacts.facts(from: row, at: 13) }
      return (place, row.double(12) ?? .infinity)
    }
  }

  /// The statement ``offlinePlaces(near:radiusMeters:category:text:limit:)`` runs to narrow (its radius query, and
  /// with `nearestFirst` its KNN query), with its parameters: for the search and for tests that `EXPLAIN` it. With
  /// `filters`, the places their facts keep (`user`'s own ratings for `minRating`) and the facts after the distance.
  package static func searchStatement(
    center: Coordinate,
    within meters: Double,
    category: PlaceCategory?,
    text: String?,
    nearestFirst: Int?,
    filters: PlaceFilters = PlaceFilters(),
    user: String = "",
    keeping: PostgresFacts.Keep = .matching
  ) -> (sql: String, values: [(any PostgresBindable)?]) {
    let point = "ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography"
    var values: [(any PostgresBindable)?] = [center.lon, center.lat, meters]
    let facts = PostgresFacts.Conditions(filters, user: user, values: &values)
    var sql =
      "SELECT \(placeColumns), ST_Distance(location, \(point), false)"
      + (filters.isEmpty ? "" : ", \(PostgresFacts.selected)") + " FROM place\(facts.join) "
      + "WHERE ST_DWithin(location, \(point), $3, false)"
    if !facts.filters.isEmpty { sql += " AND " + (keeping == .matching ? facts.match : facts.notFailing) }
    if let category {
      values.append(category.rawValue)
      sql += " AND category = $\(values.count)"
    }
    if let match = PostgresTextSearch.query(text) {
      if !match.isEmpty { values.append(match) }
      sql += " AND " + PostgresTextSearch.condition(match, parameter: values.count)
    }
    if let nearestFirst {
      values.append(nearestFirst)
      sql += " ORDER BY location <-> \(point) LIMIT $\(values.count)"
    }
    return (sql, values)
  }
}
