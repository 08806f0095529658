import BeaconCore
import BeaconJSON
import BeaconPostgres
import Foundation
import Testing

/// Filtered searches on the PostgreSQL store are decided in SQL on the places' fact columns: sorted by distance, only
/// the nearest matches are read (KNN on the GiST index with the limit), and the places left out for lack of data
/// are counted by the server, not read.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct FilteredSearchIndexTests {
  static let oslo = SearchIndexTests.oslo

  /// A store (``SearchIndexTests/store(places:)``) with 2 000 restaurants within a kilometre of Oslo stored by SQL
  /// with their details: every other vegan, every fifth of the others saying nothing about diets, the rest not
  /// vegan. Opened again afterwards, so that their facts are filled as for places stored before migration 8.
  static func store() async throws -> (PostgresStore, PostgresConnection) {
    let target = try PostgresTestServer.freshSchema()
    _ = try PostgresStore.open(target, user: "planner")
    let connection = try PostgresConnection(target)
    // 20 000 places across Norway, as in SearchIndexTests.
    try connection.query(
      """
      INSERT INTO place (id, name, category, latitude, longitude, source, fetched_at, search_text)
      SELECT 'osm:node/' || n, 'Sted ' || n, (ARRAY['restaurant', 'cafe', 'hotel'])[n % 3 + 1],
        58 + ((n * 7919) % 13000) / 1000.0, 5 + ((n * 104729) % 25000) / 1000.0, 'osm', 0, 'sted ' || n
      FROM generate_series(1, 20000) AS n
      """
    )
    try connection.query(
      """
      INSERT INTO place (id, name, category, latitude, longitude, source, fetched_at, search_text, details)
      SELECT 'osm:node/c' || n, 'Nær ' || (n % 97), 'restaurant',
        $1 + ((n * 7919) % 2000 - 1000) / 200000.0, $2 + ((n * 104729) % 2000 - 1000) / 100000.0, 'osm', 0, 'nær',
        CASE WHEN n % 2 = 0 THEN '{"properties":{"datasource":{"raw":{"diet:vegan":"yes"}}}}'
          WHEN n % 5 = 1 THEN NULL ELSE '{"properties":{"datasource":{"raw":{"diet:vegan":"no"}}}}' END
      FROM generate_series(1, 2000) AS n
      """,
      [oslo.lat, oslo.lon]
    )
    try connection.query("ANALYZE place")
    return (try PostgresStore.open(target, user: "planner"), connection)
  }

  static let vegan = PlaceFilters(diet: [.vegan])

  /// Sorted by distance, a filtered search summarizes the ten nearest matches (and those tied with the tenth in
  /// whole metres), not the ~1 000 vegan restaurants in its radius, and counts the same unknowns as a search that
  /// reads them all.
  @Test func aFilteredDistanceSortedSearchReadsOnlyTheNearestMatches() async throws {
    let (store, _) = try await Self.store()
    func search(sort: PlaceSort) async throws -> FilteredPlaces {
      let query = PlaceSearch(
        center: Self.oslo,
        category: .restaurant,
        radiusMeters: 2_000,
        sort: sort,
        limit: 10,
        filters: Self.vegan
      )
      return try await store.storedSummaries(for: query, at: Date())
    }
    let nearest = try await search(sort: .distance)
    let everything = try await search(sort: .name)
    #expect(everything.places.count == 1_000)
    #expect((10...16).contains(nearest.places.count), "\(nearest.places.count) read")
    #expect(nearest.excludedUnknown == ["diet": 200])
    #expect(everything.excludedUnknown == ["diet": 200])
    let first = PlaceSort.distance.sorted(everything.places).prefix(10).map(\.id)
    #expect(PlaceSort.distance.sorted(nearest.places).prefix(10).map(\.id) == first)
  }

  /// The plan's nodes that scan `index`, each with the rows it returned and those its filter removed.
  static func scans(of index: String, in plan: JSONValue?) -> [(rows: Int, removed: Int)] {
    guard let plan else { return [] }
    if let nodes = plan.arrayValue { return nodes.flatMap { scans(of: index, in: $0) } }
    var found: [(rows: Int, removed: Int)] = []
    if plan["Index Name"]?.stringValue == index {
      let loops = plan["Actual Loops"]?.intValue ?? 1
      found.append(
        ((plan["Actual Rows"]?.intValue ?? 0) * loops, (plan["Rows Removed by Filter"]?.intValue ?? 0) * loops)
      )
    }
    for key in ["Plan", "Plans"] { found += scans(of: index, in: plan[key]) }
    return found
  }

  /// `statement`'s plan as run (`EXPLAIN ANALYZE`, JSON).
  static func plan(_ connection: PostgresConnection, _ statement: (sql: String, values: [(any PostgresBindable)?]))
    throws -> JSONValue?
  {
    let text = try connection.query("EXPLAIN (ANALYZE, FORMAT JSON) " + statement.sql, statement.values)
      .compactMap { $0.string(0) }.joined()
    return try JSONParser.parse(Array(text.utf8))
  }

  /// The filtered nearest-first statement walks the GiST index nearest first and stops after the limit: it looks
  /// at a few dozen places, not the 2 000 restaurants in the radius, which the same statement without the limit
  /// (how filtered searches read before) goes through. The count of unknowns scans the GiST index too.
  @Test func theFilteredNearestFirstStatementStopsAfterTheLimit() async throws {
    let (_, connection) = try await Self.store()
    func statement(nearestFirst: Int?) -> (sql: String, values: [(any PostgresBindable)?]) {
      PostgresStore.searchStatement(
        center: Self.oslo,
        within: 2_000,
        category: .restaurant,
        text: nil,
        nearestFirst: nearestFirst,
        filters: Self.vegan,
        user: "planner"
      )
    }
    let knn = Self.scans(of: "place_location", in: try Self.plan(connection, statement(nearestFirst: 10)))
    #expect(knn.count == 1)
    let looked = knn.map { $0.rows + $0.removed }.reduce(0, +)
    #expect(knn.first?.rows == 10)
    #expect(looked < 100, "\(looked) rows looked at")
    let radius = Self.scans(of: "place_location", in: try Self.plan(connection, statement(nearestFirst: nil)))
    #expect(radius.map { $0.rows + $0.removed }.reduce(0, +) >= 2_000)
    let unknown = PostgresStore.unknownStatement(
      center: Self.oslo,
      radiusMeters: 2_000,
      category: .restaurant,
      text: nil,
      filters: Self.vegan,
      user: "planner"
    )
    let counting = try Self.plan(connection, (unknown.sql, unknown.values))
    #expect(Self.scans(of: "place_location", in: counting).count == 1, "\(String(describing: counting))")
  }
}
