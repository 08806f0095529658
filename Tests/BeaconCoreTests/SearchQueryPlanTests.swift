import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The offline search lets the R*Tree find the box first; a plan that starts from the category index reads
/// every place of the category (found by the benchmarks: 3.4 ms instead of 17 µs at 10 000 places).
@Suite struct SearchQueryPlanTests {
  let directory = TemporaryDirectory()

  @Test(arguments: [(true, false), (true, true), (false, false), (false, true)])
  func theSpatialIndexDrivesTheSearch(category: Bool, text: Bool) async throws {
    let path = directory.file("plan.sqlite")
    let store = try Store.open(path: path)
    let places = (0..<500).map { index in
      StoreTests.place("p\(index)", "Sted \(index)", lat: 59 + Double(index) / 100, category: .restaurant)
    }
    try await store.upsert(places)
    let database = try Database(path: path)
    var values: [any DatabaseValueConvertible] = [59.9, 60.0, 10.7, 10.8]
    if category { values.append("restaurant") }
    if text { values.append("\"Sted\"*") }
    let plan = try database.query("EXPLAIN QUERY PLAN " + Store.searchSQL(category: category, text: text), values)
      .compactMap { $0.string(3) }
    // With words, SQLite may start from the full-text index instead, which narrows as well; never from the
    // category index.
    if !text { #expect(plan.first?.contains("place_rtree") == true, "\(plan)") }
    #expect(plan.contains { $0.contains("place_rtree") }, "\(plan)")
    #expect(!plan.contains { $0.contains("place_category") }, "\(plan)")
  }

  /// Filters join each candidate's facts by primary key; the R*Tree still finds the box first.
  @Test func theSpatialIndexDrivesAFilteredSearchAndTheFactsAreLookedUpByKey() async throws {
    let path = directory.file("filtered-plan.sqlite")
    let store = try Store.open(path: path)
    try await store.upsert(DemoDataset.places())
    let filters = PlaceFilters(
      diet: [.vegan, .halal],
      cuisine: ["pizza"],
      wheelchair: .limited,
      outdoorSeating: true,
      takeaway: false,
      minRating: 3
    )
    let conditions = Store.factConditions(filters)
    let sql = Store.searchSQL(category: true, text: false, factConditions: conditions.sql)
    let database = try Database(path: path)
    let values: [any DatabaseValueConvertible] = [60.1, 60.2, 24.9, 25.0, "restaurant"] + conditions.values
    let plan = try database.query("EXPLAIN QUERY PLAN " + sql, values).compactMap { $0.string(3) }
    #expect(plan.first?.contains("place_rtree") == true, "\(plan)")
    #expect(plan.contains { $0.contains("place_fact") && $0.contains("INTEGER PRIMARY KEY") }, "\(plan)")
    #expect(!plan.contains { $0.contains("SCAN place_fact") || $0.contains("place_category") }, "\(plan)")
  }

  /// The favourites are read first and each place looked up by its id, whatever the query asks: never every place of
  /// the category (SQLite's own choice: 138 ms instead of 0.03 ms for three favourites among 236 520 places).
  @Test(arguments: [(false, false, false), (true, false, false), (true, true, false), (true, false, true)])
  func theFavouritesDriveTheirQuery(category: Bool, text: Bool, filtered: Bool) async throws {
    let path = directory.file("favourites-plan.sqlite")
    let store = try Store.open(path: path)
    let places = (0..<500).map { index in
      StoreTests.place("p\(index)", "Sted \(index)", lat: 59 + Double(index) / 100, category: .restaurant)
    }
    try await store.upsert(places)
    for id in ["p1", "p2", "p3"] { _ = try await store.addFavorite(placeId: id) }
    let conditions = filtered ? Store.factConditions(PlaceFilters(diet: [.vegan])) : nil
    var values: [any DatabaseValueConvertible] = []
    if category { values.append("restaurant") }
    if text { values.append("\"Sted\"*") }
    values += conditions?.values ?? []
    let sql = Store.favoritesSQL(category: category, text: text, factConditions: conditions?.sql)
    let database = try Database(path: path)
    let plan = try database.query("EXPLAIN QUERY PLAN " + sql, values).compactMap { $0.string(3) }
    #expect(plan.first?.contains("SCAN favorite") == true, "\(plan)")
    #expect(plan.contains { $0.contains("SEARCH place USING INDEX sqlite_autoindex_place_1 (id=?)") }, "\(plan)")
    #expect(!plan.contains { $0.contains("SCAN place ") || $0.hasSuffix("SCAN place") }, "\(plan)")
    #expect(try database.query(sql, values).count == 3)
  }

  /// No index of the places by category (migration 13): nothing reads it, and each place written paid for it.
  @Test func theStoreHasNoIndexOfThePlacesByCategory() async throws {
    let path = directory.file("no-category-index.sqlite")
    _ = try Store.open(path: path)
    let database = try Database(path: path)
    let indexes = try database.query("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'place'")
      .compactMap { $0.string(0) }
    #expect(indexes == ["sqlite_autoindex_place_1"])
  }

  /// The nearest places of a category are read from `place_cell` band by band: one range of the primary key per band
  /// (category, band, longitude), never a scan of the category or of a band's whole width.
  @Test func theNearestAreReadAsOneKeyRangePerBand() async throws {
    let path = directory.file("cell-plan.sqlite")
    let store = try Store.open(path: path)
    try await store.upsert(DemoDataset.places())
    let database = try Database(path: path)
    for excludingDemo in [false, true] {
      var values: [any DatabaseValueConvertible] = [74_990, 74_995, "restaurant", 10.7, 10.8]
      if excludingDemo { values.append("demo") }
      let sql = Store.nearestCellSQL + (excludingDemo ? " AND place_cell.source <> ?" : "")
      let plan = try database.query("EXPLAIN QUERY PLAN " + sql, values).compactMap { $0.string(3) }
      let range = "place_cell USING PRIMARY KEY (category=? AND band=? AND longitude>? AND longitude<?)"
      #expect(plan.contains { $0.contains("SEARCH " + range) }, "\(plan)")
      #expect(!plan.contains { $0.contains("SCAN place_cell") }, "\(plan)")
    }
  }
}
