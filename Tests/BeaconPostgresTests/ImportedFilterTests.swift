import BeaconCore
import BeaconJSON
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

/// Filtered offline searches on the same imported data give the same places in the same order, and the same
/// `excludedUnknown` counts, on a PostgreSQL store as on a SQLite store: diets, cuisine, step-free access, outdoor
/// seating, takeaway, a minimum rating, opening times, alone and together, sorted and limited, with tag values that
/// try the SQLite store's byte-wise reading of facts (spaces, case, non-breaking spaces, accents).
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct ImportedFilterTests {
  static let center = Coordinate(lat: 59.9110, lon: 10.7528)
  static let date = Date(timeIntervalSince1970: 1_764_000_000)

  /// Tag values, drawn for every fact tag: plain ones and ones the two ways of reading could take differently.
  static let values = [
    "yes", "no", "only", "yes", "no", "limited", "designated", "Yes ", " ONLY", "LIMITED", "", " ", "yes\u{A0}",
    "ÉÉ", "Ye\u{301}s", "pizza; Italian", "Pizza ;; ;Thai", "thai", "italian", "  ;  ",
  ]

  /// The fact tags.
  static let keys = [
    "cuisine", "wheelchair", "outdoor_seating", "takeaway", "diet:vegan", "diet:vegetarian", "diet:gluten_free",
    "diet:halal", "diet:kosher",
  ]

  /// `count` restaurants and cafés within ~3 km of ``center``, their tags drawn by a fixed sequence.
  static func geoJSON(count: Int) -> [UInt8] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let hours = ["Mo-Su 10:00-22:00", "Mo-Fr 08:00-16:00", "Sa-Su 12:00-18:00"]
    var features: [JSONValue] = []
    for index in 1...count {
      var properties: [String: JSONValue] = [
        "@type": .string("node"), "@id": .int(index), "amenity": .string(index % 3 == 0 ? "cafe" : "restaurant"),
        "name": .string("Sted \(index % 40)"),
      ]
      for key in keys where next(2) == 0 { properties[key] = .string(values[next(values.count)]) }
      if next(3) != 0 { properties["opening_hours"] = .string(hours[next(hours.count)]) }
      let lat = center.lat + Double(next(5_000) - 2_500) * 1e-5
      let lon = center.lon + Double(next(10_000) - 5_000) * 1e-5
      features.append(
        .object([
          "type": .string("Feature"), "properties": .object(properties),
          "geometry": .object(["type": .string("Point"), "coordinates": .array([.double(lon), .double(lat)])]),
        ])
      )
    }
    return Array(
      JSONValue.object(["type": .string("FeatureCollection"), "features": .array(features)]).description.utf8
    )
  }

  /// The searches compared.
  static let searches: [PlaceSearch] = {
    func search(
      _ filters: PlaceFilters,
      category: PlaceCategory = .restaurant,
      radius: Int = 2_000,
      sort: PlaceSort = .distance,
      limit: Int = 10,
      text: String? = nil,
      openNow: Bool = false
    ) -> PlaceSearch {
      PlaceSearch(
        center: center,
        category: category,
        radiusMeters: radius,
        text: text,
        sort: sort,
        limit: limit,
        openNow: openNow,
        filters: filters
      )
    }
    let evening = PlaceFilters.LocalTime(parsing: "2026-11-25T19:00")
    return [
      search(PlaceFilters(diet: [.vegan])),
      search(PlaceFilters(diet: [.vegetarian, .halal]), limit: 5),
      search(PlaceFilters(diet: [.glutenFree]), sort: .name, limit: 50),
      search(PlaceFilters(cuisine: ["italian"])),
      search(PlaceFilters(cuisine: ["thai", "pizza"]), category: .cafe, radius: 3_000, limit: 20),
      search(PlaceFilters(wheelchair: .yes), limit: 3),
      search(PlaceFilters(wheelchair: .limited), sort: .name),
      search(PlaceFilters(outdoorSeating: true), radius: 800),
      search(PlaceFilters(outdoorSeating: false, takeaway: false), limit: 30),
      search(PlaceFilters(minRating: 3), limit: 30),
      search(PlaceFilters(diet: [.vegan], wheelchair: .limited, minRating: 2), sort: .rating, limit: 30),
      search(PlaceFilters(diet: [.vegan, .kosher], takeaway: true), text: "sted 1"),
      search(PlaceFilters(cuisine: ["italian", "thai"], outdoorSeating: true), openNow: true),
      search(PlaceFilters(wheelchair: .limited, openAt: evening), limit: 5),
      search(PlaceFilters(diet: [.vegetarian], openAt: evening, openFor: 120), radius: 3_000, sort: .best),
    ]
  }()

  /// A store of each backend with ``geoJSON(count:)`` imported and the same ratings (every seventh place rated).
  static func stores() async throws -> (sqlite: Store, postgres: PostgresStore, keep: TemporaryDirectory) {
    let bytes = geoJSON(count: 600)
    let directory = TemporaryDirectory("beacon-imported-filters")
    let sqlite = try Store.open(path: directory.storePath)
    let postgres = try PostgresStore.open(try PostgresTestServer.freshSchema(), user: "alice")
    _ = try await sqlite.importPlaces(from: .bytes(bytes, name: "places.geojson"), at: date)
    _ = try await postgres.importPlaces(from: .bytes(bytes, name: "places.geojson"), at: date)
    let ratings = stride(from: 1, through: 600, by: 7).map { NewRating(placeId: "osm:node/\($0)", stars: $0 % 5 + 1) }
    for result in await sqlite.addRatings(ratings, at: date) { _ = try result.get() }
    for result in await postgres.addRatings(ratings, at: date) { _ = try result.get() }
    return (sqlite, postgres, directory)
  }

  /// What a client sees of a search's answer: the first `limit` places in its order, and the counts.
  static func shown(_ found: FilteredPlaces, for search: PlaceSearch) -> (ids: [String], unknown: [String: Int]?) {
    let places = search.openNow ? found.places.filter { $0.openNow == true } : found.places
    return (Array(search.sort.sorted(places).prefix(search.limit)).map(\.id), found.excludedUnknown)
  }

  @Test func filteredSearchesOnImportedPlacesAreTheSame() async throws {
    let (sqlite, postgres, keep) = try await Self.stores()
    var matched = 0
    var counted = 0
    for search in Self.searches {
      let expected = Self.shown(try await sqlite.storedSummaries(for: search, at: Self.date), for: search)
      let found = Self.shown(try await postgres.storedSummaries(for: search, at: Self.date), for: search)
      let name = search.filters.active.map(\.rawValue)
      #expect(found.ids == expected.ids, "\(name) \(search.sort)")
      #expect(found.unknown == expected.unknown, "\(name) \(search.sort)")
      matched += expected.ids.count
      counted += expected.unknown?.values.reduce(0, +) ?? 0
    }
    // The comparison is not empty: the searches find places and leave some out for lack of data.
    #expect(matched > 60)
    #expect(counted > 500)
    withExtendedLifetime(keep) {}
  }

  /// Places stored before the fact columns (a store at version 6) get their facts when a Beacon with migration 8
  /// opens the store, and filtered searches judge them as before.
  @Test func placesStoredBeforeTheFactColumnsGetTheirFacts() async throws {
    let target = try PostgresTestServer.freshSchema()
    let connection = try PostgresConnection(target)
    try PostgresMigrations.migrate(connection, upTo: 6)
    for place in OfflineSearchTests.filtered {
      try connection.query(
        """
        INSERT INTO place (id, name, category, latitude, longitude, cuisine, details, source, fetched_at, search_text)
        VALUES ($1, $2, $3, $4, $5, $6, $7, 'test', 0, '')
        """,
        [
          place.id, place.name, place.category.rawValue, place.location.lat, place.location.lon, place.cuisine,
          place.detailsJSON,
        ]
      )
    }
    let store = try PostgresStore.open(target, user: "alice")
    #expect(try connection.query("SELECT count(*) FROM place WHERE NOT facts_filled").first?.int(0) == 0)
    let facts = try connection.query("SELECT fact_diet, fact_diet_known, fact_cuisine FROM place WHERE id = 'g'")
    #expect(facts.first.map { [$0.string(0), $0.string(1), $0.string(2)] } == ["1", "1", "{coffee_shop,cake}"])
    func search(_ filters: PlaceFilters) async throws -> FilteredPlaces {
      let query = PlaceSearch(
        center: OfflineSearchTests.center,
        category: .cafe,
        radiusMeters: 10_000,
        filters: filters
      )
      return try await store.storedSummaries(for: query, at: Self.date)
    }
    let vegan = try await search(PlaceFilters(diet: [.vegan]))
    #expect(vegan.places.map(\.id) == ["a", "g"])
    #expect(vegan.excludedUnknown == ["diet": 2])
    let cake = try await search(PlaceFilters(cuisine: ["cake"]))
    #expect(cake.places.map(\.id) == ["g"])
    #expect(cake.excludedUnknown == ["cuisine": 4])
  }

  /// A copy into the server (`beacon store copy`) works out the facts of the places it writes: a SQLite store's
  /// imported places, copied, are found by the same filtered searches.
  @Test func copiedPlacesGetTheirFacts() async throws {
    let (sqlite, _, keep) = try await Self.stores()
    let copy = try PostgresStore.open(try PostgresTestServer.freshSchema(), user: "alice")
    _ = try await copy.receive(try await sqlite.snapshot())
    for search in Self.searches.prefix(6) {
      let expected = Self.shown(try await sqlite.storedSummaries(for: search, at: Self.date), for: search)
      let found = Self.shown(try await copy.storedSummaries(for: search, at: Self.date), for: search)
      #expect(found.ids == expected.ids)
      #expect(found.unknown == expected.unknown)
    }
    withExtendedLifetime(keep) {}
  }
}
