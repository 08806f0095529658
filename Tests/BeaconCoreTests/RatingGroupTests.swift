import Foundation
import Testing

@testable import BeaconCore

/// `Store.addRatings`: many ratings in one transaction, each with the summary right after it, and failures that
/// stay with the rating that caused them.
@Suite struct RatingGroupTests {
  static func store() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    try await store.upsert(
      ["a", "b"].map { id in
        Place(id: id, name: "Sted \(id)", category: .cafe, location: Coordinate(lat: 59.9, lon: 10.7), source: "test")
      }
    )
    return store
  }

  @Test func eachRatingComesBackWithTheSummaryRightAfterIt() async throws {
    let store = try await Self.store()
    _ = try await store.addRating(placeId: "a", stars: 2, comment: nil)
    let results = await store.addRatings([
      NewRating(placeId: "a", stars: 4),
      NewRating(placeId: "b", stars: 5, comment: "  Godt  "),
      NewRating(placeId: "a", stars: 5, comment: "   "),
    ])
    let added = try results.map { try $0.get() }
    #expect(added.map(\.summary.count) == [2, 1, 3])
    #expect(added.map(\.summary.average) == [3, 5, 11.0 / 3])
    #expect(added.map(\.rating.comment) == [nil, "Godt", nil])
    #expect(Set(added.map(\.rating.id)).count == 3)
    let stored = try await store.ratings(placeId: "a")
    #expect(stored.ratings.count == 3)
    #expect(stored.summary == added[2].summary)
  }

  @Test func anInvalidValueOrUnknownPlaceFailsOnlyThatRating() async throws {
    let store = try await Self.store()
    let results = await store.addRatings([
      NewRating(placeId: "a", stars: 3),
      NewRating(placeId: "a", stars: 9),
      NewRating(placeId: "nowhere", stars: 4),
      NewRating(placeId: "a", stars: 4, comment: String(repeating: "x", count: Store.maxCommentLength + 1)),
      NewRating(placeId: "a", stars: 5),
    ])
    #expect(try results[0].get().summary.count == 1)
    #expect(throws: BeaconError.invalidArgument(field: "stars", message: .starsOutOfRange(9))) { try results[1].get() }
    #expect(throws: BeaconError.notFound(.place("nowhere"))) { try results[2].get() }
    #expect(throws: BeaconError.self) { try results[3].get() }
    #expect(try results[4].get().summary.count == 2)
    #expect(try await store.ratings(placeId: "a").ratings.map(\.stars) == [5, 3])
  }

  @Test func hostileTextIsStoredAsTextAndTheSchemaSurvives() async throws {
    let store = try await Self.store()
    let hostile = "'); DROP TABLE rating;--"
    let results = await store.addRatings([NewRating(placeId: "a", stars: 1, comment: hostile)])
    #expect(try results[0].get().rating.comment == hostile)
    #expect(try await store.ratings(placeId: "a").ratings.first?.comment == hostile)
    #expect(try await store.integrityCheck() == "ok")
  }
}
