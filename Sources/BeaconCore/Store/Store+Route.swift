import Foundation

extension Store {
  /// A place near a route, found in the spatial index: where it lies along the route (from the R*Tree's
  /// coordinates, within half a metre) and the piece it is nearest.
  struct RouteCandidate {
    var rowid: Int64
    var along: Double
    var detour: Double
    var piece: Int
  }

  /// The R*Tree's entries in a box: only rowids and coordinates, no row of `place` read.
  static let routeBoxSQL = """
    SELECT place_rowid, min_latitude, max_latitude, min_longitude, max_longitude FROM place_rtree
    WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
    """

  /// How far beyond the corridor a candidate from the R*Tree is kept (its 32-bit coordinates are within half a
  /// metre); the exact coordinates decide after.
  static let routeCandidateMargin = 2.0

  /// How many candidates one read of `place` takes.
  static let routeBatchSize = 64

  /// The stored places within the corridor of `search`'s route that pass its category and filters, summarized
  /// with `alongRouteMeters` and `detourMeters`, in route order; the demo data loaded first if the store does not
  /// have it yet.
  ///
  /// First the R*Tree alone, box by box along the route (``RouteLine/chunks(corridorMeters:maxLength:maxWaste:)``),
  /// gives every place near enough with where it lies along the route; then the places are read by rowid in route
  /// order, category and filters in SQL as in ``places(near:radiusMeters:category:text:excludingDemo:filters:)``.
  /// In route order without filters, reading stops once `limit` places are settled; otherwise every place in the
  /// corridor is judged, so `excludedUnknown` counts all of them.
  public func routeSummaries(for search: RouteSearch, at date: Date) throws(BeaconError) -> FilteredPlaces {
    try loadDemoDataIfNeeded()
    let excludingDemo = try excludesDemo(unlessAsked: search.includesDemo)
    let corridor = Double(search.corridorMeters)
    let candidates = try routeCandidates(search.route, corridor: corridor)
    let stopsEarly = search.sort == .distance && !search.openNow && search.filters.isEmpty
    let conditions = search.filters.isEmpty ? nil : Self.factConditions(search.filters)
    // The rowid comes last, after the place's columns and (with filters) its facts.
    let rowidColumn = conditions == nil ? 12 : 18
    var sql = """
      SELECT \(Self.placeColumns)\(conditions == nil ? "" : ", " + Self.factColumns), place.rowid FROM place\
      \(conditions == nil ? "" : Self.factJoin)
      WHERE place.rowid IN (SELECT value FROM json_each(?)) AND +place.category = ?
      """
    if excludingDemo { sql += " AND +place.source <> ?" }
    if let conditions { sql += conditions.sql }
    let read = conditions == nil ? Self.place(from:) : Self.placeWithFacts(from:)
    var found: [(place: Place, along: Double, detour: Double)] = []
    var next = 0
    while next < candidates.count {
      let batch = candidates[next..<min(next + Self.routeBatchSize, candidates.count)]
      next = batch.endIndex
      let byRowid = Dictionary(batch.map { ($0.rowid, $0) }, uniquingKeysWith: { first, _ in first })
      let list = "[" + batch.map { String($0.rowid) }.joined(separator: ",") + "]"
      var values: [any DatabaseValueConvertible] = [list, search.category.rawValue]
      if excludingDemo { values.append(DemoDataset.source) }
      values += conditions?.values ?? []
      let rows = try storage { try database.query(sql, values) }
      for row in rows {
        guard let rowid = row.int(rowidColumn), let candidate = byRowid[Int64(rowid)], let place = read(row)
        else { continue }
        let window = max(0, candidate.piece - 1)..<min(search.route.pieces.count, candidate.piece + 2)
        let exact = search.route.locate(place.location, pieces: window)
        if exact.detour <= corridor { found.append((place, exact.along, exact.detour)) }
      }
      // In route order, the places settled so far are final once `limit` of them lie before every candidate
      // still unread (whose positions may be off by the margin).
      if stopsEarly, found.count >= search.limit, next < candidates.count {
        let alongs = found.map(\.along).sorted()
        if alongs[search.limit - 1] + Self.routeCandidateMargin < candidates[next].along { break }
      }
    }
    found.sort { ($0.along, $0.detour, $0.place.id) < ($1.along, $1.detour, $1.place.id) }
    var filtered = try filteredSummaries(of: found.map(\.place), filters: search.filters, center: nil, at: date)
    let positions = Dictionary(
      found.map { ($0.place.id, (along: $0.along, detour: $0.detour)) },
      uniquingKeysWith: { first, _ in first }
    )
    for index in filtered.places.indices {
      guard let position = positions[filtered.places[index].id] else { continue }
      filtered.places[index].alongRouteMeters = Int(position.along.rounded())
      filtered.places[index].detourMeters = Int(position.detour.rounded())
    }
    return filtered
  }

  /// Every place in the R*Tree within `corridor` (plus the margin) of `route`, each once with its nearest piece,
  /// in route order.
  func routeCandidates(_ route: RouteLine, corridor: Double) throws(BeaconError) -> [RouteCandidate] {
    let reach = corridor + Self.routeCandidateMargin
    let chunks = route.chunks(corridorMeters: reach, maxLength: max(4 * corridor, 1_000), maxWaste: 2.5)
    var best: [Int64: RouteCandidate] = [:]
    try storage {
      let statement = try database.statement(Self.routeBoxSQL)
      defer { statement.reset() }
      for chunk in chunks {
        try statement.bind([chunk.minLat, chunk.maxLat, chunk.minLon, chunk.maxLon])
        while try statement.step() {
          let rowid = statement.integer(at: 0)
          let point = Coordinate(
            lat: (statement.real(at: 1) + statement.real(at: 2)) / 2,
            lon: (statement.real(at: 3) + statement.real(at: 4)) / 2
          )
          var nearest = RouteCandidate(rowid: rowid, along: 0, detour: .infinity, piece: 0)
          for index in chunk.pieces {
            let found = RouteLine.locate(point, on: route.pieces[index])
            if found.detour < nearest.detour {
              nearest = RouteCandidate(rowid: rowid, along: found.along, detour: found.detour, piece: index)
            }
          }
          guard nearest.detour <= reach else { continue }
          if let known = best[rowid], known.detour <= nearest.detour { continue }
          best[rowid] = nearest
        }
      }
    }
    return best.values.sorted { ($0.along, $0.rowid) < ($1.along, $1.rowid) }
  }
}
