import BeaconCore
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// JSON-RPC batches in MCP: 2025-03-26 has them, 2025-06-18 dropped them, and an `initialize` must never be in one.
@Suite struct MCPBatchTests {
  static func ping(_ id: Int) -> JSONValue { ["jsonrpc": "2.0", "id": .int(id), "method": "ping"] }

  /// The first message the server sent after `count` earlier ones that `matches`, waited for up to 60 s.
  static func message(
    after count: Int,
    in client: MCPTestClient,
    where matches: (JSONValue) -> Bool
  ) async throws -> JSONValue? {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      if let found = client.messages.dropFirst(count).first(where: matches) { return found }
      try await Task.sleep(for: .milliseconds(2))
    }
    return nil
  }

  @Test(arguments: ["2025-11-25", "2025-06-18"])
  func aSessionOfAVersionWithoutBatchesRefusesOneWhole(version: String) async throws {
    let client = try await MCPToolCallTests.offlineClient(version: version)
    let before = client.messages.count
    client.send([Self.ping(1), Self.ping(2)])
    let answer = try #require(try await Self.message(after: before, in: client) { $0["error"] != nil })
    #expect(answer["id"] == .null)
    #expect(answer["error"]?["code"] == -32600)
    #expect(answer["error"]?["data"]?["detail"] == .string("MCP \(version) has no batches"))
    // The session goes on: the same requests one by one are answered.
    #expect(try await client.request("ping", id: 3)["result"] == [:])
    #expect(!client.messages.contains { $0["id"] == 1 || $0["id"] == 2 })
  }

  /// A batch sent right behind the `initialize`, before its answer, is judged by the version that `initialize` asks
  /// for (it was answered: the version was only known once the `initialize` had run).
  @Test func aBatchRightBehindTheInitializeIsRefusedToo() async throws {
    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(offline: true)))
    client.send([
      "jsonrpc": "2.0", "id": "init", "method": "initialize",
      "params": ["protocolVersion": "2025-11-25", "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]],
    ])
    client.notify("notifications/initialized")
    client.send([Self.ping(1), Self.ping(2)])
    let answer = try #require(try await Self.message(after: 0, in: client) { $0["id"] == .null })
    #expect(answer["error"]?["data"]?["detail"] == "MCP 2025-11-25 has no batches")
    #expect(try await client.response(id: "init")["result"]?["protocolVersion"] == "2025-11-25")
    #expect(!client.messages.contains { $0.arrayValue != nil })
  }

  @Test func aSessionOf2025_03_26AnswersABatchWithABatch() async throws {
    let client = try await MCPToolCallTests.offlineClient(version: "2025-03-26")
    let before = client.messages.count
    client.send([Self.ping(1), Self.ping(2)])
    let answer = try #require(try await Self.message(after: before, in: client) { $0.arrayValue != nil })
    #expect(Set((answer.arrayValue ?? []).compactMap { $0["id"]?.intValue }) == [1, 2])
  }

  @Test func anInitializeInABatchIsRefusedAndTheSessionCanStillStart() async throws {
    let client = MCPTestClient(options: .inMemory(flags: BeaconOptions(offline: true)))
    let initialize: JSONValue = [
      "jsonrpc": "2.0", "id": "in-batch", "method": "initialize",
      "params": ["protocolVersion": "2025-03-26", "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]],
    ]
    client.send([initialize, Self.ping(1)])
    let answer = try #require(try await Self.message(after: 0, in: client) { $0.arrayValue != nil })
    let refused = try #require(answer.arrayValue?.first { $0["id"] == "in-batch" })
    #expect(refused["error"]?["code"] == -32600)
    #expect(refused["error"]?["data"]?["detail"] == "'initialize' must not be part of a batch")
    #expect(answer.arrayValue?.first { $0["id"] == 1 }?["result"] == [:])
    // Not initialized by it: a handshake on its own still works.
    #expect(try await client.initialize(version: "2025-03-26")["protocolVersion"] == "2025-03-26")
  }
}
