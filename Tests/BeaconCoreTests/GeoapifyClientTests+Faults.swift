import BeaconSync
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Every upstream fault, and what the store keeps.
extension GeoapifyClientTests {
  // MARK: - Faults

  @Test(arguments: [401, 403])
  func aRefusedKeyIsInvalidAPIKey(status: Int) async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-401.json"), status: status) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error == .invalidAPIKey(source: "GEOAPIFY_API_KEY"))
  }

  @Test func tooManyRequestsHonoursRetryAfterAndPausesLaterCalls() async throws {
    server.handler = { _ in
      .json(GeoapifyFixtures.text("error-429.json"), status: 429, headers: ["Retry-After": "7"])
    }
    let client = makeClient()
    let first = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [("limit", "1")])
    }
    #expect(first == .upstream(.geoapify, .rateLimited(retryAfterSeconds: 7)))
    let second = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [("limit", "2")])
    }
    guard case .upstream(.geoapify, .rateLimited(let seconds)) = second else {
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
    #expect(error == .upstream(.geoapify, .rateLimited(retryAfterSeconds: 2)))
    #expect(GeoapifyClient.defaultBackoffSeconds == 2)
  }

  @Test func aBadRequestCarriesGeoapifysMessage() async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-400.json"), status: 400) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [("limit", "501")])
    }
    #expect(error == .upstream(.geoapify, .rejected(message: "\"limit\" must be less than or equal to 500")))
  }

  @Test(arguments: [500, 502, 503, 504])
  func aServerErrorIsUpstreamUnavailable(status: Int) async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: status) }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error == .upstream(.geoapify, .badAnswer(reason: "HTTP \(status)")))
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
    // A day, or a date years ahead, pauses five minutes: the next call after that asks again.
    #expect(GeoapifyClient.retryAfterSeconds("86400") == 300)
    #expect(GeoapifyClient.retryAfterSeconds("Wed, 21 Oct 2037 07:28:00 GMT", now: now) == 300)
  }

  @Test func aRejectionThatQuotesTheKeyNeverShowsIt() async throws {
    server.handler = { request in
      let key = request.header("x-api-key") ?? "?"
      return .json(
        #"{"statusCode":400,"error":"Bad Request","message":"API key \#(key) is not allowed here"}"#,
        status: 400
      )
    }
    let client = makeClient()
    let error = await failure { () async throws(BeaconError) in
      try await client.get(path: "/v2/places", query: [])
    }
    #expect(error == .upstream(.geoapify, .rejected(message: "API key *** is not allowed here")))
    #expect(server.requests.first?.header("x-api-key")?.isEmpty == false)
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
}
