import Foundation
import Testing

@testable import BeaconCore

/// Text from clients reaches SQL only as bound values, and FTS5 syntax in a search is matched literally.
@Suite struct HostileInputTests {
  static let center = Coordinate(lat: 59.91, lon: 10.75)
  static let names = ["Robert'); DROP TABLE place;--", "Kafé \"Ost\" OR Brød", "NEAR(a b) * ^start"]

  static func store() async throws -> Store {
    let store = try Store.open(path: ":memory:")
    try await store.upsert(
      names.enumerated().map { index, name in
        Place(id: "h:\(index)", name: name, category: .cafe, location: center, source: "test")
      }
    )
    return store
  }

  @Test(arguments: [
    ("DROP", ["h:0"]), ("'); DROP TABLE place;--", ["h:0"]), ("\"Ost\"", ["h:1"]), ("OR Brød", ["h:1"]),
    ("NEAR(a", ["h:2"]), ("^start", ["h:2"]), ("AND OR NOT", []),
    // Punctuation alone has no words to look for: it matches no place (blank text is no filter).
    ("*", []), ("\"", []), ("\u{0}", []), (" ", ["h:0", "h:1", "h:2"]),
  ])
  func searchTextIsMatchedLiterally(text: String, expected: [String]) async throws {
    let store = try await Self.store()
    let found = try await store.places(near: Self.center, radiusMeters: 100, category: nil, text: text)
    #expect(found.map(\.id).sorted() == expected)
    // The schema is intact afterwards.
    #expect(try await store.places(near: Self.center, radiusMeters: 100, category: nil, text: nil).count == 3)
    #expect(try await store.integrityCheck() == "ok")
  }

  @Test func hostileIdsAndNamesRoundTripThroughRatingsAndFavourites() async throws {
    let store = try await Self.store()
    let id = "h:0"
    _ = try await store.addRating(placeId: id, stars: 5, comment: Self.names[0])
    _ = try await store.addFavorite(placeId: id)
    #expect(try await store.place(id: id)?.name == Self.names[0])
    #expect(try await store.ratings(placeId: id).ratings.first?.comment == Self.names[0])
    await #expect(throws: BeaconError.notFound(.place("x'); DROP TABLE rating;--"))) {
      try await store.addRating(placeId: "x'); DROP TABLE rating;--", stars: 1, comment: nil)
    }
    #expect(try await store.ratings(placeId: id).ratings.count == 1)
  }
}
