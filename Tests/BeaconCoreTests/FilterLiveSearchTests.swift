import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Live searches with filters against a loopback Geoapify: what goes upstream, and more pages when filtering
/// here thins the answers.
@Suite struct FilterLiveSearchTests {
  static let oslo = Coordinate.osloCentralStation

  /// A Places feature of restaurant `index` with OSM `tags` (and Geoapify's `categories`).
  static func feature(_ index: Int, tags: [String: String], categories: [String] = ["catering.restaurant"]) -> JSONValue
  {
    var raw: [String: JSONValue] = ["name": .string("R\(index)"), "amenity": "restaurant"]
    for (key, value) in tags { raw[key] = .string(value) }
    return [
      "type": "Feature",
      "properties": [
        "name": .string("R\(index)"), "place_id": .string("p\(index)"),
        "lat": .double(59.911 + Double(index) * 0.0001), "lon": .double(10.75),
        "categories": .array(categories.map(JSONValue.string)),
        "datasource": ["sourcename": "openstreetmap", "raw": .object(raw)],
      ],
      "geometry": ["type": "Point", "coordinates": [.double(10.75), .double(59.911 + Double(index) * 0.0001)]],
    ]
  }

  /// A server answering `/v2/places` from `pages` by `offset` (empty beyond them).
  static func server(pages: [[JSONValue]]) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { request in
      guard request.path == "/v2/places" else { return .notFound }
      let limit = Int(request.queryItems["limit"] ?? "") ?? 20
      let page = (Int(request.queryItems["offset"] ?? "0") ?? 0) / max(limit, 1)
      let features = page < pages.count ? pages[page] : []
      let body: JSONValue = ["type": "FeatureCollection", "features": .array(features)]
      return .json(body.description)
    }
    return server
  }

  static func service(_ server: LoopbackHTTPServer) throws -> (PlacesService, Store) {
    let store = try Store.open(path: ":memory:")
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: APIKey("k"), transport: URLSessionTransport())
    return (PlacesService(store: store, client: client), store)
  }

  static func places(_ server: LoopbackHTTPServer) -> [LoopbackHTTPServer.RecordedRequest] {
    server.requests.filter { $0.path == "/v2/places" }
  }

  @Test func whatGeoapifyCanApplyGoesUpstreamAndNothingMoreIsAsked() async throws {
    let matching = (0..<3).map {
      Self.feature($0, tags: ["diet:vegan": "yes", "wheelchair": "yes", "cuisine": "pizza"])
    }
    let server = try Self.server(pages: [matching])
    let (service, _) = try Self.service(server)
    let filters = PlaceFilters(diet: [.vegan], cuisine: ["pizza", "sushi"], wheelchair: .yes)
    let result = try await service.search(
      PlaceSearch(center: Self.oslo, category: .restaurant, radiusMeters: 2_000, limit: 5, filters: filters)
    )
    #expect(result.places.count == 3)
    let requests = Self.places(server)
    #expect(requests.count == 1)
    #expect(requests.first?.queryItems["conditions"] == "vegan,wheelchair.yes")
    #expect(requests.first?.queryItems["categories"] == "catering.restaurant.pizza,catering.restaurant.sushi")
    #expect(requests.first?.queryItems["limit"] == "5", "nothing is filtered here, so no extra candidates")
    #expect(requests.first?.queryItems["offset"] == nil)
    #expect(result.excludedUnknown == [:], "Geoapify applied every filter")
  }

  @Test func limitedAccessAndSeveralDietsAreSplitBetweenGeoapifyAndBeacon() async throws {
    let page = [
      Self.feature(0, tags: ["diet:halal": "only", "wheelchair": "limited"]),
      Self.feature(1, tags: ["diet:kosher": "no", "wheelchair": "yes"]),
      Self.feature(2, tags: ["wheelchair": "limited"]),
      Self.feature(3, tags: ["wheelchair": "limited"], categories: ["catering.restaurant", "kosher"]),
    ]
    let server = try Self.server(pages: [page])
    let (service, _) = try Self.service(server)
    let result = try await service.search(
      PlaceSearch(
        center: Self.oslo,
        category: .restaurant,
        radiusMeters: 2_000,
        limit: 10,
        filters: PlaceFilters(diet: [.halal, .kosher], cuisine: ["nepalese"], wheelchair: .limited)
      )
    )
    let request = try #require(Self.places(server).first)
    // Geoapify's conditions must all hold, so two diets (either will do) are filtered here, like an unknown cuisine.
    #expect(request.queryItems["conditions"] == "wheelchair")
    #expect(request.queryItems["categories"] == "catering.restaurant")
    #expect(result.places.isEmpty, "no place says which cuisine it has")
    #expect(result.excludedUnknown == ["diet": 1, "cuisine": 3])
  }

  @Test func whenFilteringHereThinsThePageTheNextPagesAreAskedFor() async throws {
    // 20 candidates per page for `limit` 3: one match on the first page, two on the second.
    var first = (0..<20).map { Self.feature($0, tags: ["outdoor_seating": "no"]) }
    first[7] = Self.feature(7, tags: ["outdoor_seating": "yes"])
    first[8] = Self.feature(8, tags: [:])
    var second = (20..<40).map { Self.feature($0, tags: ["outdoor_seating": "no"]) }
    second[3] = Self.feature(23, tags: ["outdoor_seating": "yes"])
    second[9] = Self.feature(29, tags: ["outdoor_seating": "yes"])
    let server = try Self.server(pages: [first, second, first])
    let (service, _) = try Self.service(server)
    let search = PlaceSearch(
      center: Self.oslo,
      category: .restaurant,
      radiusMeters: 2_000,
      limit: 3,
      filters: PlaceFilters(outdoorSeating: true)
    )
    let result = try await service.search(search)
    #expect(Set(result.places.map(\.id)) == ["p7", "p23", "p29"])
    #expect(result.excludedUnknown == ["outdoorSeating": 1])
    let requests = Self.places(server)
    #expect(requests.map { $0.queryItems["offset"] } == [nil, "20"])
    #expect(requests.allSatisfy { $0.queryItems["limit"] == "20" && $0.queryItems["conditions"] == nil })
    // The same search again is answered from the cache: no more upstream calls.
    let again = try await service.search(search)
    #expect(again.places.map(\.id) == result.places.map(\.id))
    #expect(Self.places(server).count == 2)
  }

  @Test func pagingStopsAtThreePagesOrWhenGeoapifyHasNoMore() async throws {
    let none = (0..<20).map { Self.feature($0, tags: ["takeaway": "no"]) }
    let server = try Self.server(pages: [none, none, none, none])
    let (service, _) = try Self.service(server)
    let result = try await service.search(
      PlaceSearch(
        center: Self.oslo,
        category: .restaurant,
        radiusMeters: 2_000,
        limit: 3,
        filters: PlaceFilters(takeaway: true)
      )
    )
    #expect(result.places.isEmpty)
    #expect(Self.places(server).map { $0.queryItems["offset"] } == [nil, "20", "40"])

    let short = try Self.server(pages: [Array(none.prefix(5))])
    let (shortService, _) = try Self.service(short)
    _ = try await shortService.search(
      PlaceSearch(
        center: Self.oslo,
        category: .cafe,
        radiusMeters: 2_000,
        limit: 3,
        filters: PlaceFilters(takeaway: true)
      )
    )
    #expect(Self.places(short).count == 1, "a short page is the last one")
  }

  /// The recorded Oslo answers: every result has outdoor seating, and the silent places are counted exactly
  /// (checked against the fixture's raw tags read with Foundation's parser).
  @Test func realGeoapifyAnswersAreFilteredAndCountedExactly() async throws {
    let server = try GeoapifyFixtures.server()
    let (service, _) = try Self.service(server)
    let result = try await service.search(
      PlaceSearch(
        center: Self.oslo,
        category: .restaurant,
        radiusMeters: 5_000,
        limit: 10,
        filters: PlaceFilters(outdoorSeating: true)
      )
    )
    let json = try JSONSerialization.jsonObject(with: Data(GeoapifyFixtures.bytes("places-oslo-restaurants.json")))
    let features = try #require((json as? [String: Any])?["features"] as? [[String: Any]])
    let seating = features.map { feature -> String? in
      let properties = feature["properties"] as? [String: Any]
      let raw = (properties?["datasource"] as? [String: Any])?["raw"] as? [String: Any]
      return raw?["outdoor_seating"] as? String
    }
    #expect(result.places.count == seating.count { $0 == "yes" })
    #expect(result.places.count >= 2)
    #expect(result.places.allSatisfy { $0.outdoorSeating == true })
    #expect(result.excludedUnknown == ["outdoorSeating": seating.count { $0 == nil }])
    #expect(Self.places(server).map { $0.queryItems["limit"] } == ["50"], "5 × limit candidates, one short page")
  }
}
