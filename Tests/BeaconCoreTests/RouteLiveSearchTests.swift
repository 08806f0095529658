import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Searches along a route against a loopback Geoapify: one `filter=rect:` query per stretch of route, answers
/// cached like any search, only places within the corridor kept, filters pushed upstream.
@Suite struct RouteLiveSearchTests {
  static let start = Coordinate(lat: 59.9111, lon: 10.7503)
  /// 50 km due north of Oslo S.
  static let north = Coordinate(lat: start.lat + 50_000 / RouteLine.metersPerDegree, lon: start.lon)

  /// A restaurant at `lat`, `lon` (`index` names it), with OSM `tags`.
  static func feature(_ index: Int, lat: Double, lon: Double, tags: [String: String] = [:]) -> JSONValue {
    var raw: [String: JSONValue] = ["name": .string("R\(index)"), "amenity": "restaurant"]
    for (key, value) in tags { raw[key] = .string(value) }
    return [
      "type": "Feature",
      "properties": [
        "name": .string("R\(index)"), "place_id": .string("p\(index)"), "lat": .double(lat), "lon": .double(lon),
        "categories": ["catering.restaurant"], "datasource": ["sourcename": "openstreetmap", "raw": .object(raw)],
      ],
      "geometry": ["type": "Point", "coordinates": [.double(lon), .double(lat)]],
    ]
  }

  /// A Geoapify answering each `/v2/places` query with the features within the latitudes of its `filter=rect:`
  /// (whatever their longitude, as a rectangle wider than the corridor would).
  static func server(_ features: [JSONValue]) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { request in
      guard request.path == "/v2/places", let filter = request.queryItems["filter"], filter.hasPrefix("rect:") else {
        return .notFound
      }
      let box = filter.dropFirst(5).split(separator: ",").compactMap { Double($0) }
      let inside = features.filter { feature in
        guard box.count == 4, let lat = feature["properties"]?["lat"]?.doubleValue,
          let lon = feature["properties"]?["lon"]?.doubleValue
        else { return false }
        return abs(lon) <= 180 && (box[1]...box[3]).contains(lat)
      }
      let body: JSONValue = ["type": "FeatureCollection", "features": .array(inside)]
      return .json(body.description)
    }
    return server
  }

  static func service(_ server: LoopbackHTTPServer) throws -> PlacesService {
    let store = try Store.open(path: ":memory:")
    let client = GeoapifyClient(baseURL: server.baseURL, apiKey: APIKey("k"), transport: URLSessionTransport())
    return PlacesService(store: store, client: client)
  }

  /// Restaurants every 2 km up the route: on it, 300 m east of it (inside a 500 m corridor), 800 m west (outside).
  static func restaurants() -> [JSONValue] {
    let east = 300 / (RouteLine.metersPerDegree * cos(start.lat * .pi / 180))
    var features: [JSONValue] = []
    for step in 0..<25 {
      let lat = start.lat + Double(step) * 2_000 / RouteLine.metersPerDegree
      features.append(feature(step * 3, lat: lat, lon: start.lon, tags: ["diet:vegan": "yes"]))
      features.append(feature(step * 3 + 1, lat: lat + 0.001, lon: start.lon + east))
      features.append(feature(step * 3 + 2, lat: lat + 0.002, lon: start.lon - east * 8 / 3))
    }
    return features
  }

  @Test func aFiftyKilometreRouteTakesFiveQueriesThenNoneFromTheCache() async throws {
    let server = try Self.server(Self.restaurants())
    let service = try Self.service(server)
    let search = RouteSearch(route: try RouteLine(from: Self.start, to: Self.north), limit: 100)
    let first = try await service.searchAlongRoute(search)
    let queries = server.requests.filter { $0.path == "/v2/places" }
    #expect(queries.count == 5)
    #expect(first.upstreamQueries == 5 && first.source == .live)
    #expect(queries.allSatisfy { $0.queryItems["filter"]?.hasPrefix("rect:") == true })
    #expect(
      queries.allSatisfy { $0.queryItems["limit"] == "100" && $0.queryItems["categories"] == "catering.restaurant" }
    )
    // The 25 on the route and the 25 east of it; none of the 25 west, though Geoapify returned them.
    #expect(first.places.count == 50)
    #expect(first.places.allSatisfy { ($0.detourMeters ?? .max) <= 500 })
    #expect(Set(first.places.map { Int($0.id.dropFirst())! % 3 }) == [0, 1])
    let alongs = first.places.compactMap(\.alongRouteMeters)
    #expect(alongs == alongs.sorted() && alongs.count == 50)
    #expect(first.places.first?.id == "p0" && first.places.first?.alongRouteMeters == 0)

    let again = try await service.searchAlongRoute(search)
    #expect(server.requests.filter { $0.path == "/v2/places" }.count == 5, "the second search is cached")
    #expect(again.source == .cache && again.places.map(\.id) == first.places.map(\.id))
  }

  @Test func aDietGoesUpstreamAsAConditionAndAWiderCorridorKeepsMore() async throws {
    let server = try Self.server(Self.restaurants())
    let service = try Self.service(server)
    let route = try RouteLine(from: Self.start, to: Self.north)
    let vegan = try await service.searchAlongRoute(
      RouteSearch(route: route, limit: 100, filters: PlaceFilters(diet: [.vegan]))
    )
    #expect(server.requests.allSatisfy { $0.queryItems["conditions"] == "vegan" })
    #expect(vegan.excludedUnknown == [:], "Geoapify applied the filter")
    let wide = try await service.searchAlongRoute(RouteSearch(route: route, corridorMeters: 1_000, limit: 100))
    #expect(wide.places.count == 75)
    #expect(wide.places.allSatisfy { ($0.detourMeters ?? .max) <= 1_000 })
  }

  @Test func withoutGeoapifyTheStoredPlacesAlongTheRouteStandIn() async throws {
    let server = try Self.server(Self.restaurants())
    let service = try Self.service(server)
    let route = try RouteLine(from: Self.start, to: Self.north)
    _ = try await service.searchAlongRoute(RouteSearch(route: route, limit: 100))
    server.handler = { _ in .text("down", status: 503) }
    // A wider corridor asks other rectangles, which nothing cached answers.
    let fallback = try await service.searchAlongRoute(RouteSearch(route: route, corridorMeters: 600, limit: 100))
    #expect(fallback.stale && fallback.source == .offline)
    #expect(fallback.places.count == 50 && fallback.message != nil)
  }

  /// A Geoapify that pages: each `/v2/places` query gets the features within the latitudes of its `filter=rect:`,
  /// `limit` of them from `offset` on.
  static func pagingServer(_ features: [JSONValue]) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { request in
      guard request.path == "/v2/places", let filter = request.queryItems["filter"], filter.hasPrefix("rect:") else {
        return .notFound
      }
      let box = filter.dropFirst(5).split(separator: ",").compactMap { Double($0) }
      let inside = features.filter { feature in
        guard box.count == 4, let lat = feature["properties"]?["lat"]?.doubleValue else { return false }
        return (box[1]...box[3]).contains(lat)
      }
      let offset = Int(request.queryItems["offset"] ?? "0") ?? 0
      let limit = Int(request.queryItems["limit"] ?? "20") ?? 20
      let page = Array(inside.dropFirst(offset).prefix(limit))
      let body: JSONValue = ["type": "FeatureCollection", "features": .array(page)]
      return .json(body.description)
    }
    return server
  }

  /// `count` restaurants on the route from the start north, 10 m apart; those whose index `outdoor` accepts say
  /// `outdoor_seating=yes`, the others `no`.
  static func restaurantsOnTheRoute(_ count: Int, outdoor: (Int) -> Bool) -> [JSONValue] {
    (0..<count).map { index in
      let lat = start.lat + Double(index) * 10 / RouteLine.metersPerDegree
      return feature(index, lat: lat, lon: start.lon, tags: ["outdoor_seating": outdoor(index) ? "yes" : "no"])
    }
  }

  static func places(_ server: LoopbackHTTPServer) -> [LoopbackHTTPServer.RecordedRequest] {
    server.requests.filter { $0.path == "/v2/places" }
  }

  @Test func whenFilteringHereThinsAStretchItsNextPageIsAskedForAndUsed() async throws {
    // 250 restaurants on a 3 km route (one stretch): one with outdoor seating on the first page of 100, four on the
    // second.
    let server = try Self.pagingServer(
      Self.restaurantsOnTheRoute(250) { [40, 120, 150, 170, 190, 230].contains($0) }
    )
    let service = try Self.service(server)
    let end = Coordinate(lat: Self.start.lat + 3_000 / RouteLine.metersPerDegree, lon: Self.start.lon)
    let search = RouteSearch(
      route: try RouteLine(from: Self.start, to: end),
      limit: 5,
      filters: PlaceFilters(outdoorSeating: true)
    )
    let result = try await service.searchAlongRoute(search)
    #expect(Self.places(server).map { $0.queryItems["offset"] } == [nil, "100"])
    #expect(Self.places(server).allSatisfy { $0.queryItems["limit"] == "100" })
    #expect(result.places.map(\.id) == ["p40", "p120", "p150", "p170", "p190"])
    #expect(result.upstreamQueries == 2 && result.excludedUnknown == ["outdoorSeating": 0])
    // The same search again is answered from the cache, both pages.
    let again = try await service.searchAlongRoute(search)
    #expect(Self.places(server).count == 2 && again.places.map(\.id) == result.places.map(\.id))
  }

  @Test func pagingAlongARouteStopsAtItsBounds() async throws {
    // No restaurant has outdoor seating: every page is full and filtered away.
    let none = Self.restaurantsOnTheRoute(5_100) { _ in false }
    // One stretch (3 km): three pages at most.
    let short = try Self.pagingServer(none)
    let end = Coordinate(lat: Self.start.lat + 3_000 / RouteLine.metersPerDegree, lon: Self.start.lon)
    let filters = PlaceFilters(outdoorSeating: true)
    let alone = try await Self.service(short).searchAlongRoute(
      RouteSearch(route: try RouteLine(from: Self.start, to: end), limit: 5, filters: filters)
    )
    #expect(Self.places(short).map { $0.queryItems["offset"] } == [nil, "100", "200"])
    #expect(alone.places.isEmpty && alone.upstreamQueries == 3)
    // Five stretches (50 km): four extra pages in all, one for each of the first four stretches.
    let long = try Self.pagingServer(none)
    let along = try await Self.service(long).searchAlongRoute(
      RouteSearch(route: try RouteLine(from: Self.start, to: Self.north), limit: 5, filters: filters)
    )
    let offsets = Self.places(long).map { $0.queryItems["offset"] }
    #expect(offsets == [nil, nil, nil, nil, nil, "100", "100", "100", "100"])
    let rects = Self.places(long).map { $0.queryItems["filter"] }
    #expect(Array(rects[5...]) == Array(rects[..<4]), "the extra pages are the first stretches' second pages")
    #expect(along.upstreamQueries == 9)
    // Enough places on the first pages: no extra page.
    let enough = try Self.pagingServer(Self.restaurantsOnTheRoute(250) { $0 % 10 == 0 })
    _ = try await Self.service(enough).searchAlongRoute(
      RouteSearch(route: try RouteLine(from: Self.start, to: end), limit: 5, filters: filters)
    )
    #expect(Self.places(enough).count == 1)
  }
}
