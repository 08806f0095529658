import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Every tool's title and annotations: a short title in each language, and `openWorldHint` true exactly
/// where a call can reach the network (checked by calling each tool with every upstream pointed at one
/// loopback server that counts what reaches it).
@Suite struct MCPAnnotationTests {
  /// Arguments that make each tool that claims to stay on this machine do its real work.
  static let localCalls: [String: JSONValue] = [
    "rating_list": ["placeId": "osm:node/317766538"],
    "rating_summary": ["placeIds": ["osm:node/317766538"]],
    "rating_add": ["placeId": "osm:node/317766538", "stars": 4],
    "favorites_list": [:],
    "favorites_add": ["placeId": "osm:node/317766538"],
    "favorites_remove": ["placeId": "osm:node/317766538"],
    "settings_get": [:],
    "settings_update": ["radiusMeters": 2000],
    "settings_reset": [:],
    "places_import": ["path": "/nonexistent/beacon-import.geojson"],
    "fruitlog_remove": ["entryId": 1],
    "fruitlog_days": [:],
    "crypto_settings_get": [:],
    "crypto_settings_update": ["alertThreshold": 5],
    "users_update": ["id": "nobody", "city": "Oslo"],
    "users_delete": ["id": "nobody"],
  ]

  /// A session of every tool set whose upstreams (Geoapify with a key, Fruityvice, CoinLore, randomuser.me)
  /// are all `server`.
  static func client(_ server: LoopbackHTTPServer) async throws -> MCPTestClient {
    let url = server.baseURL.absoluteString
    let environment = BeaconOptions(
      geoapifyAPIKey: APIKey("sk-annotation-test"),
      geoapifyBaseURL: url,
      serviceURLs: ["fruityvice": url, "coinlore": url, "randomUser": url]
    )
    let client = MCPTestClient(options: .inMemory(environment: environment))
    try await client.initialize()
    return client
  }

  @Test func everyToolHasAShortTitleInEachLanguage() {
    for tool in MCPToolCatalogue.tools {
      for language in Language.allCases {
        let title = tool.title.text(in: language)
        #expect(!title.isEmpty && title.count <= 30, "\(tool.name) (\(language)): '\(title)'")
      }
    }
  }

  @Test func openWorldIsTrueExactlyForTheToolsThatCanReachTheNetwork() async throws {
    let server = try LoopbackHTTPServer()
    let client = try await Self.client(server)
    let tools = try await client.allTools().tools
    let local = Set(
      tools.filter { $0["annotations"]?["openWorldHint"] == false }.compactMap { $0["name"]?.stringValue }
    )
    #expect(local == Set(Self.localCalls.keys), "the tools that claim to stay on this machine")

    var id = 1
    for (name, arguments) in Self.localCalls.sorted(by: { $0.key < $1.key }) {
      let before = server.requests.count
      _ = try await client.call(name, arguments, id: id)
      id += 1
      #expect(server.requests.count == before, "\(name) reached \(server.requests.dropFirst(before).map(\.path))")
    }

    // Logging a fruit looks it up in Fruityvice's catalogue when none is stored: it can reach the network.
    let eaten = try await client.call("fruitlog_add", ["fruitId": 26], id: id)
    #expect(eaten["isError"] == true, "the loopback server has no catalogue")
    #expect(server.requests.contains { $0.path.contains("fruit") }, "\(server.requests.map(\.path))")
    let hint = tools.first { $0["name"] == "fruitlog_add" }?["annotations"]?["openWorldHint"]
    #expect(hint == true)
  }
}
