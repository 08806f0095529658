import Foundation
import Testing

@testable import BeaconCore

extension Store {
  /// How many times the statement of the ids' rating sums and favourite marks has run so far.
  fileprivate func marksQueries() throws -> Int { try database.statement(Self.marksSQL).runs }

  /// Sets a place's details to NULL (an upsert keeps the stored ones).
  fileprivate func clearDetails(of id: String) throws {
    try database.run("UPDATE place SET details = NULL WHERE id = ?", [id])
  }
}

/// What a search reads from the store, read more cheaply: a store without ratings or favourites is not asked about
/// each place, and a place's details text known from an earlier search is not copied again; the summaries are what
/// they were.
@Suite struct SearchReadingTests {
  static let center = Coordinate(lat: 62.0, lon: 9.0)  // Far from the demo places (loaded by a search).

  static func details(_ tags: String) -> String { #"{"properties":{"datasource":{"raw":{\#(tags)}}}}"# }

  static func store() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    let places = (0..<6).map { index in
      Place(
        id: "s:\(index)",
        name: "Sted \(index)",
        category: .restaurant,
        location: Coordinate(lat: center.lat + Double(index) * 0.001, lon: center.lon),
        detailsJSON: index % 2 == 0 ? details(#""diet:vegan":"yes","wheelchair":"limited""#) : nil,
        source: "test"
      )
    }
    try await store.upsert(places)
    return store
  }

  static func search(_ store: Store) async throws -> [PlaceSummary] {
    let search = PlaceSearch(center: center, category: .restaurant, radiusMeters: 1_000)
    return PlaceSort.distance.sorted(try await store.storedSummaries(for: search, at: Date()).places)
  }

  @Test func aStoreWithoutMarksIsNotAskedAboutEachPlace() async throws {
    let store = try await Self.store()
    let before = try await store.marksQueries()
    let plain = try await Self.search(store)
    #expect(plain.count == 6 && plain.allSatisfy { $0.rating == nil && !$0.isFavorite })
    #expect(try await store.marksQueries() == before)
    // A favourite alone, then a rating alone on another place: each shows, on its place only.
    _ = try await store.addFavorite(placeId: "s:2")
    var marked = try await Self.search(store)
    #expect(marked.map(\.isFavorite) == [false, false, true, false, false, false])
    #expect(marked.allSatisfy { $0.rating == nil })
    _ = try await store.removeFavorite(placeId: "s:2")
    _ = try await store.addRating(placeId: "s:4", stars: 4, comment: nil)
    _ = try await store.addRating(placeId: "s:4", stars: 1, comment: nil)
    marked = try await Self.search(store)
    #expect(marked.allSatisfy { !$0.isFavorite })
    #expect(marked.map { $0.rating?.count ?? 0 } == [0, 0, 0, 0, 2, 0])
    #expect(marked[4].rating == RatingSummary(total: 5, count: 2))
    #expect(try await store.marksQueries() > before)
  }

  @Test func detailsKnownFromAnEarlierSearchGiveTheSameSummaries() async throws {
    let store = try await Self.store()
    let first = try await Self.search(store)
    let again = try await Self.search(store)
    #expect(again == first)
    #expect(first[0].facts.wheelchair == .limited && first[1].facts.wheelchair == nil)
    // Changed details of the same length (other bytes) are read anew; a place losing its details loses its facts.
    var changed = try #require(try await store.place(id: "s:0"))
    changed.detailsJSON = Self.details(#""diet:vegan":"yes","wheelchair":"partial""#)
    try await store.upsert([changed], replacing: true)
    try await store.clearDetails(of: "s:2")
    let after = try await Self.search(store)
    #expect(after[0].facts.wheelchair == nil && after[0].facts.diet == [.vegan])
    #expect(after[2].facts.wheelchair == nil && after[2].facts.diet.isEmpty)
    #expect(after[4].facts.wheelchair == .limited)
    #expect(try await Self.search(store) == after)
  }
}
