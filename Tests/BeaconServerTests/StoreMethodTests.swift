import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

@Suite struct StoreMethodTests {
  /// An initialized in-process session with two known places.
  static func session(storePath: String = ":memory:", locale: String? = nil) async throws -> InProcessClient {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(storePath: storePath)))
    _ = try await client.send(InitializeRequest(locale: locale))
    let store = try #require(client.beaconServer?.store)
    try await store.upsert([
      Place(
        id: "oslo-1",
        name: "Fiskeriet",
        category: .restaurant,
        location: Coordinate(lat: 59.9135, lon: 10.7490),
        address: "Youngstorget 2b",
        source: "test"
      ),
      Place(
        id: "oslo-2",
        name: "Åpent Bakeri",
        category: .cafe,
        location: Coordinate(lat: 59.9120, lon: 10.7510),
        source: "test"
      ),
    ])
    return client
  }

  @Test func ratingAddReturnsTheRatingAndTheNewSummary() async throws {
    let client = try await Self.session()
    let first = try await client.send(AddRatingRequest(placeId: "oslo-1", stars: 4, comment: "God fisk"))
    #expect(first.rating.placeId == "oslo-1")
    #expect(first.rating.stars == 4)
    #expect(first.rating.comment == "God fisk")
    #expect(first.summary == RatingSummary(stars: [4]))
    let second = try await client.send(AddRatingRequest(placeId: "oslo-1", stars: 5))
    #expect(second.summary.average == 4.5)
    #expect(second.summary.stars == 5)
    #expect(second.summary.fill == 1.0)
    let list = try await client.send(ListRatingsRequest(placeId: "oslo-1"))
    #expect(list.ratings.map(\.stars) == [5, 4])
    #expect(list.summary == second.summary)
  }

  @Test func ratingsGoOnTheWireWithISODates() async throws {
    let client = try await Self.session()
    let result = try await client.call("rating/add", params: ["placeId": "oslo-1", "stars": 3]).get()
    let createdAt = try #require(result["rating"]?["createdAt"]?.stringValue)
    #expect(createdAt.hasSuffix("Z"))
    #expect(createdAt.contains("T"))
    #expect(result["rating"]?["comment"] == nil)
  }

  @Test func ratingListPagesThroughEveryRatingNewestFirstWithTheSummaryOfAll() async throws {
    let client = try await Self.session()
    let store = try #require(client.beaconServer?.store)
    // 250 ratings, three at a time sharing a timestamp, so the order also rests on the id.
    let base = Date(timeIntervalSince1970: 1_800_000_000)
    for index in 0..<250 {
      let at = base.addingTimeInterval(Double(index / 3))
      _ = try await store.addRating(placeId: "oslo-1", stars: index % 5 + 1, comment: nil, at: at)
    }
    let first = try await client.send(ListRatingsRequest(placeId: "oslo-1"))
    #expect(first.ratings.count == ListRatingsRequest.defaultLimit)
    #expect(first.summary?.count == 250)
    var seen = first.ratings
    var cursor = first.nextCursor
    var pages = 1
    while let next = cursor, pages < 10 {
      let page = try await client.send(ListRatingsRequest(placeId: "oslo-1", limit: 50, cursor: next))
      #expect(page.summary == first.summary)
      seen += page.ratings
      cursor = page.nextCursor
      pages += 1
    }
    // 100 + 3 × 50: the last page is exactly full and still says there is nothing more.
    #expect(pages == 4)
    #expect(seen.map(\.id) == (try await store.ratings(placeId: "oslo-1").ratings.map(\.id)))
    #expect(Set(seen.map(\.id)).count == 250)
    let last = try await client.call("rating/list", params: ["placeId": "oslo-1", "limit": 500]).get()
    #expect(last["ratings"]?.arrayValue?.count == 250)
    #expect(last["nextCursor"] == nil, "no nextCursor member on the last page")
  }

  static let badListParams: [(JSONValue, String)] = [
    (["limit": 0], "limit"), (["limit": 501], "limit"), (["cursor": "abc"], "cursor"), (["cursor": "999999"], "cursor"),
  ]

  @Test(arguments: badListParams)
  func ratingListRefusesABadLimitOrCursor(extra: JSONValue, field: String) async throws {
    let client = try await Self.session()
    _ = try await client.send(AddRatingRequest(placeId: "oslo-2", stars: 3))
    var params: [String: JSONValue] = ["placeId": "oslo-1"]
    for (key, value) in extra.objectValue ?? [:] { params[key] = value }
    let error = try #require(failure(await client.call("rating/list", params: .object(params))))
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == .string(field))
  }

  @Test func aCursorFromAnotherPlaceIsRefused() async throws {
    let client = try await Self.session()
    let other = try await client.send(AddRatingRequest(placeId: "oslo-2", stars: 3))
    let result = await client.call(
      "rating/list",
      params: ["placeId": "oslo-1", "cursor": .string(String(other.rating.id))]
    )
    #expect(failure(result)?.data?["field"] == "cursor")
  }

  @Test func ratingListOfAnUnratedPlaceHasANullSummary() async throws {
    let client = try await Self.session()
    let result = try await client.call("rating/list", params: ["placeId": "oslo-2"]).get()
    #expect(result["ratings"] == [])
    #expect(result["summary"] == .null)
  }

  @Test(arguments: [0, 6, -3])
  func starsOutsideOneToFiveAreInvalidParams(stars: Int) async throws {
    let client = try await Self.session()
    let error = try #require(
      failure(await client.call("rating/add", params: ["placeId": "oslo-1", "stars": .int(stars)]))
    )
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == "stars")
    #expect(error.message.contains("1 til 5"))
  }

  @Test func fractionalOrMissingStarsAreInvalidParams() async throws {
    let client = try await Self.session()
    let fractional = try #require(
      failure(await client.call("rating/add", params: ["placeId": "oslo-1", "stars": 4.5]))
    )
    #expect(fractional.code == .invalidParams)
    #expect(fractional.data?["field"] == "stars")
    let missing = try #require(failure(await client.call("rating/add", params: ["placeId": "oslo-1"])))
    #expect(missing.data?["field"] == "stars")
  }

  @Test func anUnknownPlaceIsNotFound() async throws {
    let client = try await Self.session(locale: "en")
    let error = try #require(failure(await client.call("rating/add", params: ["placeId": "ghost", "stars": 3])))
    #expect(error.code == ApplicationErrorCode.notFound)
    #expect(error.kind == "notFound")
    #expect(error.data?["placeId"] == "ghost")
    #expect(error.message == "No place 'ghost' is known; search for it first")
    let listError = try #require(failure(await client.call("rating/list", params: ["placeId": "ghost"])))
    #expect(listError.kind == "notFound")
    let favoriteError = try #require(failure(await client.call("favorites/add", params: ["placeId": "ghost"])))
    #expect(favoriteError.kind == "notFound")
  }

  @Test func favoritesAreIdempotentAndListedLikeSearch() async throws {
    let client = try await Self.session()
    let first = try await client.send(AddFavoriteRequest(placeId: "oslo-1"))
    #expect(first.added)
    #expect(first.favorite.isFavorite)
    #expect(first.favorite.name == "Fiskeriet")
    #expect(try await client.send(AddFavoriteRequest(placeId: "oslo-1")).added == false)
    _ = try await client.send(AddFavoriteRequest(placeId: "oslo-2"))
    _ = try await client.send(AddRatingRequest(placeId: "oslo-2", stars: 5))
    let byName = try await client.send(ListFavoritesRequest(.init(sort: .name)))
    #expect(byName.places.map(\.id) == ["oslo-1", "oslo-2"])  // F before Å.
    let byRating = try await client.send(ListFavoritesRequest(.init(sort: .rating)))
    #expect(byRating.places.map(\.id) == ["oslo-2", "oslo-1"])
    #expect(byRating.places.first?.rating?.stars == 5)
    #expect(byRating.places.last?.rating == nil)
    let cafes = try await client.send(ListFavoritesRequest(.init(category: .cafe)))
    #expect(cafes.places.map(\.id) == ["oslo-2"])
    let text = try await client.send(ListFavoritesRequest(.init(text: "youngstorget")))
    #expect(text.places.map(\.id) == ["oslo-1"])
    // Distances are measured from the stored map centre by default (Oslo S).
    let byDistance = try await client.send(ListFavoritesRequest(.init()))
    #expect(byDistance.places.map(\.id) == ["oslo-2", "oslo-1"])
    #expect(byDistance.places.allSatisfy { $0.distanceMeters != nil })
    #expect(try await client.send(RemoveFavoriteRequest(placeId: "oslo-1")).removed)
    #expect(try await client.send(RemoveFavoriteRequest(placeId: "oslo-1")).removed == false)
    #expect(try await client.send(ListFavoritesRequest(.init())).places.map(\.id) == ["oslo-2"])
  }

  @Test func unratedPlacesCarryAnExplicitNullRating() async throws {
    let client = try await Self.session()
    _ = try await client.send(AddFavoriteRequest(placeId: "oslo-1"))
    let result = try await client.call("favorites/list").get()
    let first = try #require(result["places"]?.arrayValue?.first)
    #expect(first["rating"] == .null)
  }

  @Test func settingsGetUpdateAndReset() async throws {
    let client = try await Self.session()
    #expect(try await client.send(GetSettingsRequest()) == Settings.defaults)
    let updated = try await client.send(UpdateSettingsRequest(SettingsUpdate(radiusMeters: 1_500, sort: .rating)))
    #expect(updated.radiusMeters == 1_500)
    #expect(updated.sort == .rating)
    #expect(updated.category == .restaurant)
    #expect(try await client.send(GetSettingsRequest()) == updated)
    #expect(try await client.send(ResetSettingsRequest()) == Settings.defaults)
  }

  @Test func invalidSettingsNameTheirField() async throws {
    let client = try await Self.session()
    let radius = try #require(failure(await client.call("settings/update", params: ["radiusMeters": 20_000])))
    #expect(radius.code == .invalidParams)
    #expect(radius.data?["field"] == "radiusMeters")
    let category = try #require(failure(await client.call("settings/update", params: ["category": "bar"])))
    #expect(category.data?["field"] == "category")
    let center = try #require(
      failure(await client.call("settings/update", params: ["center": ["lat": 95, "lon": 0]]))
    )
    #expect(center.data?["field"] == "center")
    #expect(try await client.send(GetSettingsRequest()) == Settings.defaults)
  }

  @Test func aStoredLocaleIsTheSessionLanguageUnlessOneIsGiven() async throws {
    let directory = TemporaryDirectory()
    let path = directory.storePath
    do {
      let client = try await Self.session(storePath: path)
      _ = try await client.send(UpdateSettingsRequest(SettingsUpdate(locale: .nn)))
      // The change applies at once.
      let error = try #require(failure(await client.call("x/y")))
      #expect(error.message == "Ukjend metode 'x/y'")
    }
    let reopened = InProcessClient(options: .inMemory(flags: BeaconOptions(storePath: path)))
    #expect(try await reopened.send(InitializeRequest()).locale == "nn")
    let explicit = InProcessClient(options: .inMemory(flags: BeaconOptions(storePath: path)))
    #expect(try await explicit.send(InitializeRequest(locale: "en")).locale == "en")
  }

  @Test func anUnopenableStoreFailsInitializeNamingThePath() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("not-a-folder")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let path = file + "/store.sqlite"
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(storePath: path)))
    let error = try #require(failure(await client.call("initialize", params: [:])))
    #expect(error.code == ApplicationErrorCode.storeUnavailable)
    #expect(error.data?["path"] == .string(path))
    #expect(error.message.contains(path))
  }
}
