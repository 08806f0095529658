import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// Offline searches and favourites with filters, the same on both backends: facts read from each place's details,
/// places their data says nothing about counted in `excludedUnknown`, and the nearest few in whole metres.
extension OfflineSearchTests {
  /// Details as Geoapify gives them, with OSM `tags`.
  static func details(_ tags: [String: String]) -> String {
    let raw = tags.map { "\"\($0.key)\":\"\($0.value)\"" }.sorted().joined(separator: ",")
    return #"{"properties":{"datasource":{"raw":{"# + raw + "}}}}"
  }

  /// A place `meters` north of the centre with details of `tags`.
  static func detailed(
    _ id: String,
    _ name: String,
    _ category: PlaceCategory,
    _ meters: Double,
    cuisine: String? = nil,
    tags: [String: String] = [:]
  ) -> Place {
    var place = place(id, name, category, meters, cuisine: cuisine)
    place.detailsJSON = tags.isEmpty ? nil : details(tags)
    return place
  }

  static let filtered = [
    detailed(
      "a",
      "Café Ørken",
      .cafe,
      100,
      tags: ["diet:vegan": "yes", "wheelchair": "yes", "outdoor_seating": "yes"]
    ),
    detailed(
      "b",
      "Robert’s Coffee",
      .cafe,
      300,
      tags: ["diet:vegan": "no", "wheelchair": "limited", "takeaway": "yes"]
    ),
    detailed("g", "Kakebua", .cafe, 700, cuisine: "coffee_shop;cake", tags: ["diet:vegan": "only"]),
    detailed("d", "Cafe Lille", .cafe, 1_200),
    detailed("e", "Far CAFÉ", .cafe, 5_000, tags: ["wheelchair": "no", "outdoor_seating": "no"]),
    // Two restaurants the same whole number of metres away: the list's order puts Alpha first.
    detailed("t1", "Zulu", .restaurant, 400.2),
    detailed("t2", "Alpha", .restaurant, 400.4),
  ]

  struct FilteredSearch: Sendable, CustomTestStringConvertible {
    var category: PlaceCategory = .cafe
    var filters = PlaceFilters()
    var sort = PlaceSort.distance
    var limit = 10
    var expected: [String]
    var excludedUnknown: [String: Int]?
    var testDescription: String { "\(category.rawValue) \(filters.active.map(\.rawValue)) \(sort) limit \(limit)" }
  }

  static let filteredSearches = [
    FilteredSearch(filters: PlaceFilters(diet: [.vegan]), expected: ["a", "g"], excludedUnknown: ["diet": 2]),
    FilteredSearch(
      filters: PlaceFilters(wheelchair: .limited),
      expected: ["a", "b"],
      excludedUnknown: ["wheelchair": 2]
    ),
    FilteredSearch(
      filters: PlaceFilters(outdoorSeating: true),
      expected: ["a"],
      excludedUnknown: ["outdoorSeating": 3]
    ),
    FilteredSearch(filters: PlaceFilters(cuisine: ["cake"]), expected: ["g"], excludedUnknown: ["cuisine": 4]),
    FilteredSearch(filters: PlaceFilters(minRating: 4), expected: ["b"], excludedUnknown: ["minRating": 3]),
    FilteredSearch(
      filters: PlaceFilters(diet: [.vegan], wheelchair: .limited),
      sort: .name,
      expected: ["a"],
      excludedUnknown: ["diet": 1, "wheelchair": 2]
    ),
    FilteredSearch(limit: 2, expected: ["a", "b"]),
    FilteredSearch(category: .restaurant, limit: 1, expected: ["t2"]),
  ]

  /// A store of `backend` with ``filtered``, rated (`a` 2 stars, `b` 5) and with `a`, `b` and `e` as favourites.
  static func filteredStore(_ backend: StoreBackend) async throws -> (store: any PlacesStore, keep: AnyObject?) {
    let opened = try backend.open()
    try await opened.store.upsert(filtered, replacing: true)
    let date = Date(timeIntervalSince1970: 1_764_000_000)
    for result in await opened.store.addRatings(
      [NewRating(placeId: "a", stars: 2), NewRating(placeId: "b", stars: 5)],
      at: date
    ) {
      _ = try result.get()
    }
    for id in ["a", "b", "e"] { _ = try await opened.store.addFavorite(placeId: id, at: date) }
    return opened
  }

  @Test(arguments: StoreBackend.available, filteredSearches)
  func filteredSearch(_ backend: StoreBackend, _ search: FilteredSearch) async throws {
    let (store, keep) = try await Self.filteredStore(backend)
    let found = try await store.storedSummaries(
      for: PlaceSearch(
        center: Self.center,
        category: search.category,
        radiusMeters: 10_000,
        sort: search.sort,
        limit: search.limit,
        filters: search.filters
      ),
      at: Date(timeIntervalSince1970: 1_764_000_000)
    )
    #expect(Array(search.sort.sorted(found.places).prefix(search.limit)).map(\.id) == search.expected)
    #expect(found.excludedUnknown == search.excludedUnknown)
    withExtendedLifetime(keep) {}
  }

  @Test(arguments: StoreBackend.available)
  func favouritesAreFilteredAlike(_ backend: StoreBackend) async throws {
    let (store, keep) = try await Self.filteredStore(backend)
    let date = Date(timeIntervalSince1970: 1_764_000_000)
    func favourites(_ query: PlaceQuery, within radius: Int? = nil) async throws -> FilteredPlaces {
      try await store.filteredFavorites(query, within: radius, at: date)
    }
    let accessible = try await favourites(
      PlaceQuery(category: .cafe, center: Self.center, filters: PlaceFilters(wheelchair: .limited))
    )
    #expect(accessible.places.map(\.id) == ["a", "b"])
    #expect(accessible.excludedUnknown == ["wheelchair": 0])
    #expect(try await favourites(PlaceQuery(text: "ROBERTS", center: Self.center)).places.map(\.id) == ["b"])
    #expect(try await favourites(PlaceQuery(text: "\u{1F355}", center: Self.center)).places.isEmpty)
    #expect(try await favourites(PlaceQuery(text: " ", center: Self.center)).places.map(\.id) == ["a", "b", "e"])
    #expect(try await favourites(PlaceQuery(sort: .rating, center: Self.center)).places.map(\.id) == ["b", "a", "e"])
    #expect(try await favourites(PlaceQuery(center: Self.center), within: 1_000).places.map(\.id) == ["a", "b"])
    let rated = try await favourites(PlaceQuery(center: Self.center, filters: PlaceFilters(minRating: 3)))
    #expect(rated.places.map(\.id) == ["b"])
    #expect(rated.excludedUnknown == ["minRating": 1])
    withExtendedLifetime(keep) {}
  }
}

/// On a shared store `minRating` is the user's own average, as on a SQLite store (where every rating is the user's).
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct SharedMinRatingTests {
  @Test func minRatingCountsTheUsersOwnRatingsOnly() async throws {
    let target = try PostgresTestServer.freshSchema()
    let alice = try PostgresStore.open(target, user: "alice")
    let bob = try PostgresStore.open(target, user: "bob")
    try await alice.upsert(OfflineSearchTests.filtered, replacing: true)
    let date = Date(timeIntervalSince1970: 1_764_000_000)
    _ = try await alice.addRating(placeId: "a", stars: 5, comment: nil)
    _ = try await bob.addRating(placeId: "a", stars: 1, comment: nil)
    _ = try await bob.addRating(placeId: "b", stars: 5, comment: nil)
    let search = PlaceSearch(
      center: OfflineSearchTests.center,
      category: .cafe,
      radiusMeters: 10_000,
      filters: PlaceFilters(minRating: 4)
    )
    let found = try await alice.storedSummaries(for: search, at: date)
    #expect(found.places.map(\.id) == ["a"])
    #expect(found.excludedUnknown == ["minRating": 4])
    // The summary shown is still the team's.
    #expect(found.places.first?.rating?.average == 3)
    #expect(try await bob.storedSummaries(for: search, at: date).places.map(\.id) == ["b"])
  }
}
