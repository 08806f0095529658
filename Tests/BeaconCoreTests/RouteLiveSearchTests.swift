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
}
