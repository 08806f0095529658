import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The set-based search work gives what the per-list queries gave: rating summaries and favourite marks read
/// together, facts remembered per details text, and the settings read again whenever the store changed.
@Suite struct SearchWorkTests {
  let directory = TemporaryDirectory()

  @Test func ratingsAndFavoritesTogetherEqualTheSeparateQueries() async throws {
    let store = try Store.open(path: directory.file("beacon.sqlite"))
    let places = (0..<5).map { StoreTests.place("p\($0)", "Sted \($0)") }
    try await store.upsert(places)
    _ = try await store.addRating(placeId: "p1", stars: 5, comment: nil)
    _ = try await store.addRating(placeId: "p1", stars: 2, comment: nil)
    _ = try await store.addRating(placeId: "p3", stars: 4, comment: nil)
    _ = try await store.addFavorite(placeId: "p3")
    _ = try await store.addFavorite(placeId: "p4")
    let ids = ["p0", "p1", "p2", "p3", "p4", "p1", "unknown"]
    let (ratings, favorites) = try await store.ratingsAndFavorites(of: ids)
    #expect(ratings == (try await store.ratingSummaries(for: ids)))
    #expect(favorites == (try await store.favoriteIDs(among: ids)))
    #expect(ratings["p1"]?.count == 2)
    #expect(favorites == ["p3", "p4"])
    #expect(try await store.ratingsAndFavorites(of: []).0.isEmpty)
  }

  @Test func rememberedFactsFollowTheDetailsText() async throws {
    let store = try Store.open(path: directory.file("beacon.sqlite"))
    func place(_ tags: String, cuisine: String? = nil) -> Place {
      var place = StoreTests.place("p", "Sted", cuisine: cuisine)
      place.detailsJSON = #"{"properties":{"datasource":{"raw":{\#(tags)}}}}"#
      return place
    }
    for candidate in [
      place(#""diet:vegan":"yes","wheelchair":"limited""#),
      place(#""diet:vegan":"no""#, cuisine: "pizza;Sushi"),
      place(#""diet:vegan":"yes","wheelchair":"limited""#, cuisine: "thai"),
      place(#""outdoor_seating":"yes","cuisine":"kebab""#, cuisine: "thai"),
      place("not json"),
      place(#""diet:vegan":"yes""#),
    ] {
      // Asked twice: the second answer comes from memory and must be the same.
      #expect(await store.resolvedFacts(of: candidate) == candidate.resolvedFacts)
      #expect(await store.resolvedFacts(of: candidate) == candidate.resolvedFacts)
    }
  }

  @Test func settingsForSearchSeeOwnAndOtherConnectionsWrites() async throws {
    let path = directory.file("beacon.sqlite")
    let store = try Store.open(path: path)
    let other = try Store.open(path: path)
    #expect(try await store.settingsForSearch().settings.radiusMeters == Settings.defaults.radiusMeters)
    #expect(try await store.settingsForSearch().hasStoredCenter == false)
    _ = try await other.updateSettings(SettingsUpdate(radiusMeters: 2_345))
    #expect(try await store.settingsForSearch().settings.radiusMeters == 2_345)
    _ = try await store.updateSettings(SettingsUpdate(center: Coordinate(lat: 60, lon: 11)))
    let own = try await store.settingsForSearch()
    #expect(own.hasStoredCenter && own.settings.center == Coordinate(lat: 60, lon: 11))
    _ = try await other.resetSettings()
    #expect(try await store.settingsForSearch().hasStoredCenter == false)
    _ = try await store.updateSettings(SettingsUpdate(radiusMeters: 3_000))
    _ = try await store.resetSettings()
    #expect(try await store.settingsForSearch().settings.radiusMeters == Settings.defaults.radiusMeters)
  }
}
