import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `places_search_along_route` over MCP: in the `routes` set only, brief places with where each lies on the route,
/// the table `beacon route` prints, invalid routes as tool errors in the session's language.
@Suite struct MCPRouteToolTests {
  static func client(_ toolSets: Set<MCPToolSet>, locale: String = "en") async throws -> MCPTestClient {
    let client = MCPTestClient(
      options: .inMemory(flags: BeaconOptions(offline: true, locale: locale)),
      toolSets: toolSets
    )
    try await client.initialize()
    return client
  }

  static let walk: JSONValue = ["type": "LineString", "coordinates": [[24.9414, 60.1713], [24.9384, 60.1665]]]

  @Test func theRouteToolIsOnlyInTheRoutesSet() async throws {
    let standard = try await Self.client(MCPToolSet.defaultSets)
    let names = try await standard.allTools().tools.compactMap { $0["name"]?.stringValue }
    #expect(!names.contains("places_search_along_route"))
    let routes = try await Self.client([.routes])
    #expect(try await routes.allTools().tools.compactMap { $0["name"]?.stringValue } == ["places_search_along_route"])
  }

  @Test func aWalkGivesBriefPlacesInRouteOrderAndTheTable() async throws {
    let client = try await Self.client([.places, .routes])
    let result = try await client.call(
      "places_search_along_route",
      ["route": Self.walk, "corridorMeters": 100, "category": "cafe"],
      id: 1
    )
    #expect(result["isError"] == false)
    let places = try #require(result["structuredContent"]?["places"]?.arrayValue)
    #expect(places.count >= 3)
    let alongs = places.compactMap { $0["alongRouteMeters"]?.intValue }
    #expect(alongs.count == places.count && alongs == alongs.sorted())
    #expect(places.allSatisfy { $0["location"] == nil && $0["detourMeters"] != nil }, "brief places")
    try await MCPToolCallTests.expectConforms(result, to: "places_search_along_route", in: client)
    let text = try #require(result.toolText)
    #expect(text.hasPrefix("Route of 559 m, up to 100 m off it"), "\(text)")
    for place in places { #expect(text.contains(try #require(place["id"]?.stringValue))) }
  }

  @Test func aBadRouteIsAToolErrorInTheSessionsLanguage() async throws {
    let client = try await Self.client([.routes], locale: "nn")
    let result = try await client.call("places_search_along_route", ["route": ["polyline": "_p~i"]], id: 1)
    #expect(result["isError"] == true)
    #expect(result.toolText?.contains("Polylinja sluttar midt i ein verdi (etter 4 teikn)") == true, "\(result)")
  }
}
