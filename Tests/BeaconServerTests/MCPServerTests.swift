import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `beacon mcp` in-process: the handshake, the tool list made from the contract, and tool calls through the
/// same handlers as `beacon serve`.
@Suite struct MCPServerTests {
  /// The JSON-RPC methods that are protocol, not capabilities, and so are no tools.
  static let protocolMethods: Set<String> = ["initialize", "shutdown", "ping", "rpc.discover"]

  // MARK: Handshake

  @Test(arguments: [
    ("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"),
    ("2024-11-05", "2024-11-05"), ("1999-01-01", "2025-11-25"), ("2026-06-30", "2025-11-25"),
  ])
  func negotiatesTheProtocolVersion(requested: String, answered: String) async throws {
    let client = MCPTestClient()
    let result = try await client.initialize(version: requested)
    #expect(result["protocolVersion"]?.stringValue == answered)
    #expect(result["serverInfo"]?["name"] == "beacon")
    #expect(result["capabilities"]?["tools"]?["listChanged"] == false)
    #expect(result["instructions"]?.stringValue?.contains("places_search") == true)
  }

  @Test func pingWorksBeforeInitializeButToolsDoNot() async throws {
    let client = MCPTestClient()
    #expect(try await client.request("ping", id: 1)["result"] == [:])
    let early = try await client.request("tools/list", id: 2)
    #expect(early["error"]?["code"] == -32600)
    #expect(early["error"]?["message"]?.stringValue?.isEmpty == false)
    let probe = try await client.request("server/discover", id: 3, params: [:])
    #expect(probe["error"]?["code"] == -32601)
    try await client.initialize()
    #expect(try await client.request("ping", id: 4)["result"] == [:])
  }

  @Test func initializeWithoutAVersionIsInvalidParams() async throws {
    let client = MCPTestClient()
    let answer = try await client.request("initialize", id: 1, params: ["capabilities": [:]])
    #expect(answer["error"]?["code"] == -32602)
    #expect(answer["error"]?["data"]?["field"] == "protocolVersion")
  }

  // MARK: tools/list

  @Test func everyCapabilityIsAToolWhoseSchemasComeFromTheContract() async throws {
    let client = MCPTestClient()
    try await client.initialize()
    let (tools, pages) = try await client.allTools()
    #expect(pages == 1)
    let document = try DiscoverRequest.document()
    let methods = document["methods"]?.arrayValue ?? []

    let capabilities = Set(methods.compactMap { $0["name"]?.stringValue }).subtracting(Self.protocolMethods)
    let covered = Set(
      tools.compactMap { $0["name"]?.stringValue }.compactMap { MCPToolCatalogue.tool(named: $0)?.method }
    )
    #expect(covered == capabilities)

    for tool in tools {
      let name = try #require(tool["name"]?.stringValue)
      #expect(name.range(of: "^[A-Za-z0-9_.-]{1,128}$", options: .regularExpression) != nil, "\(name)")
      #expect(tool["title"]?.stringValue?.isEmpty == false)
      #expect((tool["description"]?.stringValue?.count ?? 0) > 40, "\(name) needs a description for a model")
      #expect(tool["inputSchema"]?["type"] == "object")
      #expect(tool["inputSchema"]?["additionalProperties"] == false)
      #expect(tool["outputSchema"]?["type"] == "object")
      for hint in ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] {
        #expect(tool["annotations"]?[hint]?.boolValue != nil, "\(name) \(hint)")
      }
      #expect(!JSONWriter.serialize(tool).contains(Array("$ref".utf8)), "\(name) has unresolved references")

      // The arguments are the method's params (less progress tokens and debouncing), required the same.
      let method = try #require(MCPToolCatalogue.tool(named: name)?.method)
      let params = methods.first { $0["name"]?.stringValue == method }?["params"]?.arrayValue ?? []
      let expected = params.filter { !["workDoneToken", "debounceMs"].contains($0["name"]?.stringValue ?? "") }
      let properties = tool["inputSchema"]?["properties"]?.objectValue ?? [:]
      // Besides the params, list tools take `detail` (MCP only: how much of each place comes back), and
      // places_details `fields` (which groups of the place come back).
      let catalogued = MCPToolCatalogue.tool(named: name)
      var own: Set<String> = catalogued?.hasDetailLevels == true ? ["detail"] : []
      if catalogued?.hasFieldGroups == true { own.insert("fields") }
      #expect(Set(properties.keys) == Set(expected.compactMap { $0["name"]?.stringValue }).union(own), "\(name)")
      let required = Set(expected.filter { $0["required"] == true }.compactMap { $0["name"]?.stringValue })
      #expect(Set(tool["inputSchema"]?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []) == required)
    }

    let search = try #require(tools.first { $0["name"] == "places_search" })
    #expect(search["annotations"]?["readOnlyHint"] == true)
    #expect(search["inputSchema"]?["properties"]?["center"]?["properties"]?["lat"]?["maximum"] == 90)
    let rate = try #require(tools.first { $0["name"] == "rating_add" })
    #expect(rate["annotations"]?["readOnlyHint"] == false)
    #expect(rate["annotations"]?["destructiveHint"] == false)
    #expect(rate["inputSchema"]?["properties"]?["stars"]?["minimum"] == 1)
  }

  @Test func toolsArePagedWithAnOpaqueCursor() async throws {
    let client = MCPTestClient(pageSize: 5)
    try await client.initialize()
    let (tools, pages) = try await client.allTools()
    #expect(pages == (MCPToolCatalogue.tools.count + 4) / 5)
    #expect(tools.compactMap { $0["name"]?.stringValue } == MCPToolCatalogue.tools.map(\.name))

    for cursor: JSONValue in ["nonsense", "dG9vbHM6OTk5", .string(MCPServer.cursor(forOffset: 0)), 5] {
      let answer = try await client.request("tools/list", id: .string("bad-\(cursor)"), params: ["cursor": cursor])
      #expect(answer["error"]?["code"] == -32602, "cursor \(cursor)")
    }
  }

  /// The one-page lists give no cursor, so any cursor sent is one Beacon did not make: `-32602`, as for `tools/list`.
  @Test(arguments: ["resources/list", "resources/templates/list", "prompts/list"])
  func aOnePageListRefusesACursor(method: String) async throws {
    let client = MCPTestClient()
    try await client.initialize()
    #expect(try await client.request(method, id: 1, params: [:])["result"]?["nextCursor"] == nil)
    let answer = try await client.request(method, id: 2, params: ["cursor": "bogus"])
    #expect(answer["error"]?["code"] == -32602, "\(answer)")
    #expect(answer["error"]?["data"]?["field"] == "cursor")
  }

  @Test func titlesFollowTheSessionsLanguage() async throws {
    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(locale: "en")))
    try await client.initialize()
    let (english, _) = try await client.allTools()
    #expect(english.first { $0["name"] == "favorites_list" }?["title"] == "My places")
    _ = try await client.call("settings_update", ["locale": "nb"], id: 1)
    // `--locale` wins over the stored setting, so the session stays English.
    let (again, _) = try await client.allTools(firstID: 2000)
    #expect(again.first { $0["name"] == "favorites_list" }?["title"] == "My places")

    let bokmal = MCPTestClient()
    try await bokmal.initialize()
    #expect(try await bokmal.allTools().tools.first { $0["name"] == "favorites_list" }?["title"] == "Mine steder")
  }
}
