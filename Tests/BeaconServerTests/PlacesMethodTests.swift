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
      geoapifyAPIKey: apiKey.flatMap { APIKey($0) },
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
    /// What the test's name shows, when not the params (a text of megabytes).
    var label: String?
    var testDescription: String { label ?? "\(params)" }
  }

  @Test(arguments: [
    InvalidCase(params: ["limit": 0], field: "limit"),
    InvalidCase(params: ["limit": 101], field: "limit"),
    InvalidCase(params: ["radiusMeters": 500], field: "radiusMeters"),
    InvalidCase(params: ["center": ["lat": 91, "lon": 10.75]], field: "center"),
    InvalidCase(params: ["debounceMs": 9_999], field: "debounceMs"),
    InvalidCase(params: ["category": "bar"], field: "category"),
    // Sent as the text `1e400`: valid JSON, beyond a `Double`. It was a parse error with `id: null`, never answered.
    InvalidCase(params: ["center": ["lat": .exactNumber("1e400"), "lon": 10.75]], field: "center.lat"),
    // A text of megabytes took seconds to normalize before it found nothing.
    InvalidCase(
      params: ["text": .string(String(repeating: "kafé ", count: 800_000))],
      field: "text",
      label: "a text of 4 MB"
    ),
    InvalidCase(params: ["text": .string(String(repeating: "é", count: 501))], field: "text"),
    // One character of 40 KB (a letter and 20 000 accents).
    InvalidCase(
      params: ["text": .string("k" + String(repeating: "\u{301}", count: 20_000))],
      field: "text",
      label: "one character of 40 KB"
    ),
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

  /// 500 characters (not bytes or scalars) pass; one more is refused, in the session's language.
  @Test func aTextOfMoreThan500CharactersIsRefusedInTheSessionsLanguage() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server)
    // "é" as e + a combining accent: one character of two scalars.
    let longest = String(repeating: "e\u{301}", count: 500)
    if case .failure(let error) = await client.call("places/search", params: ["text": .string(longest)]) {
      Issue.record("500 characters were refused: \(error)")
    }
    for method in ["places/search", "places/autocomplete"] {
      let error = try #require(failure(await client.call(method, params: ["text": .string(longest + "e")])))
      #expect(error.code == .invalidParams)
      #expect(error.data?["field"]?.stringValue == "text")
      #expect(error.message == "Søketeksten kan ha høyst 500 tegn")
    }
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
}
