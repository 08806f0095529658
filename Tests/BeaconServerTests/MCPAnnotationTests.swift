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
  /// The arguments each tool is called with: the params of each of its method's examples in the OpenRPC document,
  /// without those the tool hides from an agent.
  static func exampleArguments() throws -> [String: [JSONValue]] {
    var examples: [String: [JSONValue]] = [:]
    for method in try ProjectDocuments.openRPCMethods() {
      if let name = method["name"]?.stringValue { examples[name] = ProjectDocuments.exampleParams(of: method) }
    }
    return Dictionary(
      uniqueKeysWithValues: MCPToolCatalogue.tools.map { tool in
        let calls = (examples[tool.method] ?? [[:]]).map { params in
          JSONValue.object((params.objectValue ?? [:]).filter { !tool.hiddenParams.contains($0.key) })
        }
        return (tool.name, calls)
      }
    )
  }

  /// A session of every tool set whose upstreams (Geoapify with a key, every built feature's service) are all
  /// `server`.
  static func client(_ server: LoopbackHTTPServer) async throws -> MCPTestClient {
    let url = server.baseURL.absoluteString
    let environment = BeaconOptions(
      geoapifyAPIKey: APIKey("sk-annotation-test"),
      geoapifyBaseURL: url,
      serviceURLs: Dictionary(uniqueKeysWithValues: Feature.serviceURLOptions.map { ($0.key, url) })
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

  /// Each tool is called with its method's examples in a fresh session (a fresh store, nothing cached), and
  /// whether the calls reached the loopback server must be what the tool's `openWorldHint` claims.
  @Test func openWorldIsTrueExactlyForTheToolsThatCanReachTheNetwork() async throws {
    let server = try LoopbackHTTPServer()
    let client = try await Self.client(server)
    let tools = try await client.allTools().tools
    let local = Set(
      tools.filter { $0["annotations"]?["openWorldHint"] == false }.compactMap { $0["name"]?.stringValue }
    )
    #expect(!local.isEmpty && local.count < tools.count)

    // Logging a fruit looks it up in Fruityvice's catalogue when none is stored: it can reach the network.
    let eaten = try await client.call("fruitlog_add", ["fruitId": 26], id: 1)
    #expect(eaten["isError"] == true, "the loopback server has no catalogue")
    #expect(server.requests.contains { $0.path.contains("fruit") }, "\(server.requests.map(\.path))")
    let hint = tools.first { $0["name"] == "fruitlog_add" }?["annotations"]?["openWorldHint"]
    #expect(hint == true)

    var stayedHere: Set<String> = []
    for (name, calls) in try Self.exampleArguments().sorted(by: { $0.key < $1.key }) {
      let session = try await Self.client(server)
      let before = server.requests.count
      for (index, arguments) in calls.enumerated() { _ = try await session.call(name, arguments, id: index + 1) }
      if server.requests.count == before {
        stayedHere.insert(name)
      } else {
        #expect(!local.contains(name), "\(name) reached \(server.requests.dropFirst(before).map(\.path))")
      }
    }
    #expect(local == stayedHere, "the tools that claim to stay on this machine")

  }

  /// A tool claims to be read-only exactly when its method is ordered as a read (concurrent) for each of its
  /// examples: the dispatcher's ordering, declared on the request type, says which calls write.
  @Test func readOnlyIsTrueExactlyForTheToolsOrderedAsReads() throws {
    let examples = try Self.exampleArguments()
    for tool in MCPToolCatalogue.tools {
      for arguments in examples[tool.name] ?? [] {
        let reads = tool.ordering(arguments) == .concurrent
        #expect(
          tool.annotations.readOnly == reads,
          "\(tool.name) \(arguments): ordered as a \(reads ? "read" : "write")"
        )
      }
    }
  }
}
