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
      transport: URLSessionTransport(connectTimeout: 3, totalTimeout: 30)
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
}
