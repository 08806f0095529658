import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// One suite for every backend of ``UserDataStore``: SQLite always, PostgreSQL when a server is configured.
@Suite struct UserDataStoreTests {
  static let places = [
    Place(
      id: "p:bislett",
      name: "Bislett Kebab",
      category: .restaurant,
      location: Coordinate(lat: 59.925, lon: 10.732),
      address: "Thereses gate 1",
      cuisine: "kebab",
      openingHours: "Mo-Su 10:00-23:00",
      source: "test",
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000)
    ),
    Place(
      id: "p:\"quoted\\",
      name: "Kaffe «Ø»",
      category: .cafe,
      location: Coordinate(lat: 59.91, lon: 10.75),
      source: "test",
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.25)
    ),
  ]

  static func seeded(_ backend: StoreBackend) async throws -> (store: any PlacesStore, keep: AnyObject?) {
    let opened = try backend.open()
    try await opened.store.upsert(places, replacing: true)
    return opened
  }

  @Test(arguments: StoreBackend.available)
  func placesComeBackAsStored(_ backend: StoreBackend) async throws {
    let (store, keep) = try await Self.seeded(backend)
    for place in Self.places {
      #expect(try await store.place(id: place.id) == place)
    }
    #expect(try await store.place(id: "p:none") == nil)
    withExtendedLifetime(keep) {}
  }

  @Test(arguments: StoreBackend.available)
  func ratingsAddUpAndPage(_ backend: StoreBackend) async throws {
    let (store, keep) = try await Self.seeded(backend)
    let date = Date(timeIntervalSince1970: 1_700_000_100)
    let results = await store.addRatings(
      [
        NewRating(placeId: "p:bislett", stars: 5, comment: "  Best  "),
        NewRating(placeId: "p:bislett", stars: 2),
        NewRating(placeId: "p:bislett", stars: 9),
        NewRating(placeId: "p:none", stars: 3),
        NewRating(placeId: Self.places[1].id, stars: 4, comment: "   "),
      ],
      at: date
    )
    #expect(try results[0].get().rating.comment == "Best")
    #expect(try results[0].get().summary == RatingSummary(total: 5, count: 1))
    #expect(try results[1].get().summary == RatingSummary(total: 7, count: 2))
    #expect(throws: BeaconError.invalidArgument(field: "stars", message: .starsOutOfRange(9))) { try results[2].get() }
    #expect(throws: BeaconError.notFound(.place("p:none"))) { try results[3].get() }
    #expect(try results[4].get().rating.comment == nil)

    let first = try await store.ratings(placeId: "p:bislett", limit: 1, cursor: nil)
    #expect(first.ratings.map(\.stars) == [2])
    #expect(first.ratings.first?.createdAt == date)
    #expect(first.summary == RatingSummary(total: 7, count: 2))
    let second = try await store.ratings(placeId: "p:bislett", limit: 1, cursor: first.nextCursor)
    #expect(second.ratings.map(\.stars) == [5])
    #expect(second.nextCursor == nil)
    await #expect(throws: BeaconError.invalidArgument(field: "cursor", message: .invalidCursor)) {
      try await store.ratings(placeId: Self.places[1].id, limit: 1, cursor: first.nextCursor)
    }
    await #expect(throws: BeaconError.notFound(.place("p:none"))) {
      try await store.ratings(placeId: "p:none", limit: nil, cursor: nil)
    }

    let ids = Self.places.map(\.id) + ["p:none"]
    let expected = [
      "p:bislett": RatingSummary(total: 7, count: 2), Self.places[1].id: RatingSummary(total: 4, count: 1),
    ]
    #expect(try await store.ratingSummaries(for: ids) == expected)
    // One user: every rating is the user's own.
    #expect(try await store.ownRatingSummaries(for: ids) == expected)
    withExtendedLifetime(keep) {}
  }

  @Test(arguments: StoreBackend.available)
  func favouritesAreMarkedOnce(_ backend: StoreBackend) async throws {
    let (store, keep) = try await Self.seeded(backend)
    let id = Self.places[1].id
    let first = try await store.addFavorite(placeId: id, at: Date(timeIntervalSince1970: 1_700_000_200))
    #expect(first.added)
    #expect(first.favorite.isFavorite)
    #expect(first.favorite.name == "Kaffe «Ø»")
    #expect(try await store.addFavorite(placeId: id, at: Date()).added == false)
    #expect(try await store.favoriteIDs(among: Self.places.map(\.id)) == [id])
    await #expect(throws: BeaconError.notFound(.place("p:none"))) {
      try await store.addFavorite(placeId: "p:none", at: Date())
    }
    #expect(try await store.removeFavorite(placeId: id))
    #expect(try await store.removeFavorite(placeId: id) == false)
    #expect(try await store.favoriteIDs(among: Self.places.map(\.id)).isEmpty)
    withExtendedLifetime(keep) {}
  }

  @Test(arguments: StoreBackend.available)
  func settingsUpdateAndReset(_ backend: StoreBackend) async throws {
    let (store, keep) = try await Self.seeded(backend)
    #expect(try await store.settings() == .defaults)
    let updated = try await store.updateSettings(
      SettingsUpdate(center: Coordinate(lat: 60.39, lon: 5.32), radiusMeters: 2_000, sort: .rating, locale: .en)
    )
    #expect(updated.center == Coordinate(lat: 60.39, lon: 5.32))
    #expect(updated.radiusMeters == 2_000)
    #expect(updated.sort == .rating)
    #expect(updated.locale == .en)
    #expect(updated.category == Settings.defaults.category)
    #expect(try await store.settings() == updated)
    await #expect(throws: BeaconError.invalidArgument(field: "radiusMeters", message: .radiusOutOfRange(50))) {
      try await store.updateSettings(SettingsUpdate(radiusMeters: 50))
    }
    #expect(try await store.settings() == updated)
    #expect(try await store.resetSettings() == .defaults)
    withExtendedLifetime(keep) {}
  }
}
