import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// The PostgreSQL store's searches use the GiST index on `place.location`: the planner's plan (`EXPLAIN`) for the
/// store's own radius, nearest-first (KNN) and along-a-route statements, on a table of 20 000 places across Norway, scans
/// `place_location`, not the whole table. Without the index the same check sees a sequential scan.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct SearchIndexTests {
  static let oslo = Coordinate(lat: 59.9139, lon: 10.7522)

  /// A store in a schema of its own with `count` places spread over Norway, analysed so the planner knows them.
  static func store(places count: Int = 20_000) async throws -> (PostgresStore, PostgresConnection) {
    let target = try PostgresTestServer.freshSchema()
    let store = try PostgresStore.open(target, user: "planner")
    let connection = try PostgresConnection(target)
    // Deterministic positions (a fixed multiplicative sequence), 58°–71° N, 5°–30° E.
    try connection.query(
      """
      INSERT INTO place (id, name, category, latitude, longitude, source, fetched_at, search_text)
      SELECT 'osm:node/' || n, 'Sted ' || n, (ARRAY['restaurant', 'cafe', 'hotel'])[n % 3 + 1],
        58 + ((n * 7919) % 13000) / 1000.0, 5 + ((n * 104729) % 25000) / 1000.0, 'osm', 0, 'sted ' || n
      FROM generate_series(1, $1) AS n
      """,
      [count]
    )
    try connection.query("ANALYZE place")
    return (store, connection)
  }

  /// The statements a search runs: the radius query (with and without a category) and the KNN query.
  static let statements: [(name: String, sql: String, values: [(any PostgresBindable)?])] = {
    let searches: [(name: String, category: PlaceCategory?, nearest: Int?)] = [
      ("radius", nil, nil),
      ("radius and category", .cafe, nil),
      ("nearest 10", nil, 10),
      ("nearest 10 of a category", .restaurant, 10),
    ]
    return searches.map { name, category, nearest in
      let statement = PostgresStore.searchStatement(
        center: oslo,
        within: 2_000,
        category: category,
        text: nil,
        nearestFirst: nearest
      )
      return (name, statement.sql, statement.values)
    } + routeStatements
  }()

  /// The statement a search along a route runs: a 30 km route out of Oslo, each stretch's corridor looked up.
  static var routeStatements: [(name: String, sql: String, values: [(any PostgresBindable)?])] {
    guard let route = try? RouteLine([oslo, Coordinate(lat: 60.1, lon: 11.1), Coordinate(lat: 60.2, lon: 11.0)])
    else { return [] }
    let statement = PostgresStore.routeStatement(for: RouteSearch(route: route, corridorMeters: 500, category: .cafe))
    return [("along a route", statement.sql, statement.values)]
  }

  /// The plan of each statement, as one text.
  static func plans(_ connection: PostgresConnection) throws -> [(name: String, plan: String)] {
    try statements.map { statement in
      let rows = try connection.query("EXPLAIN " + statement.sql, statement.values)
      return (statement.name, rows.compactMap { $0.string(0) }.joined(separator: "\n"))
    }
  }

  @Test func radiusAndNearestFirstSearchesScanTheGiSTIndex() async throws {
    let (store, connection) = try await Self.store()
    for (name, plan) in try Self.plans(connection) {
      #expect(plan.contains("place_location"), "\(name): \(plan)")
      #expect(!plan.contains("Seq Scan on place"), "\(name): \(plan)")
    }
    // The statements are the search's own: it finds what they narrow to.
    let found = try await store.offlinePlaces(near: Self.oslo, radiusMeters: 20_000, category: nil, text: nil, limit: 3)
    #expect(found.count == 3)
    #expect(Self.statements.count == 5)
  }

  /// The check above tells the difference: without the index the plans scan the table (the route's grouped
  /// statement may read all of it in primary-key order instead, with no condition on the index).
  @Test func withoutTheIndexThePlansScanTheTable() async throws {
    let (_, connection) = try await Self.store()
    try connection.query("DROP INDEX place_location")
    for (name, plan) in try Self.plans(connection) {
      #expect(!plan.contains("place_location"), "\(name): \(plan)")
      let whole =
        plan.contains("Seq Scan on place")
        || (plan.contains("Index Scan using place_pkey on place") && !plan.contains("Index Cond"))
      #expect(whole, "\(name): \(plan)")
    }
  }

  /// A search sorted by distance reads the nearest few, not every place in its radius: among 2 000 restaurants within
  /// a kilometre, the ten nearest (and those tied with the tenth in whole metres) are all it summarizes, and they are
  /// the first ten of the whole radius in the list's order.
  @Test func aDistanceSortedSearchReadsOnlyTheNearest() async throws {
    let (store, connection) = try await Self.store(places: 100)
    try connection.query(
      """
      INSERT INTO place (id, name, category, latitude, longitude, source, fetched_at, search_text)
      SELECT 'osm:node/c' || n, 'Nær ' || (n % 97), 'restaurant',
        $1 + ((n * 7919) % 2000 - 1000) / 200000.0, $2 + ((n * 104729) % 2000 - 1000) / 100000.0, 'osm', 0, 'nær'
      FROM generate_series(1, 2000) AS n
      """,
      [Self.oslo.lat, Self.oslo.lon]
    )
    func search(sort: PlaceSort) async throws -> [PlaceSummary] {
      let query = PlaceSearch(center: Self.oslo, category: .restaurant, radiusMeters: 2_000, sort: sort, limit: 10)
      return try await store.storedSummaries(for: query, at: Date()).places
    }
    let nearest = try await search(sort: .distance)
    let everything = try await search(sort: .name)
    #expect(everything.count >= 1_900)
    #expect((10...16).contains(nearest.count), "\(nearest.count) read")
    let first = PlaceSort.distance.sorted(everything).prefix(10).map(\.id)
    #expect(PlaceSort.distance.sorted(nearest).prefix(10).map(\.id) == first)
  }
}
