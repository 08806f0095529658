import BeaconCore
import Foundation

extension PostgresStore {
  /// The stored places within the corridor of `search`'s route that pass its category and filters, summarized
  /// with `alongRouteMeters` and `detourMeters`, in route order (ties by detour, then id), as on the SQLite store.
  ///
  /// The route is cut into stretches of a few hundred metres to a few kilometres (``routeStatement(for:)``); PostGIS
  /// finds the places within each stretch's corridor on the GiST index (`ST_DWithin` on `geography`, reaching 1 %
  /// and 2 m further, as the radius search does), and where they lie along the route is measured in Swift
  /// (``RouteLine/locate(_:pieces:)``, the SQLite store's measure), which decides who is in the corridor. Every
  /// place in the corridor is judged by the filters, so `excludedUnknown` counts all of them. The server holds no
  /// demo data, so `includesDemo` changes nothing.
  package func routeSummaries(for search: RouteSearch, at date: Date) throws(BeaconError) -> FilteredPlaces {
    let route = search.route
    let corridor = Double(search.corridorMeters)
    let stretches = route.stretches(maxMeters: Self.stretchMeters(corridor: corridor))
    let statement = Self.routeStatement(for: search)
    let rows = try run { try connection.query(statement.sql, statement.values) }
    var found: [RouteSearch.Found] = []
    for row in rows {
      guard let place = Self.place(from: row), let first = row.int(12), let last = row.int(13),
        stretches.indices.contains(first - 1), stretches.indices.contains(last - 1)
      else { continue }
      // The stretches that reach it, a piece either side: the route's nearest piece to it is among them.
      let window =
        max(
          0,
          stretches[first - 1].pieces.lowerBound - 1
        )..<min(
          route.pieceCount,
          stretches[last - 1].pieces.upperBound + 1
        )
      let exact = route.locate(place.location, pieces: window)
      if exact.detour <= corridor { found.append((place, exact.along, exact.detour)) }
    }
    found = RouteSearch.ordered(found)
    let filtered = try filteredSummaries(of: found.map(\.place), filters: search.filters, center: nil, at: date)
    return RouteSearch.placing(filtered, as: found)
  }

  /// How long one stretch of route is for a corridor of `corridor` metres: four corridors, at least a kilometre,
  /// so that each stretch's box holds little more than its corridor.
  static func stretchMeters(corridor: Double) -> Double { max(4 * corridor, 1_000) }

  /// The statement ``routeSummaries(for:at:)`` runs, with its parameters (for the search and for tests that
  /// `EXPLAIN` it): each place of the search's category within the widened corridor of some stretch, once, with
  /// the first and last stretch (1-based) that reaches it.
  package static func routeStatement(for search: RouteSearch) -> (sql: String, values: [(any PostgresBindable)?]) {
    let corridor = Double(search.corridorMeters)
    let lines = search.route.stretches(maxMeters: stretchMeters(corridor: corridor)).map { wkt($0.vertices) }
    let columns = placeColumns.split(separator: ", ").map { "place.\($0)" }.joined(separator: ", ")
    // Grouped by the primary key, so the place's other columns come with it (one scan, no join back).
    let sql = """
      SELECT \(columns), min(stretch.n), max(stretch.n)
      FROM unnest($1::text[]) WITH ORDINALITY AS stretch (line, n)
      JOIN place ON ST_DWithin(place.location, ST_GeogFromText(stretch.line), $2, false) AND place.category = $3
      GROUP BY place.id
      """
    return (sql, [PostgresArray(lines), corridor * 1.01 + 2, search.category.rawValue])
  }

  /// `vertices` as a WKT `LINESTRING` (longitude first), or a `POINT` when they are all one position.
  static func wkt(_ vertices: [Coordinate]) -> String {
    var distinct: [Coordinate] = []
    for vertex in vertices where distinct.last != vertex { distinct.append(vertex) }
    let points = distinct.map { String(format: "%.9f %.9f", $0.lon, $0.lat) }
    return points.count == 1
      ? "SRID=4326;POINT(\(points[0]))" : "SRID=4326;LINESTRING(\(points.joined(separator: ",")))"
  }
}
