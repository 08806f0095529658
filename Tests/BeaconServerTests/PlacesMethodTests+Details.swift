import BeaconCore
import BeaconSync
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `places/details`, `places/autocomplete` and `nearMe` through the server.
extension PlacesMethodTests {
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

  /// Offline, with nothing stored for the text: it says Geoapify was not asked because of `--offline`, never that the
  /// network failed; and it does not ask.
  @Test func anOfflineAutocompleteSaysItIsOfflineNotThatTheNetworkFailed() async throws {
    let server = try Self.fakeGeoapify()
    let client = InProcessClient(
      options: .inMemory(
        flags: BeaconOptions(offline: true),
        environment: BeaconOptions(geoapifyAPIKey: APIKey(Self.apiKey), geoapifyBaseURL: server.baseURL.absoluteString)
      )
    )
    _ = try await client.call("initialize", params: ["locale": "nn"]).get()
    let error = try #require(
      BeaconTestSupport.failure(await client.call("places/autocomplete", params: ["text": "fisk"]))
    )
    #expect(error.kind == "upstreamUnavailable")
    #expect(error.data?["reason"] == "offline")
    #expect(error.message.hasPrefix("Med --offline spør ikkje Beacon Geoapify, og svaret er ikkje lagra frå før;"))
    #expect(error.message.hasSuffix("køyr utan --offline for å hente det"))
    #expect(server.requests.isEmpty)
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
}
