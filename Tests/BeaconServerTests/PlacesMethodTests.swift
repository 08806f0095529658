import BeaconCore
import BeaconSync
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `places/search`, `places/details` and `places/autocomplete` in-process, against a loopback fake Geoapify.
@Suite struct PlacesMethodTests {
  static let apiKey = "sk-test-key"

  /// A fake Geoapify server answering from the fixtures.
  static func fakeGeoapify() throws -> LoopbackHTTPServer {
    try GeoapifyFixtures.server()
  }

  /// An initialized in-process session pointed at `server` (with a key unless `apiKey` is `nil`).
  static func session(
    _ server: LoopbackHTTPServer,
    apiKey: String? = PlacesMethodTests.apiKey,
    locale: String? = nil,
    onNotification: @escaping @Sendable (String, JSONValue?) -> Void = { _, _ in }
  ) async throws -> InProcessClient {
    let environment = BeaconOptions(
      geoapifyAPIKey: apiKey.flatMap(APIKey.init),
      geoapifyBaseURL: server.baseURL.absoluteString
    )
    let client = InProcessClient(options: .inMemory(environment: environment), onNotification: onNotification)
    _ = try await client.send(InitializeRequest(locale: locale))
    return client
  }

  static func coordinate(_ value: JSONValue?) -> Coordinate? {
    guard let lat = value?["lat"]?.doubleValue, let lon = value?["lon"]?.doubleValue else { return nil }
    return Coordinate(lat: lat, lon: lon)
  }

  /// Keeps every notification the server sends.
  final class NotificationRecorder: Sendable {
    private let received = Locked<[(method: String, params: JSONValue?)]>([])

    func record(_ method: String, _ params: JSONValue?) {
      received.withLock { $0.append((method, params)) }
    }

    func params(of method: String) -> [JSONValue?] {
      received.withLock { $0.filter { $0.method == method }.map(\.params) }
    }
  }

  // MARK: - places/search

  @Test func searchWithoutParamsUsesTheStoredSettings() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let result = try await client.call("places/search").get()

    let requests = server.requests
    #expect(requests.count == 1)
    let request = try #require(requests.first)
    #expect(request.path == "/v2/places")
    #expect(request.queryItems["filter"] == "circle:10.7503,59.9111,5000")
    #expect(request.queryItems["categories"] == "catering.restaurant")
    #expect(request.queryItems["limit"] == "10")
    #expect(request.queryItems["lang"] == "nb")
    #expect(request.header("x-api-key") == Self.apiKey)
    #expect(!request.target.contains(Self.apiKey))

    #expect(Self.coordinate(result["center"]) == Coordinate(lat: 59.9111, lon: 10.7503))
    #expect(result["category"] == "restaurant")
    #expect(result["radiusMeters"] == 5_000)
    #expect(result["sort"] == "distance")
    #expect(result["scope"] == "all")
    #expect(result["source"] == "live")
    #expect(result["stale"] == false)
    #expect(result["attribution"]?.stringValue == PlacesService.attribution)
    #expect(result["attribution"]?.stringValue?.contains("OpenStreetMap") == true)
    #expect(result["centerSource"] == "settings")
    #expect(result["message"] == nil)
    #expect(result["fetchedAt"]?.stringValue?.hasSuffix("Z") == true)

    let places = try #require(result["places"]?.arrayValue)
    #expect(places.count == 10)
    #expect(places.first?["name"] == "Nudelbaren Jernbanetorget")
    #expect(places.dropFirst().first?["name"] == "Storgata")  // Nameless: its street.
    let distances = places.compactMap { $0["distanceMeters"]?.intValue }
    #expect(distances.count == places.count, "every place has a distance")
    #expect(distances == distances.sorted(), "\(distances)")
    #expect(abs((distances.first ?? 0) - 95) <= 1)
    for place in places {
      #expect(place["rating"]?.isNull == true, "rating must be an explicit null: \(place)")
      #expect(place["isFavorite"] == false)
      #expect(place["category"] == "restaurant")
      #expect(place["id"]?.stringValue?.isEmpty == false)
    }
  }

  @Test func anExplicitCenterIsSavedAsTheStoredCenter() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let center = Coordinate(lat: 59.9139, lon: 10.7522)
    let result = try await client.call("places/search", params: ["center": ["lat": 59.9139, "lon": 10.7522]]).get()
    #expect(result["centerSource"] == "request")
    #expect(Self.coordinate(result["center"]) == center)
    #expect(server.requests.first?.queryItems["filter"] == "circle:10.7522,59.9139,5000")

    let settings = try await client.send(GetSettingsRequest())
    #expect(settings.center == center)
    #expect(settings.radiusMeters == 5_000)

    // The next search without a centre starts from the saved one.
    let next = try await client.call("places/search", params: ["refresh": true]).get()
    #expect(next["centerSource"] == "settings")
    #expect(Self.coordinate(next["center"]) == center)
  }

  struct InvalidCase: Sendable, CustomTestStringConvertible {
    var params: JSONValue
    var field: String
    var testDescription: String { "\(params)" }
  }

  @Test(arguments: [
    InvalidCase(params: ["limit": 0], field: "limit"),
    InvalidCase(params: ["limit": 101], field: "limit"),
    InvalidCase(params: ["radiusMeters": 500], field: "radiusMeters"),
    InvalidCase(params: ["center": ["lat": 91, "lon": 10.75]], field: "center"),
    InvalidCase(params: ["debounceMs": 9_999], field: "debounceMs"),
    InvalidCase(params: ["category": "bar"], field: "category"),
  ])
  func invalidSearchParamsNameTheirField(_ invalid: InvalidCase) async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("places/search", params: invalid.params)))
    #expect(error.code == .invalidParams)
    #expect(error.kind == "invalidParams")
    #expect(error.data?["field"]?.stringValue == invalid.field)
    #expect(server.requests.isEmpty, "an invalid search must not reach Geoapify")
    #expect(try await client.send(GetSettingsRequest()) == Settings.defaults)
  }

  @Test func favoritesScopeSearchesFavoritesWithinTheRadiusWithoutGeoapify() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let store = try #require(client.beaconServer?.store)
    try await store.upsert([
      Place(
        id: "near-fav",
        name: "Nær favoritt",
        category: .restaurant,
        location: Coordinate(lat: 59.9120, lon: 10.7510),
        source: "test"
      ),
      Place(
        id: "near-plain",
        name: "Nær vanlig",
        category: .restaurant,
        location: Coordinate(lat: 59.9115, lon: 10.7500),
        source: "test"
      ),
      Place(
        id: "bergen-fav",
        name: "Bergen favoritt",
        category: .restaurant,
        location: Coordinate(lat: 60.3913, lon: 5.3221),
        source: "test"
      ),
    ])
    _ = try await client.send(AddFavoriteRequest(placeId: "near-fav"))
    _ = try await client.send(AddFavoriteRequest(placeId: "bergen-fav"))

    let result = try await client.call("places/search", params: ["scope": "favorites"]).get()
    #expect(server.requests.isEmpty, "favourites are searched locally")
    #expect(result["scope"] == "favorites")
    let places = try #require(result["places"]?.arrayValue)
    #expect(places.compactMap { $0["id"]?.stringValue } == ["near-fav"])
    #expect(places.first?["isFavorite"] == true)
    #expect(places.first?["distanceMeters"]?.intValue != nil)
  }

  @Test(arguments: [("nb", "Ingen treff"), ("en", "No results")])
  func anEmptyAnswerSaysNoResults(locale: String, message: String) async throws {
    let server = try Self.fakeGeoapify()
    server.enqueue(.json(GeoapifyFixtures.text("places-empty.json")), forPath: "/v2/places")
    let client = try await Self.session(server, locale: locale)
    let result = try await client.call("places/search").get()
    #expect(result["places"] == [])
    #expect(result["message"]?.stringValue == message)
    #expect(result["source"] == "live")
    #expect(server.requests.first?.queryItems["lang"] == .some(locale))
  }

  // MARK: - places/details

  @Test func detailsShowContactLinksPresentationRatingAndFavorite() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let id = GeoapifyFixtures.detailsRestaurantID
    let result = try await client.call("places/details", params: ["id": .string(id)]).get()
    let request = try #require(server.requests.first)
    #expect(request.path == "/v2/place-details")
    #expect(request.queryItems["id"] == id)
    #expect(request.header("x-api-key") == Self.apiKey)

    #expect(result["source"] == "live")
    #expect(result["stale"] == false)
    #expect(result["attribution"]?.stringValue == PlacesService.attribution)
    let place = try #require(result["place"])
    #expect(place["id"]?.stringValue == id)
    #expect(place["name"] == "Bryggehallen Matsal")
    #expect(place["category"] == "restaurant")
    #expect(place["phone"] == "+4723108840")
    #expect(place["email"] == "post@bryggehallen.no")
    #expect(place["website"] == "https://www.bryggehallen.no")
    #expect(place["openingHours"]?["raw"] == "Tu-Th 16:00-23:00; Fr,Sa 12:00-24:00; Su 12:00-20:00; Mo off")
    #expect(place["openingHours"]?["openNow"]?.boolValue != nil)
    #expect(place["cuisine"] == ["seafood", "regional"])
    #expect(place["timeZone"] == "Europe/Oslo")
    #expect(place["address"] == "Operagata 9, 0194 Oslo, Norway")
    #expect(place["links"]?["geo"] == "geo:59.9085187,10.7538412")
    let appleMaps = try #require(place["links"]?["appleMaps"]?.stringValue)
    #expect(appleMaps.hasPrefix("https://maps.apple.com/?"))
    #expect(appleMaps.contains("ll=59.9085187,10.7538412"))
    #expect(appleMaps.contains("q=Bryggehallen"))
    #expect(place["links"]?["openStreetMap"] == "https://www.openstreetmap.org/way/612345987")
    #expect(place["presentation"]?["emoji"] == "🍽")
    let animation = try #require(place["presentation"]?["animation"])
    #expect(animation["kind"] == "rotate")
    #expect(animation["degrees"]?.doubleValue == 360)
    #expect(animation["durationSeconds"]?.doubleValue == 1)
    #expect(animation["timing"] == "easeInOut")
    #expect(animation["repeats"] == false)
    #expect(place["rating"]?.isNull == true)
    #expect(place["isFavorite"] == false)

    let rated = try await client.send(AddRatingRequest(placeId: id, stars: 4))
    #expect(rated.summary.count == 1)
    #expect(try await client.send(AddFavoriteRequest(placeId: id)).added)

    let again = try await client.call("places/details", params: ["id": .string(id)]).get()
    #expect(again["place"]?["rating"]?["stars"] == 4)
    #expect(again["place"]?["rating"]?["count"] == 1)
    #expect(again["place"]?["rating"]?["average"]?.doubleValue == 4)
    #expect(again["place"]?["rating"]?["fill"]?.doubleValue == 0.8)
    #expect(again["place"]?["isFavorite"] == true)
  }

  @Test func detailsOfAnUnknownPlaceThatGeoapifyDoesNotKnowIsNotFound() async throws {
    let server = try Self.fakeGeoapify()
    server.enqueue(.json(#"{"type": "FeatureCollection", "features": []}"#), forPath: "/v2/place-details")
    let client = try await Self.session(server)
    let error = try #require(failure(await client.call("places/details", params: ["id": "ghost"])))
    #expect(error.code == ApplicationErrorCode.notFound)
    #expect(error.data?["placeId"] == "ghost")
  }

  // MARK: - places/autocomplete

  @Test func autocompleteReturnsSuggestions() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let result = try await client.call("places/autocomplete", params: ["text": "fisk", "debounceMs": 0]).get()
    let suggestions = try #require(result["suggestions"]?.arrayValue)
    #expect(suggestions.count == 5)
    #expect(suggestions.first?["name"] == "Fiskehallen Vippetangen")
    #expect(suggestions.first?["kind"] == "amenity")
    #expect(suggestions.first?["distanceMeters"] == 889)
    #expect(suggestions.first?["id"]?.stringValue?.isEmpty == false)
    #expect(Self.coordinate(suggestions.first?["location"]) != nil)
    #expect(suggestions.map { $0["kind"]?.stringValue ?? "" } == ["amenity", "amenity", "street", "suburb", "city"])
    #expect(suggestions.dropFirst(2).first?["name"] == "Fiskerveien")  // The nameless street.
    let request = try #require(server.requests.first)
    #expect(request.path == "/v1/geocode/autocomplete")
    #expect(request.queryItems["text"] == "fisk")
    #expect(request.queryItems["limit"] == "5")
    #expect(request.header("x-api-key") == Self.apiKey)
  }

  @Test func anAutocompleteBurstCostsOneUpstreamRequest() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let texts = ["f", "fi", "fis", "fisk", "fiske"]
    var tasks: [Task<Result<JSONValue, ResponseError>, Never>] = []
    for text in texts {
      tasks.append(Task { await client.call("places/autocomplete", params: ["text": .string(text)]) })
      try await Task.sleep(for: .milliseconds(50))
    }
    var results: [Result<JSONValue, ResponseError>] = []
    for task in tasks { results.append(await task.value) }

    for (index, result) in results.dropLast().enumerated() {
      let error = try #require(failure(result), "keystroke \(index + 1)")
      #expect(error.code == .requestCancelled)
      #expect(error.data?["reason"] == "superseded")
    }
    let last = try #require(results.last).get()
    #expect(last["suggestions"]?.arrayValue?.count == 5)
    #expect(server.requestCount(path: "/v1/geocode/autocomplete") == 1)
    #expect(server.requests.first?.queryItems["text"] == "fiske")
  }

  @Test func aDebouncedSearchOvertakenByANewerOneIsSuperseded() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let first = Task { await client.call("places/search", params: ["debounceMs": 200]) }
    try await Task.sleep(for: .milliseconds(50))
    let second = Task { await client.call("places/search", params: ["debounceMs": 200]) }
    let error = try #require(failure(await first.value))
    #expect(error.code == .requestCancelled)
    #expect(error.data?["reason"] == "superseded")
    let result = try await second.value.get()
    #expect(result["places"]?.arrayValue?.count == 10)
    #expect(server.requestCount(path: "/v2/places") == 1)
  }

  // MARK: - nearMe

  @Test func nearMeSearchesAroundTheIPPosition() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    let result = try await client.call("places/search", params: ["nearMe": true]).get()
    #expect(result["centerSource"] == "ip")
    #expect(result["city"] == "Oslo")
    #expect(Self.coordinate(result["center"]) == Coordinate(lat: 59.9127, lon: 10.7461))
    #expect(server.requestCount(path: "/v1/ipinfo") == 1)
    let places = server.requests.filter { $0.path == "/v2/places" }
    #expect(places.count == 1)
    #expect(places.first?.queryItems["filter"] == "circle:10.7461,59.9127,5000")
    #expect(result["message"] == nil)
  }

  @Test func nearMeFallsBackToTheStoredCenterWithAMessage() async throws {
    let server = try Self.fakeGeoapify()
    server.enqueue(.json(GeoapifyFixtures.text("error-500.json"), status: 500), forPath: "/v1/ipinfo")
    let client = try await Self.session(server)
    let result = try await client.call("places/search", params: ["nearMe": true]).get()
    #expect(result["centerSource"] == "settings")
    #expect(Self.coordinate(result["center"]) == Settings.defaults.center)
    #expect(result["message"]?.stringValue == LocalizedMessage.nearMeUnavailable.text(in: .nb))
    #expect(result["city"] == nil)
    #expect(result["places"]?.arrayValue?.count == 10)
    #expect(server.requests.first { $0.path == "/v2/places" }?.queryItems["filter"] == "circle:10.7503,59.9111,5000")
  }

  // MARK: - Upstream errors

  @Test func withoutAKeySearchRunsOfflineOnTheDemoDataAndExplainsHowToGetOne() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server, apiKey: nil)
    let result = try await client.call("places/search", params: ["category": "cafe"]).get()
    #expect(result["source"] == "offline")
    #expect(result["centerSource"] == "demo")
    #expect(Self.coordinate(result["center"]) == DemoDataset.center)
    #expect((result["places"]?.arrayValue?.count ?? 0) == 10)
    #expect(result["attribution"]?.stringValue?.contains("© OpenStreetMap contributors") == true)
    let message = try #require(result["message"]?.stringValue)
    #expect(message.contains("https://myprojects.geoapify.com"))
    #expect(message.contains("GEOAPIFY_API_KEY"))
    // Autocomplete has no offline answer: there the missing key is an error that says what to do.
    let error = try #require(failure(await client.call("places/autocomplete", params: ["text": "kaf"])))
    #expect(error.code == ApplicationErrorCode.missingAPIKey)
    #expect(error.code.rawValue == -33020)
    #expect(error.kind == "missingApiKey")
    #expect(error.message.contains("https://myprojects.geoapify.com"))
    #expect(error.message.contains("--offline"))
    #expect(server.requests.isEmpty)
  }

  struct UpstreamFailure: Sendable, CustomTestStringConvertible {
    var status: Int
    var fixture: String
    var headers: [String: String] = [:]
    var code: Int
    var kind: String
    var data: [String: JSONValue]
    var testDescription: String { "HTTP \(status)" }
  }

  @Test(arguments: [
    UpstreamFailure(status: 401, fixture: "error-401.json", code: -33021, kind: "invalidApiKey", data: [:]),
    UpstreamFailure(
      status: 429,
      fixture: "error-429.json",
      headers: ["Retry-After": "5"],
      code: -33022,
      kind: "rateLimited",
      data: ["retryAfterSeconds": 5]
    ),
    UpstreamFailure(
      status: 400,
      fixture: "error-400.json",
      code: -33023,
      kind: "upstreamRejected",
      data: ["upstreamMessage": #""limit" must be less than or equal to 500"#]
    ),
    UpstreamFailure(
      status: 500,
      fixture: "error-500.json",
      code: -33024,
      kind: "upstreamUnavailable",
      data: ["reason": "HTTP 500"]
    ),
  ])
  func upstreamStatusesBecomeBeaconErrors(_ failure: UpstreamFailure) async throws {
    let server = try Self.fakeGeoapify()
    server.enqueue(
      .json(GeoapifyFixtures.text(failure.fixture), status: failure.status, headers: failure.headers),
      forPath: "/v2/places"
    )
    let client = try await Self.session(server)
    let error = try #require(BeaconTestSupport.failure(await client.call("places/search")))
    #expect(error.code.rawValue == failure.code)
    #expect(error.kind == failure.kind)
    for (key, value) in failure.data {
      #expect(error.data?[key] == value, "data.\(key)")
    }
    #expect(!error.message.isEmpty)
    #expect(server.requestCount(path: "/v2/places") == 1)
  }

  // MARK: - Progress

  @Test func aWorkDoneTokenGetsProgressBeginAndEnd() async throws {
    let server = try Self.fakeGeoapify()
    let notifications = NotificationRecorder()
    let client = try await Self.session(server) { method, params in notifications.record(method, params) }
    _ = try await client.call("places/search").get()
    #expect(notifications.params(of: "$/progress").isEmpty, "no token, no progress")

    _ = try await client.call("places/search", params: ["workDoneToken": "t1", "refresh": true]).get()
    let progress = notifications.params(of: "$/progress")
    #expect(progress.allSatisfy { $0?["token"] == "t1" }, "\(progress)")
    let kinds = progress.compactMap { $0?["value"]?["kind"]?.stringValue }
    #expect(kinds.first == "begin")
    #expect(kinds.last == "end")
    #expect(kinds.filter { $0 == "begin" }.count == 1)
    #expect(kinds.filter { $0 == "end" }.count == 1)
  }
}
