import Foundation

extension Store {
  /// A place near a route, found in the spatial index: where it lies along the route (from the R*Tree's
  /// coordinates, within half a metre) and the piece it is nearest.
  struct RouteCandidate {
    var rowid: Int64
    /// Where the R*Tree has it.
    var point: Coordinate
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
  /// The route's corridor is covered by boxes (``RouteLine/chunks(corridorMeters:maxLength:maxWaste:)``); the
  /// R*Tree alone (rowids and coordinates, no row of `place`) gives every place in each box with where it lies
  /// along the route, each place kept once with its smallest detour. Then the places are read by rowid in route
  /// order, category and filters in SQL as in ``places(near:radiusMeters:category:text:excludingDemo:filters:)``.
  ///
  /// In route order without filters, box follows box only until `limit` places are settled: those before the next
  /// box's stretch that no later stretch comes nearer to. Otherwise every place in the corridor is judged, so
  /// `excludedUnknown` counts all of them.
  package func routeSummaries(for search: RouteSearch, at date: Date) throws(BeaconError) -> FilteredPlaces {
    try loadDemoDataIfNeeded()
    let excludingDemo = try excludesDemo(unlessAsked: search.includesDemo)
    let route = search.route
    let corridor = Double(search.corridorMeters)
    let reach = corridor + Self.routeCandidateMargin
    let chunks = route.chunks(corridorMeters: reach, maxLength: max(4 * corridor, 1_000), maxWaste: 2.5)
    let reader = RouteReader(search: search, excludingDemo: excludingDemo)
    var best: [Int64: RouteCandidate] = [:]
    var found: [RouteSearch.Found] = []
    if search.sort == .distance && !search.openNow && search.filters.isEmpty {
      var pending: Set<Int64> = []
      for index in chunks.indices {
        pending.formUnion(try scan(chunks[index], of: route, reach: reach, into: &best))
        let nextStart = index + 1 < chunks.count ? route.pieces[chunks[index + 1].pieces.lowerBound].along : .infinity
        var ready: [RouteCandidate] = []
        for rowid in pending {
          guard let candidate = best[rowid], candidate.along < nextStart - Self.routeCandidateMargin,
            !Self.nearer(candidate, on: route, in: chunks[(index + 1)...])
          else { continue }
          ready.append(candidate)
        }
        for candidate in ready { pending.remove(candidate.rowid) }
        // Read in route order, a batch at a time, until `limit` places lie before every candidate still unread
        // (those of this stretch, then every place still to come, at least `nextStart` along the route).
        ready.sort { ($0.along, $0.rowid) < ($1.along, $1.rowid) }
        var settled = false
        var next = 0
        while !settled && next < ready.count {
          let batch = Array(ready[next..<min(next + Store.routeBatchSize, ready.count)])
          next += batch.count
          found += try reader.read(batch, from: self)
          let unread = next < ready.count ? ready[next].along : nextStart
          settled =
            found.count >= search.limit
            && found.map(\.along).sorted()[search.limit - 1] < unread - 2 * Self.routeCandidateMargin
        }
        if settled { break }
      }
      // Only the first `limit` in whole metres along the route (and any tied with the last) can make the list:
      // the others cost no summary.
      if found.count > search.limit {
        let cutoff = found.map { $0.along.rounded() }.sorted()[search.limit - 1]
        found = found.filter { $0.along.rounded() <= cutoff }
      }
    } else {
      for chunk in chunks { _ = try scan(chunk, of: route, reach: reach, into: &best) }
      found = try reader.read(best.values.sorted { ($0.along, $0.rowid) < ($1.along, $1.rowid) }, from: self)
    }
    found = RouteSearch.ordered(found)
    let filtered = try filteredSummaries(of: found.map(\.place), filters: search.filters, center: nil, at: date)
    return RouteSearch.placing(filtered, as: found)
  }

  /// Whether a stretch among `chunks` comes nearer to `candidate` than its detour so far.
  static func nearer(_ candidate: RouteCandidate, on route: RouteLine, in chunks: ArraySlice<RouteLine.Chunk>) -> Bool {
    let point = candidate.point
    for chunk in chunks
    where (chunk.minLat...chunk.maxLat).contains(point.lat) && (chunk.minLon...chunk.maxLon).contains(point.lon) {
      if route.locate(point, pieces: chunk.pieces).detour < candidate.detour { return true }
    }
    return false
  }

  /// The places in `chunk`'s box within `reach` of its pieces, merged into `best` (each place with its smallest
  /// detour); returns the rowids added or moved.
  func scan(
    _ chunk: RouteLine.Chunk,
    of route: RouteLine,
    reach: Double,
    into best: inout [Int64: RouteCandidate]
  ) throws(BeaconError) -> [Int64] {
    var changed: [Int64] = []
    try storage {
      let statement = try database.statement(Self.routeBoxSQL)
      defer { statement.reset() }
      try statement.bind([chunk.minLat, chunk.maxLat, chunk.minLon, chunk.maxLon])
      while try statement.step() {
        let rowid = statement.integer(at: 0)
        let point = Coordinate(
          lat: (statement.real(at: 1) + statement.real(at: 2)) / 2,
          lon: (statement.real(at: 3) + statement.real(at: 4)) / 2
        )
        var nearest = RouteCandidate(rowid: rowid, point: point, along: 0, detour: .infinity, piece: 0)
        for index in chunk.pieces {
          let found = RouteLine.locate(point, on: route.pieces[index])
          if found.detour < nearest.detour {
            nearest = RouteCandidate(rowid: rowid, point: point, along: found.along, detour: found.detour, piece: index)
          }
        }
        guard nearest.detour <= reach else { continue }
        if let known = best[rowid], known.detour <= nearest.detour { continue }
        best[rowid] = nearest
        changed.append(rowid)
      }
    }
    return changed
  }
}

/// Reads the places of route candidates by rowid, with a search's category, demo rule and filters in SQL.
struct RouteReader {
  let search: RouteSearch
  let sql: String
  let values: [any DatabaseValueConvertible]
  let read: (Row) -> Place?
  /// The column of the rowid, after the place's columns and (with filters) its facts.
  let rowidColumn: Int

  init(search: RouteSearch, excludingDemo: Bool) {
    self.search = search
    let conditions = search.filters.isEmpty ? nil : Store.factConditions(search.filters)
    var sql = """
      SELECT \(Store.placeColumns)\(conditions == nil ? "" : ", " + Store.factColumns), place.rowid FROM place\
      \(conditions == nil ? "" : Store.factJoin)
      WHERE place.rowid IN (SELECT value FROM json_each(?)) AND +place.category = ?
      """
    var values: [any DatabaseValueConvertible] = [search.category.rawValue]
    if excludingDemo {
      sql += " AND +place.source <> ?"
      values.append(DemoDataset.source)
    }
    if let conditions {
      sql += conditions.sql
      values += conditions.values
    }
    self.sql = sql
    self.values = values
    if conditions == nil {
      read = { Store.place(from: $0) }
      rowidColumn = 12
    } else {
      read = { Store.placeWithFacts(from: $0) }
      rowidColumn = 18
    }
  }

  /// The places of `candidates` that pass, each with its exact position on the route if within the corridor.
  func read(
    _ candidates: [Store.RouteCandidate],
    from store: isolated Store
  ) throws(BeaconError) -> [RouteSearch.Found] {
    let route = search.route
    let corridor = Double(search.corridorMeters)
    var found: [RouteSearch.Found] = []
    var next = 0
    while next < candidates.count {
      let batch = candidates[next..<min(next + Store.routeBatchSize, candidates.count)]
      next = batch.endIndex
      let byRowid = Dictionary(batch.map { ($0.rowid, $0) }, uniquingKeysWith: { first, _ in first })
      let list = "[" + batch.map { String($0.rowid) }.joined(separator: ",") + "]"
      let rows = try store.storage { try store.database.query(sql, [list] + values) }
      for row in rows {
        guard let rowid = row.int(rowidColumn), let candidate = byRowid[Int64(rowid)], let place = read(row)
        else { continue }
        let window = max(0, candidate.piece - 1)..<min(route.pieces.count, candidate.piece + 2)
        let exact = route.locate(place.location, pieces: window)
        if exact.detour <= corridor { found.append((place, exact.along, exact.detour)) }
      }
    }
    return found
  }
}
