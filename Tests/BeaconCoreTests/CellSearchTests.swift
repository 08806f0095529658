import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Filtered offline searches judged on `place_cell` (migration 12): the same places, order and `excludedUnknown`
/// as judging every place of the circle read from `place`, and the table in step with the places and their facts
/// through every write path (the triggers, an import's bulk fill, updates, deletes).
@Suite struct CellSearchTests {
  let directory = TemporaryDirectory()
  static let center = Coordinate(lat: 59.95, lon: 10.75)

  /// 2 400 places around ``center`` (a dense cluster, ties at the same spot, three categories, some demo places),
  /// each saying yes, no or nothing about a few facts, chosen by a seeded generator.
  static func places(seed: UInt64 = 7) -> [Place] {
    var random = NearestSearchTests.SplitMix(state: seed)
    func pick<T>(_ options: [T]) -> T { options[Int(random.next() * Double(options.count)) % options.count] }
    var places: [Place] = []
    for index in 0..<2_400 {
      let spread = index < 800 ? 0.004 : 0.06
      var location = Coordinate(
        lat: center.lat + (random.next() - 0.5) * spread,
        lon: center.lon + (random.next() - 0.5) * spread * 2
      )
      if index % 61 == 1, let previous = places.last { location = previous.location }  // A tie.
      var tags: [String] = []
      for (key, values) in [
        ("diet:vegan", ["yes", "only", "no", "limited"]), ("diet:vegetarian", ["yes", "no"]),
        ("wheelchair", ["yes", "limited", "no", "designated"]), ("outdoor_seating", ["yes", "no"]),
        ("takeaway", ["yes", "no", "only"]), ("cuisine", ["pizza", "sushi;thai", "indian"]),
      ] where random.next() < 0.45 {
        tags.append(#""\#(key)":"\#(pick(values))""#)
      }
      let details = #"{"properties":{"datasource":{"raw":{\#(tags.joined(separator: ","))}}}}"#
      places.append(
        Place(
          id: "t:\(index)",
          name: "Sted \(index % 50)",
          category: pick([PlaceCategory.restaurant, .restaurant, .cafe, .hotel]),
          location: location,
          detailsJSON: tags.isEmpty && index % 2 == 0 ? nil : details,
          source: index % 13 == 0 ? DemoDataset.source : "test"
        )
      )
    }
    return places
  }

  static let filterSets: [PlaceFilters] = {
    var sets: [PlaceFilters] = []
    var vegan = PlaceFilters()
    vegan.diet = [.vegan]
    sets.append(vegan)
    var veganAccess = vegan
    veganAccess.wheelchair = .limited
    sets.append(veganAccess)
    var many = PlaceFilters()
    many.diet = [.vegan, .vegetarian]
    many.wheelchair = .yes
    many.outdoorSeating = true
    many.takeaway = false
    sets.append(many)
    var cuisine = PlaceFilters()
    cuisine.cuisine = ["thai", "pizza"]
    cuisine.takeaway = true
    sets.append(cuisine)
    return sets
  }()

  /// What the search gives judged place by place from `place` (the path without `place_cell`), as
  /// `PlacesService.search` cuts it.
  static func plain(_ search: PlaceSearch, store: Store, at date: Date) async throws -> FilteredPlaces {
    let excludingDemo = try await store.excludesDemo(unlessAsked: search.includesDemo)
    let found = try await store.places(
      near: search.center,
      radiusMeters: search.radiusMeters,
      category: search.category,
      text: search.text,
      excludingDemo: excludingDemo,
      filters: search.filters
    )
    let judged = try await store.filteredSummaries(of: found, filters: search.filters, center: search.center, at: date)
    return cut(judged, search)
  }

  static func cut(_ found: FilteredPlaces, _ search: PlaceSearch) -> FilteredPlaces {
    var places = found.places
    if search.openNow { places = places.filter { $0.openNow == true } }
    places = Array(search.sort.sorted(places, reach: search.radiusMeters).prefix(search.limit))
    return FilteredPlaces(places: places, excludedUnknown: found.excludedUnknown)
  }

  @Test func theCellsGiveWhatJudgingEveryPlaceGives() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert(Self.places())
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    var compared = 0
    for center in [Self.center, Coordinate(lat: 59.97, lon: 10.70), Coordinate(lat: 59.9301, lon: 10.7777)] {
      for radius in [50, 300, 1_000, 4_000] {
        for filters in Self.filterSets {
          for (sort, limit) in [(PlaceSort.distance, 1), (.distance, 10), (.distance, 100), (.name, 10), (.best, 5)] {
            for (category, includesDemo) in [(PlaceCategory.restaurant, false), (.cafe, true)] {
              let search = PlaceSearch(
                center: center,
                category: category,
                radiusMeters: radius,
                sort: sort,
                limit: limit,
                includesDemo: includesDemo,
                filters: filters
              )
              let excludingDemo = try await store.excludesDemo(unlessAsked: includesDemo)
              let cells = try #require(try await store.cellSearch(search, excludingDemo: excludingDemo, at: date))
              let expected = try await Self.plain(search, store: store, at: date)
              #expect(Self.cut(cells, search) == expected, "\(center) \(radius) m \(filters) \(sort) \(limit)")
              compared += expected.places.count
            }
          }
        }
      }
    }
    #expect(compared > 2_000, "the comparisons found places")
  }

  @Test func storedSummariesJudgeOnTheCellsAndCountTheUnknown() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert(Self.places())
    var filters = PlaceFilters()
    filters.diet = [.vegan]
    filters.wheelchair = .limited
    let search = PlaceSearch(center: Self.center, category: .restaurant, radiusMeters: 1_000, filters: filters)
    let date = Date()
    // The cells are what the search reads: with their facts gone, every place is unknown.
    let before = try await store.storedSummaries(for: search, at: date)
    #expect(before == (try await Self.plain(search, store: store, at: date)).with(places: before.places))
    #expect(!before.places.isEmpty && (before.excludedUnknown?["diet"] ?? 0) > 0)
    try await store.execute("UPDATE place_cell SET diet = NULL, diet_known = NULL, wheelchair = NULL")
    let after = try await store.storedSummaries(for: search, at: date)
    #expect(after.places.isEmpty)
  }

  @Test func theCellsStayInStepWithThePlacesAndTheirFacts() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    var places = Self.places()
    try await store.upsert(places)
    #expect(try await store.cellsMatchThePlaces())
    // Moved, recategorized, facts changed, facts gone, deleted.
    places[3].location = Coordinate(lat: 60.2, lon: 11.1)
    places[4].category = .hotel
    places[5].detailsJSON = #"{"properties":{"datasource":{"raw":{"diet:vegan":"only"}}}}"#
    places[6].detailsJSON = nil
    try await store.upsert(Array(places[3...6]))
    try await store.execute("DELETE FROM place WHERE id IN ('t:7', 't:8')")
    #expect(try await store.cellsMatchThePlaces())
    // An import (the bulk fill) and a reimport that changes and removes places.
    let first = ImportFactTests.collection([
      ImportFactTests.feature(1, ["diet:vegan": "yes", "wheelchair": "limited"]),
      ImportFactTests.feature(2, lon: 10.752, ["takeaway": "no"]),
      ImportFactTests.feature(3),
    ])
    _ = try await store.importPlaces(from: .bytes(first, name: "a"), at: Date())
    #expect(try await store.cellsMatchThePlaces())
    let second = ImportFactTests.collection([
      ImportFactTests.feature(1, ["diet:vegan": "no"]),
      ImportFactTests.feature(4, ["cuisine": "thai"]),
      ImportFactTests.feature(4, lon: 10.76, ["cuisine": "pizza", "wheelchair": "yes"]),
    ])
    _ = try await store.importPlaces(from: .bytes(second, name: "b"), at: Date())
    #expect(try await store.cellsMatchThePlaces())
    #expect(try await store.cellCount() == (try await store.placeCount()))
  }

  /// With the facts' triggers not deferred (a facts trigger not word for word migration 11's) the cells' update
  /// trigger, the newer, fires before the facts' one: an import that changes older places' facts must still give
  /// their cells the new facts.
  @Test func anImportThatChangesOlderPlacesFactsKeepsTheirCellsInStep() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let details = #"{"properties":{"datasource":{"raw":{"diet:vegan":"yes","wheelchair":"limited"}}}}"#
    try await store.upsert(
      (1...3).map {
        Place(
          id: "osm:node/\($0)",
          name: "Sted \($0)",
          category: .restaurant,
          location: Coordinate(lat: 59.91, lon: 10.75),
          detailsJSON: details,
          source: "osm"
        )
      }
    )
    #expect(try await store.cellsMatchThePlaces())
    let factsTrigger = try #require(DeferredFacts.expectedInsertTrigger)
    try await store.execute(
      "DROP TRIGGER place_fact_inserted; " + factsTrigger.replacingOccurrences(of: " BEGIN\n", with: " BEGIN \n")
    )
    let file = ImportFactTests.collection([
      ImportFactTests.feature(1, ["diet:vegan": "no"]),
      ImportFactTests.feature(2, ["cuisine": "thai", "wheelchair": "yes"]),
      ImportFactTests.feature(3),
      ImportFactTests.feature(4, ["takeaway": "yes"]),
    ])
    let report = try await store.importPlaces(from: .bytes(file, name: "a"), at: Date())
    #expect(report.tally.updated == 3)
    #expect(try await store.cellsMatchThePlaces())
    #expect(try await store.cellCount() == 4)
  }

  @Test func theCellTriggersAreDeferredForTheNewRowsAndRestoredWordForWord() throws {
    let database = try Database(path: ":memory:")
    for migration in Migrations.all { try database.execute(migration) }
    let triggers =
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'place_cell%' ORDER BY name"
    let before = try database.query(triggers)
    #expect(before.count == 5)
    let deferred = try #require(try DeferredCells.begin(database: database, after: 7))
    let during = try database.query(triggers)
    #expect(!during.contains { $0.string(0) == "place_cell_inserted" })
    #expect(!during.contains { $0.string(0) == "place_cell_facts_inserted" })
    #expect(during.count == 3)
    try deferred.finish(database: database)
    #expect(try database.query(triggers) == before)
  }

  @Test func theSearchReadsTheCellsByCategoryBandAndLongitude() throws {
    let database = try Database(path: ":memory:")
    for migration in Migrations.all { try database.execute(migration) }
    let plan = try database.query("EXPLAIN QUERY PLAN " + Store.cellSQL, ["restaurant", 1, 2.0, 3.0])
      .compactMap { $0.string(3) }
    #expect(plan == ["SEARCH place_cell USING PRIMARY KEY (category=? AND band=? AND longitude>? AND longitude<?)"])
  }
}

extension FilteredPlaces {
  fileprivate func with(places: [PlaceSummary]) -> FilteredPlaces {
    FilteredPlaces(places: places, excludedUnknown: excludedUnknown)
  }
}

extension Store {
  /// Whether `place_cell` holds exactly one row per place, with its position, category, source and facts.
  fileprivate func cellsMatchThePlaces() throws -> Bool {
    let fromPlaces = """
      SELECT place.category, CAST((place.latitude + 90) * 500 AS INTEGER), place.longitude, place.rowid, place.latitude,
        place.source, place_fact.diet, place_fact.diet_known, place_fact.cuisine, place_fact.wheelchair,
        place_fact.outdoor_seating, place_fact.takeaway
      FROM place LEFT JOIN place_fact ON place_fact.place_rowid = place.rowid
      """
    let cells = "SELECT * FROM place_cell"
    let missing = try database.query("SELECT count(*) FROM (\(fromPlaces) EXCEPT \(cells))").first?.int(0)
    let extra = try database.query("SELECT count(*) FROM (\(cells) EXCEPT \(fromPlaces))").first?.int(0)
    return missing == 0 && extra == 0
  }

  fileprivate func cellCount() throws -> Int? { try database.query("SELECT count(*) FROM place_cell").first?.int(0) }
  fileprivate func placeCount() throws -> Int? { try database.query("SELECT count(*) FROM place").first?.int(0) }
  fileprivate func execute(_ sql: String) throws { try database.execute(sql) }
}
