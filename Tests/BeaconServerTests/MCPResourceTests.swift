import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// MCP resources in-process: the favourites, the settings and a place by id, read through the same handlers as
/// the tools, and `notifications/resources/updated` for the subscribed ones.
@Suite struct MCPResourceTests {
  /// The parsed JSON of the one content of a `resources/read` answer, after checking its URI and type.
  static func content(of answer: JSONValue, uri: String) throws -> JSONValue {
    let contents = try #require(answer["result"]?["contents"]?.arrayValue, "\(answer)")
    #expect(contents.count == 1)
    #expect(contents.first?["uri"]?.stringValue == uri)
    #expect(contents.first?["mimeType"] == "application/json")
    let text = try #require(contents.first?["text"]?.stringValue)
    return try JSONParser.parse(Array(text.utf8))
  }

  @Test func resourcesAreDeclaredAndListed() async throws {
    let client = MCPTestClient()
    let result = try await client.initialize()
    #expect(result["capabilities"]?["resources"] == ["subscribe": true, "listChanged": false])

    let list = try await client.request("resources/list", id: 1, params: [:])
    let resources = try #require(list["result"]?["resources"]?.arrayValue)
    #expect(resources.compactMap { $0["uri"]?.stringValue } == ["beacon://favorites", "beacon://settings"])
    #expect(resources.allSatisfy { $0["mimeType"] == "application/json" && $0["name"] != nil })
    #expect(resources.first?["title"] == "Mine steder")

    let templates = try await client.request("resources/templates/list", id: 2)
    let template = try #require(templates["result"]?["resourceTemplates"]?.arrayValue?.first)
    #expect(template["uriTemplate"] == "beacon://places/{id}")
    #expect(template["mimeType"] == "application/json")
  }

  @Test func readingGivesTheJSONOfTheHandlers() async throws {
    let client = try await MCPToolCallTests.offlineClient()
    let search = try await client.call("places_search", ["category": "cafe", "limit": 1], id: 1)
    let id = try #require(search["structuredContent"]?["places"]?.arrayValue?.first?["id"]?.stringValue)
    _ = try await client.call("favorites_add", ["placeId": .string(id)], id: 2)

    let favourites = try Self.content(
      of: try await client.request("resources/read", id: 3, params: ["uri": "beacon://favorites"]),
      uri: "beacon://favorites"
    )
    #expect(favourites["places"]?.arrayValue?.map { $0["id"]?.stringValue } == [id])
    #expect(favourites["places"]?.arrayValue?.first?["isFavorite"] == true, "the full list, not the brief one")
    #expect(favourites == (try await client.server.beaconResult(ListFavoritesRequest.method, [:])))

    let settings = try Self.content(
      of: try await client.request("resources/read", id: 4, params: ["uri": "beacon://settings"]),
      uri: "beacon://settings"
    )
    #expect(settings == (try await client.server.beaconResult(GetSettingsRequest.method, [:])))
    #expect(settings["radiusMeters"] != nil)

    let uri = MCPResources.place(id)
    let place = try Self.content(
      of: try await client.request("resources/read", id: 5, params: ["uri": .string(uri)]),
      uri: uri
    )
    #expect(place == (try await client.server.beaconResult(PlaceDetailsRequest.method, ["id": .string(id)])))
  }

  @Test func anUnknownResourceIsResourceNotFound() async throws {
    let client = try await MCPToolCallTests.offlineClient()
    for (index, uri) in ["beacon://nothing", "beacon://places/", "beacon://places/demo:none-such", "https://x.org/"]
      .enumerated()
    {
      let answer = try await client.request("resources/read", id: .int(index), params: ["uri": .string(uri)])
      #expect(answer["error"]?["code"] == -32002, "\(uri): \(answer)")
      #expect(answer["error"]?["data"]?["uri"]?.stringValue == uri)
      #expect(answer["error"]?["message"]?.stringValue?.hasPrefix("Fant ingen ressurs") == true, "\(answer)")
    }
    let subscribe = try await client.request("resources/subscribe", id: 10, params: ["uri": "beacon://nothing"])
    #expect(subscribe["error"]?["code"] == -32002)
    let missing = try await client.request("resources/read", id: 11, params: [:])
    #expect(missing["error"]?["code"] == -32602)
  }

  @Test func aSubscribedResourceSaysWhenAToolChangedIt() async throws {
    let client = try await MCPToolCallTests.offlineClient()
    let search = try await client.call("places_search", ["category": "cafe", "limit": 1], id: 1)
    let id = try #require(search["structuredContent"]?["places"]?.arrayValue?.first?["id"]?.stringValue)
    let updated = { client.notifications("notifications/resources/updated").compactMap { $0["params"]?["uri"] } }

    _ = try await client.call("favorites_add", ["placeId": .string(id)], id: 2)
    #expect(updated().isEmpty, "nothing subscribed, nothing said")

    #expect(
      try await client.request("resources/subscribe", id: 3, params: ["uri": "beacon://favorites"])["result"] == [:]
    )
    let placeURI = MCPResources.place(id)
    _ = try await client.request("resources/subscribe", id: 4, params: ["uri": .string(placeURI)])
    _ = try await client.call("favorites_remove", ["placeId": .string(id)], id: 5)
    #expect(updated() == ["beacon://favorites", .string(placeURI)])

    _ = try await client.call("favorites_list", [:], id: 6)
    _ = try await client.call("settings_update", ["radiusMeters": 3000], id: 7)
    #expect(updated().count == 3, "a read changes nothing; settings reorder the favourites: \(updated())")

    _ = try await client.request("resources/subscribe", id: 8, params: ["uri": "beacon://settings"])
    _ = try await client.request("resources/unsubscribe", id: 9, params: ["uri": "beacon://favorites"])
    _ = try await client.call("settings_update", ["radiusMeters": 4000], id: 10)
    #expect(updated().suffix(1) == ["beacon://settings"], "\(updated())")
    #expect(updated().count == 4)
  }

  /// A place's URI as RFC 6570 expands `{id}` (`:` encoded too) is the same resource as Beacon's own: subscribed that
  /// way, it is told of changes, with the URI it was subscribed with, and unsubscribed either way.
  @Test func aPlaceSubscribedWithItsIdFullyEncodedIsToldOfChanges() async throws {
    let client = try await MCPToolCallTests.offlineClient()
    let search = try await client.call("places_search", ["category": "cafe", "limit": 1], id: 1)
    let id = try #require(search["structuredContent"]?["places"]?.arrayValue?.first?["id"]?.stringValue)
    let encoded = "beacon://places/" + id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    #expect(encoded != MCPResources.place(id), "another spelling of the same resource")
    let updated = { client.notifications("notifications/resources/updated").compactMap { $0["params"]?["uri"] } }

    _ = try await client.request("resources/subscribe", id: 2, params: ["uri": .string(encoded)])
    _ = try await client.call("favorites_add", ["placeId": .string(id)], id: 3)
    #expect(updated() == [.string(encoded)])
    _ = try await client.request("resources/unsubscribe", id: 4, params: ["uri": .string(MCPResources.place(id))])
    _ = try await client.call("favorites_remove", ["placeId": .string(id)], id: 5)
    #expect(updated() == [.string(encoded)], "unsubscribed by Beacon's spelling")
  }

  /// `places_search` is marked read-only: with a `center` it searches there and leaves the stored centre alone, so
  /// nothing is said to a subscriber of the settings.
  @Test func anAgentsSearchLeavesTheSettingsAsTheyWere() async throws {
    let client = try await MCPToolCallTests.offlineClient()
    let before = try await client.call("settings_get", [:], id: 1)["structuredContent"]
    _ = try await client.request("resources/subscribe", id: 2, params: ["uri": "beacon://settings"])
    let search = try await client.call("places_search", ["center": ["lat": 60.17, "lon": 24.94], "limit": 1], id: 3)
    #expect(search["structuredContent"]?["centerSource"] == "request")
    _ = try await client.call(
      "places_search",
      ["center": ["lat": 59.9, "lon": 10.7], "text": "nothingmatches"],
      id: 4
    )
    #expect(try await client.call("settings_get", [:], id: 5)["structuredContent"] == before)
    #expect(client.notifications("notifications/resources/updated").isEmpty)
  }

  /// Since it stores nothing, an agent's search with a `center` runs beside others, as `places/search` without one
  /// does; the method's search with one stores it, so it runs alone.
  @Test func anAgentsSearchWithACenterIsNotOrderedAsAWrite() {
    let center: JSONValue = ["lat": 60.17, "lon": 24.94]
    #expect(CallToolRequest.ordering(for: ["name": "places_search", "arguments": ["center": center]]) == .concurrent)
    #expect(SearchPlacesParams.ordering(for: ["center": center]) == .exclusive)
    #expect(CallToolRequest.ordering(for: ["name": "rating_add", "arguments": ["id": "x", "stars": 3]]) == .exclusive)
  }
}
