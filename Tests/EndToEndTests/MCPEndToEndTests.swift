import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon mcp` driven as an MCP client drives it: one JSON message per line on stdin and stdout.
extension EndToEnd {
  @Suite struct MCPEndToEndTests {
    static let apiKey = "sk-MCP-E2E-SECRET-51c0"

    /// Starts `beacon mcp`; with `geoapify`, pointed at that fake with a key.
    static func start(geoapify: LoopbackHTTPServer? = nil) throws -> BeaconProcess {
      var environment: [String: String?] = [:]
      if let geoapify {
        environment["GEOAPIFY_API_KEY"] = apiKey
        environment["BEACON_GEOAPIFY_URL"] = geoapify.baseURL.absoluteString
      }
      return try BeaconProcess(arguments: ["mcp"], environment: environment)
    }

    /// Writes a request as one line.
    static func request(_ beacon: BeaconProcess, _ method: String, id: JSONValue, params: JSONValue? = nil) {
      beacon.send(BeaconProcess.requestBody(method, id: id, params: params) + "\n")
    }

    /// Writes a notification as one line.
    static func notify(_ beacon: BeaconProcess, _ method: String, params: JSONValue? = nil) {
      beacon.send(BeaconProcess.notificationBody(method, params: params) + "\n")
    }

    /// The handshake; returns the `initialize` result.
    @discardableResult
    static func initialize(_ beacon: BeaconProcess, version: String = "2025-11-25") throws -> JSONValue {
      let params: JSONValue = [
        "protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "e2e", "version": "1.0"],
      ]
      request(beacon, "initialize", id: "init", params: params)
      let answer = try beacon.response(id: "init")
      guard let result = answer["result"] else { throw HarnessError("initialize failed: \(answer)") }
      notify(beacon, "notifications/initialized")
      return result
    }

    /// Calls a tool and returns its `CallToolResult`.
    static func call(_ beacon: BeaconProcess, _ tool: String, _ arguments: JSONValue, id: Int, meta: JSONValue? = nil)
      throws -> JSONValue
    {
      var params: [String: JSONValue] = ["name": .string(tool), "arguments": arguments]
      if let meta { params["_meta"] = meta }
      request(beacon, "tools/call", id: .int(id), params: .object(params))
      let answer = try beacon.response(id: .int(id))
      guard let result = answer["result"] else { throw HarnessError("tools/call \(tool) failed: \(answer)") }
      return result
    }

    @Test(arguments: [
      ("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"),
      ("2030-01-01", "2025-11-25"),
    ])
    func handshakeListAndExitAtTheEndOfInput(requested: String, answered: String) throws {
      let beacon = try Self.start()
      Self.request(beacon, "ping", id: 0)
      #expect(try beacon.response(id: 0)["result"] == [:], "ping before initialize")
      Self.request(beacon, "server/discover", id: "probe", params: [:])
      #expect(try beacon.response(id: "probe", timeout: 5)["error"]?["code"] == -32601, "a prompt answer to the probe")

      let result = try Self.initialize(beacon, version: requested)
      #expect(result["protocolVersion"]?.stringValue == answered)
      #expect(result["serverInfo"]?["name"] == "beacon")
      #expect(result["capabilities"]?["tools"]?["listChanged"] == false)
      #expect(result["instructions"]?.stringValue?.isEmpty == false)

      Self.request(beacon, "tools/list", id: 1)
      let tools = try beacon.response(id: 1)["result"]?["tools"]?.arrayValue ?? []
      let names = Set(tools.compactMap { $0["name"]?.stringValue })
      #expect(
        names.isSuperset(of: [
          "places_search", "places_details", "places_autocomplete", "rating_add",
          "rating_list", "favorites_add", "favorites_remove", "favorites_list", "settings_get", "settings_update",
        ])
      )
      #expect(tools.allSatisfy { $0["inputSchema"]?["type"] == "object" && $0["outputSchema"]?["type"] == "object" })

      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
      try beacon.waitForOutputEnd()
      let lines = beacon.stdout.text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.last == "", "stdout ends with a newline")
      for line in lines.dropLast() {
        #expect((try? JSONParser.parse(Array(line.utf8)))?.objectValue != nil, "one JSON object per line: \(line)")
      }
      #expect(!beacon.stdout.text.contains("Content-Length"))
    }

    @Test func searchAndDetailsAgainstTheFakeGeoapify() throws {
      let server = try GeoapifyFixtures.server()
      let beacon = try Self.start(geoapify: server)
      try Self.initialize(beacon)

      let search = try Self.call(
        beacon,
        "places_search",
        ["category": "restaurant"],
        id: 1,
        meta: ["progressToken": 42]
      )
      #expect(search["isError"] == false)
      #expect(search["structuredContent"]?["source"] == "live")
      let places = search["structuredContent"]?["places"]?.arrayValue ?? []
      let id = GeoapifyFixtures.detailsRestaurantID
      #expect(places.contains { $0["id"]?.stringValue == id })
      #expect(search["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("Bryggehallen Matsal") == true)
      let progress = beacon.messages.filter { $0["method"] == "notifications/progress" }
      #expect(progress.first?["params"]?["progressToken"] == 42)
      #expect(progress.last?["params"]?["progress"] == 100)

      let details = try Self.call(beacon, "places_details", ["id": .string(id)], id: 2)
      #expect(details["structuredContent"]?["place"]?["name"] == "Bryggehallen Matsal")
      let text = details["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(text.contains("Bryggehallen Matsal"))
      #expect(server.requestCount(path: "/v2/place-details") == 1)

      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(!beacon.stdout.text.contains(Self.apiKey))
      #expect(!beacon.stderr.text.contains(Self.apiKey))
    }

    @Test func aBadArgumentIsAToolErrorAndAnUnknownToolAProtocolError() throws {
      let beacon = try Self.start()
      try Self.initialize(beacon)
      let result = try Self.call(beacon, "rating_add", ["placeId": "osm:node/317766538", "stars": 9], id: 1)
      #expect(result["isError"] == true)
      #expect(result["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("9") == true, "\(result)")

      Self.request(beacon, "tools/call", id: 2, params: ["name": "teleport", "arguments": [:]])
      #expect(try beacon.response(id: 2)["error"]?["code"] == -32602)
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
    }

    @Test func aCancelledCallIsNeverAnsweredAndTheSessionGoesOn() throws {
      let server = try LoopbackHTTPServer()
      server.handler = { request in
        request.path == "/v2/places" ? .fault(.neverFinish) : GeoapifyFixtures.respond(to: request)
      }
      let beacon = try Self.start(geoapify: server)
      try Self.initialize(beacon)
      Self.request(beacon, "tools/call", id: 7, params: ["name": "places_search", "arguments": ["category": "cafe"]])
      #expect(server.waitForRequests(count: 1, timeout: BeaconProcess.defaultTimeout), "the search reached Geoapify")
      Self.notify(beacon, "notifications/cancelled", params: ["requestId": 7, "reason": "the user moved on"])
      Self.request(beacon, "ping", id: 8)
      #expect(try beacon.response(id: 8)["result"] == [:])

      let details = try Self.call(beacon, "settings_get", [:], id: 9)
      #expect(details["isError"] == false)

      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(beacon.responses(id: 7).isEmpty, "no answer to a cancelled call: \(beacon.messages)")
    }

    /// The names `tools/list` gives in a session of `beacon mcp` started with `arguments` and `environment`.
    static func toolNames(_ arguments: [String], environment: [String: String?] = [:]) throws -> [String] {
      let beacon = try BeaconProcess(arguments: arguments, environment: environment)
      try Self.initialize(beacon)
      Self.request(beacon, "tools/list", id: 1)
      let tools = try beacon.response(id: 1)["result"]?["tools"]?.arrayValue ?? []
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
      return tools.compactMap { $0["name"]?.stringValue }
    }

    @Test func toolSetsComeFromTheOptionOrTheEnvironment() throws {
      let standard = try Self.toolNames(["mcp"])
      #expect(standard.count == 12)
      #expect(standard.allSatisfy { ["places", "rating", "favorites", "settings"].contains($0.prefix { $0 != "_" }) })
      // Every tool of MCP.md's tool-set table, and only those.
      let documented = try ProjectDocuments.toolSets().flatMap(\.tools)
      let all = try Self.toolNames(["mcp", "--toolsets", "all"])
      #expect(all.count == documented.count && Set(all) == Set(documented), "\(all)")
      #expect(try Self.toolNames(["mcp", "--toolsets", "routes"]) == ["places_search_along_route"])
      let people = try Self.toolNames(["mcp"], environment: ["BEACON_MCP_TOOLSETS": "people"])
      #expect(!people.isEmpty && people.allSatisfy { $0.hasPrefix("users_") }, "\(people)")
      // The option wins over the environment.
      let fruits = try Self.toolNames(["mcp", "--toolsets", "fruits"], environment: ["BEACON_MCP_TOOLSETS": "nope"])
      #expect(fruits.contains("fruits_list") && !fruits.contains("users_list"))
    }

    @Test(
      arguments: [
        (["mcp", "--toolsets", "places,maps"], [:], "Ukjent verktøysett 'maps'; gyldige verktøysett: places, ratings"),
        (["mcp"], ["BEACON_MCP_TOOLSETS": "Maps"], "Ukjent verktøysett 'maps'"),
        (["mcp", "--toolsets", "mpas", "--locale", "en"], [:], "Unknown tool set 'mpas'; valid tool sets: places, "),
        (["mcp"], ["BEACON_MCP_TOOLSETS": "x", "BEACON_LOCALE": "nn"], "Ukjent verktøysett 'x'; gyldige verktøysett"),
      ] as [([String], [String: String?], String)]
    )
    func anUnknownToolSetStopsTheStartWithTheValidOnes(
      arguments: [String],
      environment: [String: String?],
      message: String
    ) throws {
      let result = try BeaconProcess.run(arguments, environment: environment)
      #expect(result.termination == .exited(64))
      #expect(result.stdout.isEmpty, "nothing on the wire")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      let last = try #require(try ProjectDocuments.toolSets().last?.set, "MCP.md's tool-set table")
      #expect(result.stderr.contains("\(last), all"), "every valid name: \(result.stderr)")
    }

    @Test func crlfAndBlankLinesAreTolerated() throws {
      let beacon = try Self.start()
      beacon.send("\r\n\n" + BeaconProcess.requestBody("ping", id: 1) + "\r\n\r\n")
      #expect(try beacon.response(id: 1)["result"] == [:])
      beacon.send("{not json}\n")
      let error = try beacon.waitForMessage("a parse error") { $0["error"]?["code"] == -32700 }
      #expect(error["id"] == .null)
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
    }
  }
}
