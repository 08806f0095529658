import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

/// The places cache on both backends: upstream answers kept byte for byte with their fetch time, found by key range
/// and content, pruned by age; and the places service on each store, fresh, cached, then stale when Geoapify fails.
@Suite struct PlacesCacheTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000.5)

  @Test(arguments: StoreBackend.available)
  func answersKeepTheirBytesAndFetchTimeAndOldOnesArePruned(_ backend: StoreBackend) async throws {
    let (store, keep) = try backend.open()
    let key = "/v2/places?categories=catering.cafe&limit=10"
    // Bytes no text column would keep: NUL, an invalid UTF-8 byte, and a literal `\x`.
    let odd: [UInt8] = [0, 0xff, 0x5c, 0x78, 0x41] + Array(#"{"features":[]}"#.utf8)
    #expect(try await store.cachedResponse(key: key) == nil)
    try await store.cacheResponse(key: key, body: odd, at: Self.start)
    #expect(try await store.cachedResponse(key: key) == CachedResponse(body: odd, fetchedAt: Self.start))
    let later = Self.start.addingTimeInterval(60)
    try await store.cacheResponse(key: key, body: Array("{}".utf8), at: later)
    #expect(try await store.cachedResponse(key: key) == CachedResponse(body: Array("{}".utf8), fetchedAt: later))

    // The answers of one path (`?` then the query) that name an id, newest first; compared byte by byte, so
    // neither a key after `@` nor one of a longer path comes in.
    let path = "/v1/geocode/autocomplete"
    let older = Array(#"{"id":"X1","text":"fisk"}"#.utf8)
    let newer = Array(#"{"id":"X1","text":"fiske"}"#.utf8)
    try await store.cacheResponse(key: path + "?text=fisk", body: older, at: later)
    try await store.cacheResponse(key: path + "?text=fiske", body: newer, at: later.addingTimeInterval(1))
    try await store.cacheResponse(key: path + "?text=other", body: Array(#"{"id":"X2"}"#.utf8), at: later)
    try await store.cacheResponse(key: path + "@", body: older, at: later)
    try await store.cacheResponse(key: path + "s?text=fisk", body: older, at: later)
    try await store.cacheResponse(key: path + "-?text=fisk", body: older, at: later)
    let keys = (path + "?")..<(path + "@")
    #expect(try await store.cachedBodies(keys: keys, containing: "X1", limit: 5) == [newer, older])
    #expect(try await store.cachedBodies(keys: keys, containing: "X1", limit: 1) == [newer])
    #expect(try await store.cachedBodies(keys: keys, containing: "X3", limit: 5) == [])

    // Answers older than the retention go when the next one is kept.
    try await store.cacheResponse(key: "/v1/ipinfo?", body: [1], at: later.addingTimeInterval(Store.cacheRetention + 1))
    #expect(try await store.cachedResponse(key: key) == nil)
    #expect(try await store.cachedResponse(key: path + "?text=fiske") != nil)
    withExtendedLifetime(keep) {}
  }

  @Test(arguments: StoreBackend.available)
  func liveAnswersAreCachedThenServedStaleWhenGeoapifyFails(_ backend: StoreBackend) async throws {
    let (store, keep) = try backend.open()
    let server = try GeoapifyFixtures.server()
    let clock = TestClock(Date(timeIntervalSince1970: 1_764_000_000))
    let client = GeoapifyClient(
      baseURL: server.baseURL,
      apiKey: APIKey("k"),
      transport: URLSessionTransport()
    )
    let service = PlacesService(store: store, client: client, now: { clock.now })
    let search = PlaceSearch(center: Coordinate(lat: 59.9111, lon: 10.7503), category: .restaurant, radiusMeters: 5_000)

    let live = try await service.search(search)
    #expect(live.source == .live)
    #expect(!live.stale)
    #expect(live.places.count == 10)
    // Within the time to live: the cache, nothing asked.
    clock.advance(by: 3_600)
    let cached = try await service.search(search)
    #expect(cached.source == .cache)
    #expect(!cached.stale)
    #expect(cached.fetchedAt == live.fetchedAt)
    #expect(server.requestCount(path: "/v2/places") == 1)
    // A day later Geoapify fails: the cached answer, marked stale, with its fetch time.
    clock.advance(by: 24 * 3_600)
    server.enqueue(.json(GeoapifyFixtures.text("error-500.json"), status: 500), forPath: "/v2/places")
    let stale = try await service.search(search)
    #expect(stale.source == .cache)
    #expect(stale.stale)
    #expect(stale.fetchedAt == live.fetchedAt)
    #expect(stale.places.map(\.id) == live.places.map(\.id))
    #expect(server.requestCount(path: "/v2/places") == 2)

    // Details: live, learned by the store, then stale from the cache once Geoapify is gone.
    let id = GeoapifyFixtures.detailsRestaurantID
    let details = try await service.details(id: id)
    #expect(details.source == .live)
    #expect(details.place.phone == "+4723108840")
    #expect(try await store.place(id: id)?.detailsJSON != nil)
    server.stop()
    let again = try await service.details(id: id, refresh: true)
    #expect(again.source == .cache)
    #expect(again.stale)
    #expect(again.place.phone == "+4723108840")
    withExtendedLifetime(keep) {}
  }
}
