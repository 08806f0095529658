import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// Several users on one PostgreSQL store: ratings keep their author, favourites and settings are each user's.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct SharedStoreTests {
  static let place = Place(
    id: "p:lunch",
    name: "Lunsj",
    category: .restaurant,
    location: Coordinate(lat: 59.91, lon: 10.75),
    source: "test"
  )

  @Test func teamAverageAndOwnRatings() async throws {
    let target = try PostgresTestServer.freshSchema()
    let alice = try PostgresStore.open(target, user: "alice")
    let bob = try PostgresStore.open(target, user: "bob")
    try await alice.upsert([Self.place], replacing: true)

    _ = try await alice.addRatings([NewRating(placeId: "p:lunch", stars: 5)], at: Date())[0].get()
    let bobs = try await bob.addRatings([NewRating(placeId: "p:lunch", stars: 2, comment: "salt")], at: Date())[0].get()
    #expect(bobs.summary == RatingSummary(total: 7, count: 2))
    _ = try await bob.addRatings([NewRating(placeId: "p:lunch", stars: 3)], at: Date())[0].get()

    let team = RatingSummary(total: 10, count: 3)
    #expect(try await alice.ratingSummaries(for: ["p:lunch"]) == ["p:lunch": team])
    #expect(try await bob.ratingSummaries(for: ["p:lunch"]) == ["p:lunch": team])
    #expect(try await alice.ownRatingSummaries(for: ["p:lunch"]) == ["p:lunch": RatingSummary(total: 5, count: 1)])
    #expect(try await bob.ownRatingSummaries(for: ["p:lunch"]) == ["p:lunch": RatingSummary(total: 5, count: 2)])

    let listed = try await alice.authoredRatings(placeId: "p:lunch")
    #expect(listed.ratings.map(\.author).sorted() == ["alice", "bob", "bob"])
    #expect(listed.ratings.first { $0.rating.comment == "salt" }?.author == "bob")
    #expect(listed.summary == team)
  }

  @Test func favouritesAndSettingsAreEachUsers() async throws {
    let target = try PostgresTestServer.freshSchema()
    let alice = try PostgresStore.open(target, user: "alice")
    let bob = try PostgresStore.open(target, user: "bob")
    try await alice.upsert([Self.place], replacing: true)

    #expect(try await alice.addFavorite(placeId: "p:lunch", at: Date()).added)
    #expect(try await bob.favoriteIDs(among: ["p:lunch"]).isEmpty)
    #expect(try await bob.addFavorite(placeId: "p:lunch", at: Date()).added)
    #expect(try await alice.removeFavorite(placeId: "p:lunch"))
    #expect(try await bob.favoriteIDs(among: ["p:lunch"]) == ["p:lunch"])

    _ = try await alice.updateSettings(SettingsUpdate(radiusMeters: 2_000, locale: .nn))
    #expect(try await bob.settings() == .defaults)
    _ = try await bob.updateSettings(SettingsUpdate(radiusMeters: 9_000))
    #expect(try await alice.settings().radiusMeters == 2_000)
    #expect(try await alice.settings().locale == .nn)
    _ = try await bob.resetSettings()
    #expect(try await alice.settings().radiusMeters == 2_000)
  }
}
