import BeaconSync
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `GeoapifyClient` and `PlacesService` against a real HTTP server on 127.0.0.1, through URLSession.
///
/// Serialized: the rate-limit test measures arrival times, and the timeout tests wait on the wall clock;
/// running them beside a dozen other tests would only add noise.
@Suite(.serialized) struct GeoapifyClientTests {
  static let key = "sk-test-key"
  static let center = Coordinate.osloCentralStation

  let server: LoopbackHTTPServer
  let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))

  init() throws {
    server = try LoopbackHTTPServer()
  }

  // MARK: - Helpers

  func makeClient(baseURL: URL? = nil, apiKey: APIKey? = APIKey(Self.key)) -> GeoapifyClient {
    GeoapifyClient(
      baseURL: baseURL ?? server.baseURL,
      apiKey: apiKey,
      transport: URLSessionTransport(connectTimeout: 1, totalTimeout: 2)
    )
  }

  func makeService(
    store: Store? = nil,
    baseURL: URL? = nil,
    apiKey: APIKey? = APIKey(Self.key)
  ) throws -> (service: PlacesService, store: Store) {
    let store = try store ?? Store.open(path: ":memory:")
    let clock = clock
    let service = PlacesService(
      store: store,
      client: makeClient(baseURL: baseURL, apiKey: apiKey),
      now: { clock.now }
    )
    return (service, store)
  }

  /// Answers every path with its fixture: Places with `places`, details, autocomplete and IP info with theirs.
  func serveFixtures(places: String = "places-oslo-cafes.json") {
    let places = GeoapifyFixtures.text(places)
    let details = GeoapifyFixtures.text("place-details-restaurant.json")
    let autocomplete = GeoapifyFixtures.text("autocomplete-oslo-geojson.json")
    let ipinfo = GeoapifyFixtures.text("ipinfo-oslo.json")
    server.handler = { request in
      switch request.path {
      case "/v2/places": .json(places)
      case "/v2/place-details": .json(details)
      case "/v1/geocode/autocomplete": .json(autocomplete)
      case "/v1/ipinfo": .json(ipinfo)
      default: .notFound
      }
    }
  }

  static func search(
    _ category: PlaceCategory = .cafe,
    radius: Int = 1500,
    text: String? = nil,
    sort: PlaceSort = .distance,
    scope: SearchScope = .all,
    limit: Int = 20,
    refresh: Bool = false,
    language: Language = .nb
  ) -> PlaceSearch {
    PlaceSearch(
      center: center,
      category: category,
      radiusMeters: radius,
      text: text,
      sort: sort,
      scope: scope,
      limit: limit,
      refresh: refresh,
      language: language
    )
  }

  var placesRequests: Int { server.requestCount(path: "/v2/places") }

  // MARK: - The request on the wire

  @Test func searchSendsTheDocumentedQuery() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search(.cafe, radius: 1500, text: "kaffe", limit: 20, language: .nb))
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.path == "/v2/places")
    #expect(
      request.queryItems == [
        "categories": "catering.cafe",
        "filter": "circle:10.7503,59.9111,1500",
        "bias": "proximity:10.7503,59.9111",
        "limit": "20",
        "lang": "nb",
        "name": "kaffe",
      ]
    )
  }

  @Test func searchWithoutTextSendsNoName() async throws {
    serveFixtures(places: "places-oslo-hotels.json")
    let (service, _) = try makeService()
    _ = try await service.search(Self.search(.hotel, radius: 800, text: "  ", limit: 5, language: .en))
    let request = try #require(server.requests.first)
    #expect(
      request.queryItems == [
        "categories": "accommodation.hotel",
        "filter": "circle:10.7503,59.9111,800",
        "bias": "proximity:10.7503,59.9111",
        "limit": "5",
        "lang": "en",
      ]
    )
  }

  @Test func searchTextWithSpecialCharactersArrivesIntact() async throws {
    serveFixtures(places: "places-empty.json")
    let (service, _) = try makeService()
    let text = "Hav & Havre+1 = ærlig/ø?å#"
    _ = try await service.search(Self.search(.restaurant, text: text))
    let request = try #require(server.requests.first)
    #expect(request.queryItems["name"] == text)
    #expect(request.queryItems["categories"] == "catering.restaurant")
    // A literal "+" in a query reads as a space to most servers; it must travel as %2B.
    #expect(!request.target.contains("+"))
  }

  @Test func theKeyTravelsOnlyInTheHeader() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search())
    _ = try await service.details(id: GeoapifyFixtures.detailsRestaurantID)
    _ = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    let requests = server.requests
    #expect(requests.count == 3)
    for request in requests {
      #expect(request.header("x-api-key") == Self.key)
      #expect(!request.target.contains(Self.key))
      #expect(!request.queryItems.keys.contains { $0.lowercased() == "apikey" })
      #expect(!request.queryItems.values.contains(Self.key))
    }
  }

  @Test func detailsSendsTheIdToPlaceDetails() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.details(id: GeoapifyFixtures.detailsRestaurantID, language: .nb)
    #expect(result.place.name == "Bryggehallen Matsal")
    let request = try #require(server.requests.first)
    #expect(request.path == "/v2/place-details")
    #expect(request.queryItems["id"] == GeoapifyFixtures.detailsRestaurantID)
    #expect(request.queryItems["features"] == "details")
    #expect(request.queryItems["lang"] == "nb")
  }

  @Test func autocompleteSendsTextLimitAndBias() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let suggestions = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    #expect(suggestions.count == 5)
    let request = try #require(server.requests.first)
    #expect(request.path == "/v1/geocode/autocomplete")
    #expect(request.queryItems["text"] == "fisk")
    #expect(request.queryItems["limit"] == "5")
    #expect(request.queryItems["bias"] == "proximity:10.7503,59.9111")
    #expect(request.queryItems["lang"] == "nb")
  }

  @Test func autocompleteWithoutCenterSendsNoBias() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.autocomplete(text: "fisk", center: nil, limit: 3, language: .en)
    let request = try #require(server.requests.first)
    #expect(request.queryItems == ["text": "fisk", "limit": "3", "lang": "en"])
  }

  @Test func ipLocationReadsTheServersAnswer() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let (location, city) = try await service.locateByIP()
    #expect(location == Coordinate(lat: 59.9127, lon: 10.7461))
    #expect(city == "Oslo")
    #expect(server.requests.map(\.path) == ["/v1/ipinfo"])
  }

  // MARK: - Coalescing and rate limit

  @Test func identicalConcurrentRequestsReachTheServerOnce() async throws {
    let body = GeoapifyFixtures.text("places-oslo-cafes.json")
    server.handler = { _ in .json(body, delay: 0.3) }
    let client = makeClient()
    let query = [("categories", "catering.cafe"), ("limit", "10")]
    let results = await withTaskGroup(of: Result<[UInt8], BeaconError>.self) { group in
      for _ in 0..<5 {
        group.addTask {
          do throws(BeaconError) {
            return .success(try await client.get(path: "/v2/places", query: query))
          } catch {
            return .failure(error)
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 5)
    for result in results {
      #expect((try? result.get()) == Array(body.utf8))
    }
    #expect(server.requests.count == 1)
  }

  @Test func requestsStayUnderFivePerSecond() async throws {
    let arrivals = Locked<[ContinuousClock.Instant]>([])
    server.handler = { _ in
      arrivals.withLock { $0.append(.now) }
      return .json(#"{"type": "FeatureCollection", "features": []}"#)
    }
    let client = makeClient()
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<12 {
        group.addTask {
          (try? await client.get(path: "/v2/places", query: [("limit", String(index + 1))])) != nil
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 12))
    let times = arrivals.withLock { $0 }.sorted()
    #expect(times.count == 12)
    // Never more than 5 arrivals within any 1-second window, as Geoapify counts them.
    let window = Duration.seconds(1)
    let busiest = times.map { start in times.count { $0 >= start && $0 - start < window } }.max() ?? 0
    #expect(busiest <= 5)
  }

  // MARK: - Cache: time to live and refresh

  @Test func aRepeatedSearchComesFromTheCacheUntilADayHasPassed() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let first = try await service.search(Self.search())
    #expect(first.source == .live)
    #expect(first.stale == false)
    #expect(first.fetchedAt == clock.now)

    clock.advance(by: 3600)
    let second = try await service.search(Self.search())
    #expect(placesRequests == 1)
    #expect(second.source == .cache)
    #expect(second.stale == false)
    #expect(second.places == first.places)
    #expect(second.fetchedAt == first.fetchedAt)

    clock.advance(by: 24 * 3600 - 3600 - 1)
    _ = try await service.search(Self.search())
    #expect(placesRequests == 1)

    clock.advance(by: 2)
    let third = try await service.search(Self.search())
    #expect(placesRequests == 2)
    #expect(third.source == .live)
    #expect(third.fetchedAt == clock.now)
  }

  @Test func aDifferentSearchIsNotServedFromTheCache() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search(radius: 1500))
    _ = try await service.search(Self.search(radius: 1000))
    _ = try await service.search(Self.search(radius: 1500, text: "kaffe"))
    #expect(placesRequests == 3)
  }

  @Test func refreshGoesUpstreamEvenWhenTheCacheIsFresh() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search())
    let refreshed = try await service.search(Self.search(refresh: true))
    #expect(placesRequests == 2)
    #expect(refreshed.source == .live)
    #expect(refreshed.stale == false)
  }

  @Test func detailsStayFreshForSevenDays() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let id = GeoapifyFixtures.detailsRestaurantID
    let first = try await service.details(id: id)
    #expect(first.source == .live)
    clock.advance(by: 7 * 24 * 3600 - 1)
    let second = try await service.details(id: id)
    #expect(second.source == .cache)
    #expect(second.stale == false)
    // Opening hours are read again at the later time; everything else is the cached answer.
    #expect(second.place.timeless == first.place.timeless)
    #expect(server.requestCount(path: "/v2/place-details") == 1)
    clock.advance(by: 2)
    let third = try await service.details(id: id)
    #expect(third.source == .live)
    #expect(server.requestCount(path: "/v2/place-details") == 2)
    _ = try await service.details(id: id, refresh: true)
    #expect(server.requestCount(path: "/v2/place-details") == 3)
  }

  @Test func autocompleteStaysFreshForAnHour() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let first = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    clock.advance(by: 3600 - 1)
    let second = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    #expect(second == first)
    #expect(server.requestCount(path: "/v1/geocode/autocomplete") == 1)
    clock.advance(by: 2)
    _ = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    #expect(server.requestCount(path: "/v1/geocode/autocomplete") == 2)
  }

  // MARK: - Stale fallback

  enum Outage: String, CaseIterable, Sendable {
    case serverError, rateLimited, timeout, stopped
  }

  @Test(arguments: Outage.allCases)
  func anOutageAfterTheTimeToLiveServesTheCachedAnswerAsStale(outage: Outage) async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let fresh = try await service.search(Self.search())
    clock.advance(by: 25 * 3600)
    switch outage {
    case .serverError: server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: 500) }
    case .rateLimited: server.handler = { _ in .json(GeoapifyFixtures.text("error-429.json"), status: 429) }
    case .timeout: server.handler = { _ in .fault(.neverFinish) }
    case .stopped: server.stop()
    }
    let stale = try await service.search(Self.search())
    #expect(stale.source == .cache)
    #expect(stale.stale == true)
    #expect(stale.places.map(\.timeless) == fresh.places.map(\.timeless))
    #expect(stale.fetchedAt == fresh.fetchedAt)
    #expect(stale.places.count == 10)
    if outage != .stopped { #expect(placesRequests == 2) }
  }

  @Test func anOutageWithNothingCachedIsUpstreamUnavailable() async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: 500) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error?.kind == "upstreamUnavailable")
  }

  @Test func aRejectedRequestDoesNotFallBackToTheCache() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search())
    clock.advance(by: 25 * 3600)
    server.handler = { _ in .json(GeoapifyFixtures.text("error-401.json"), status: 401) }
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error == .invalidAPIKey)
  }

  @Test func anUnusableAnswerIsNotCached() async throws {
    server.handler = { _ in .text("<html>gateway hiccup</html>") }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error?.kind == "upstreamUnavailable")
    serveFixtures()
    let result = try await service.search(Self.search())
    #expect(result.source == .live)
    #expect(result.places.count == 10)
    #expect(placesRequests == 2)
  }

  @Test func anUnusableAnswerFallsBackToTheStaleCache() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let fresh = try await service.search(Self.search())
    clock.advance(by: 25 * 3600)
    server.handler = { _ in .json(#"{"type": "FeatureCollection"}"#) }
    let stale = try await service.search(Self.search())
    #expect(stale.source == .cache)
    #expect(stale.stale == true)
    #expect(stale.places.map(\.timeless) == fresh.places.map(\.timeless))
  }

  // MARK: - Faults

  @Test(arguments: [401, 403])
  func aRefusedKeyIsInvalidAPIKey(status: Int) async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-401.json"), status: status) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error == .invalidAPIKey)
  }

  @Test func tooManyRequestsHonoursRetryAfterAndPausesLaterCalls() async throws {
    server.handler = { _ in
      .json(GeoapifyFixtures.text("error-429.json"), status: 429, headers: ["Retry-After": "7"])
    }
    let client = makeClient()
    let first = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [("limit", "1")])
    }
    #expect(first == .rateLimited(retryAfterSeconds: 7))
    let second = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [("limit", "2")])
    }
    guard case .rateLimited(let seconds) = second else {
      Issue.record("expected rateLimited, got \(String(describing: second))")
      return
    }
    #expect((1...7).contains(seconds))
    #expect(server.requests.count == 1)
  }

  @Test func tooManyRequestsWithoutRetryAfterBacksOffTwoSeconds() async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-429.json"), status: 429) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error == .rateLimited(retryAfterSeconds: 2))
    #expect(GeoapifyClient.defaultBackoffSeconds == 2)
  }

  @Test func aBadRequestCarriesGeoapifysMessage() async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-400.json"), status: 400) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [("limit", "501")])
    }
    #expect(error == .upstreamRejected(message: "\"limit\" must be less than or equal to 500"))
  }

  @Test(arguments: [500, 502, 503, 504])
  func aServerErrorIsUpstreamUnavailable(status: Int) async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: status) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error == .upstreamUnavailable(reason: "HTTP \(status)"))
  }

  @Test(arguments: [
    LoopbackHTTPServer.Response.Fault.neverFinish, .truncateBody, .closeWithoutResponse,
  ])
  func aBrokenResponseIsUpstreamUnavailable(fault: LoopbackHTTPServer.Response.Fault) async throws {
    let body = Data(GeoapifyFixtures.bytes("places-oslo-cafes.json"))
    server.handler = { _ in .fault(fault, headers: ["Content-Type": "application/json"], body: body) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error?.kind == "upstreamUnavailable")
    #expect(server.requests.count >= 1)
  }

  @Test func invalidJSONFromTheServerIsUpstreamUnavailable() async throws {
    server.handler = { _ in .json(#"{"type": "FeatureCollection", "features": [{"type": "#) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error?.kind == "upstreamUnavailable")
  }

  @Test func aRefusedConnectionIsUpstreamUnavailable() async throws {
    let closed = try LoopbackHTTPServer.closedBaseURL()
    let client = makeClient(baseURL: closed)
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error?.kind == "upstreamUnavailable")
    let (service, _) = try makeService(baseURL: closed)
    let searchError = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(searchError?.kind == "upstreamUnavailable")
  }

  @Test func withoutAKeyNothingIsSent() async throws {
    serveFixtures()
    let (service, _) = try makeService(apiKey: nil)
    // Without a key, search runs on the store (and its demo data), which has nothing around this centre.
    let offline = try await service.search(Self.search())
    #expect(offline.source == .offline)
    #expect(offline.places.isEmpty)
    #expect(offline.message?.contains("GEOAPIFY_API_KEY") == true)
    #expect(offline.message?.contains("Ingen offline-data her") == true)
    let clientError = await failure { () async throws(BeaconError) in
      try await makeClient(apiKey: nil).get(path: "/v2/places", query: [])
    }
    #expect(clientError == .missingAPIKey)
    #expect(server.requests.isEmpty)
  }

  @Test func retryAfterIsReadAsSecondsOrAsAnHTTPDate() {
    #expect(GeoapifyClient.retryAfterSeconds("7") == 7)
    #expect(GeoapifyClient.retryAfterSeconds(" 120 ") == 120)
    #expect(GeoapifyClient.retryAfterSeconds("-3") == 0)
    #expect(GeoapifyClient.retryAfterSeconds(nil) == nil)
    #expect(GeoapifyClient.retryAfterSeconds("") == nil)
    #expect(GeoapifyClient.retryAfterSeconds("soon") == nil)
    let now = Date(timeIntervalSince1970: 1_445_412_480 - 30)  // Wed, 21 Oct 2015 07:27:30 GMT
    #expect(GeoapifyClient.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == 30)
    #expect(GeoapifyClient.retryAfterSeconds("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == 0)
  }

  // MARK: - The store

  @Test func everySearchedPlaceIsWrittenToTheStore() async throws {
    serveFixtures()
    let (service, store) = try makeService()
    let result = try await service.search(Self.search())
    #expect(result.places.count == 10)
    for summary in result.places {
      let stored = try await store.place(id: summary.id)
      #expect(stored?.name == summary.name)
      #expect(stored?.category == .cafe)
      #expect(stored?.source == "geoapify")
    }
    let nameless = try #require(result.places.first { $0.name == "Skippergata" })
    #expect(try await store.place(id: nameless.id)?.address == "0152 Oslo, Norway")
  }

  @Test func fetchedDetailsAreKeptInTheStore() async throws {
    serveFixtures(places: "places-oslo-restaurants.json")
    let (service, store) = try makeService()
    let id = GeoapifyFixtures.detailsRestaurantID
    let result = try await service.details(id: id)
    #expect(result.place.phone == "+4723108840")
    #expect(result.place.cuisine == ["seafood", "regional"])
    #expect(try await store.place(id: id)?.detailsJSON != nil)
    // A later search, which knows no details, keeps them.
    _ = try await service.search(Self.search(.restaurant))
    #expect(try await store.place(id: id)?.detailsJSON != nil)
  }

  @Test func aKnownPlaceStillHasDetailsWhenGeoapifyIsDown() async throws {
    serveFixtures(places: "places-oslo-restaurants.json")
    let (service, _) = try makeService()
    let search = try await service.search(Self.search(.restaurant))
    let trattoria = try #require(search.places.first { $0.name == "Trattoria Fjordlys" })
    server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: 500) }
    let details = try await service.details(id: trattoria.id)
    #expect(details.place.name == "Trattoria Fjordlys")
    #expect(details.stale == true)
    #expect(details.source == .offline)
    let unknown = await failure { () async throws(BeaconError) in try await service.details(id: "never-seen") }
    #expect(unknown?.kind == "upstreamUnavailable")
  }

  // MARK: - Sorting, scope and empty results

  @Test func sortingByNameIsNorwegian() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(sort: .name))
    #expect(
      result.places.map(\.name) == [
        "Aromakroken", "Bønne & Brød", "Café Youngstorget", "Kaffestua Torggata", "liten kopp", "Skippergata",
        "Zanzibar Espresso", "Ærlig Kaffe", "Østbanen Kaffebar", "Åpen Dør Kafé",
      ]
    )
    #expect(result.sort == .name)
  }

  @Test func sortingByDistanceIsNearestFirst() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(sort: .distance))
    let distances = result.places.compactMap(\.distanceMeters)
    #expect(distances.count == 10)
    #expect(distances == distances.sorted())
    #expect(result.places.first?.name == "Østbanen Kaffebar")
  }

  @Test func sortingByRatingPutsRatedPlacesFirst() async throws {
    serveFixtures()
    let (service, store) = try makeService()
    let places = try await service.search(Self.search()).places
    func id(_ name: String) throws -> String { try #require(places.first { $0.name == name }).id }
    _ = try await store.addRating(placeId: try id("Zanzibar Espresso"), stars: 5, comment: nil)
    _ = try await store.addRating(placeId: try id("Aromakroken"), stars: 4, comment: nil)
    _ = try await store.addRating(placeId: try id("Aromakroken"), stars: 2, comment: "ok")
    _ = try await store.addRating(placeId: try id("liten kopp"), stars: 4, comment: nil)
    let result = try await service.search(Self.search(sort: .rating))
    #expect(
      result.places.map(\.name) == [
        "Zanzibar Espresso", "liten kopp", "Aromakroken", "Østbanen Kaffebar", "Skippergata", "Bønne & Brød",
        "Ærlig Kaffe", "Café Youngstorget", "Åpen Dør Kafé", "Kaffestua Torggata",
      ]
    )
    #expect(result.places.first?.rating?.average == 5)
    #expect(result.places[2].rating?.count == 2)
    #expect(result.places[3].rating == nil)
  }

  @Test func favouritesAreSearchedLocallyWithinTheRadius() async throws {
    serveFixtures()
    let (service, store) = try makeService()
    let cafes = try await service.search(Self.search()).places
    serveFixtures(places: "places-oslo-restaurants.json")
    let restaurants = try await service.search(Self.search(.restaurant)).places
    for name in ["Østbanen Kaffebar", "Ærlig Kaffe", "Aromakroken"] {
      _ = try await store.addFavorite(placeId: try #require(cafes.first { $0.name == name }).id)
    }
    _ = try await store.addFavorite(placeId: try #require(restaurants.first).id)
    let before = server.requests.count

    let result = try await service.search(Self.search(.cafe, radius: 500, scope: .favorites))
    #expect(result.places.map(\.name) == ["Østbanen Kaffebar", "Ærlig Kaffe"])
    #expect(result.places.allSatisfy { $0.isFavorite })
    #expect(result.source == .offline)
    #expect(result.scope == .favorites)
    let wide = try await service.search(Self.search(.cafe, radius: 1500, text: "kaffe", scope: .favorites))
    #expect(wide.places.map(\.name) == ["Østbanen Kaffebar", "Ærlig Kaffe"])
    #expect(server.requests.count == before)
  }

  @Test func favouritesNeedNoKeyAndNoNetwork() async throws {
    let store = try Store.open(path: ":memory:")
    let place = Place(
      id: "local-1",
      name: "Lokal Kafé",
      category: .cafe,
      location: Coordinate(lat: 59.9115, lon: 10.7505),
      source: "test"
    )
    try await store.upsert([place])
    _ = try await store.addFavorite(placeId: "local-1")
    let (service, _) = try makeService(store: store, baseURL: try LoopbackHTTPServer.closedBaseURL(), apiKey: nil)
    let result = try await service.search(Self.search(scope: .favorites))
    #expect(result.places.map(\.id) == ["local-1"])
  }

  @Test(arguments: [(Language.nb, "Ingen treff"), (.nn, "Ingen treff"), (.en, "No results")])
  func anEmptyResultSaysSo(language: Language, message: String) async throws {
    serveFixtures(places: "places-empty.json")
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(language: language))
    #expect(result.places == [])
    #expect(result.message == message)
    #expect(result.source == .live)
  }

  @Test func aNonEmptyResultHasNoMessageAndTheAttribution() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search())
    #expect(result.message == nil)
    #expect(result.attribution.contains("OpenStreetMap"))
    #expect(result.attribution.contains("Geoapify"))
  }

  @Test func theLimitCutsTheResult() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let result = try await service.search(Self.search(sort: .name, limit: 3))
    #expect(result.places.map(\.name) == ["Aromakroken", "Bønne & Brød", "Café Youngstorget"])
  }

  // MARK: - The key never reaches the disk

  @Test func theKeyIsNeverWrittenToTheStore() async throws {
    serveFixtures()
    let directory = TemporaryDirectory()
    let path = directory.file("beacon.sqlite")
    let (service, _) = try makeService(store: try Store.open(path: path))
    _ = try await service.search(Self.search())
    _ = try await service.search(Self.search(.restaurant, text: "fisk"))
    _ = try await service.search(Self.search(refresh: true))
    _ = try await service.details(id: GeoapifyFixtures.detailsRestaurantID)
    _ = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    _ = try await service.locateByIP()
    #expect(server.requests.count == 6)

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix("beacon.sqlite")
    }
    #expect(files.contains("beacon.sqlite"))
    var bytes: [UInt8] = []
    for file in files {
      bytes += try Data(contentsOf: URL(fileURLWithPath: directory.file(file)))
    }
    // The scan does find what was written (so it would find the key too).
    #expect(Self.contains(bytes, "Skippergata"))
    #expect(Self.contains(bytes, "Bryggehallen Matsal"))
    #expect(!Self.contains(bytes, Self.key))
  }

  static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
