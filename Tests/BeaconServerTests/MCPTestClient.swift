import BeaconCore
import BeaconSync
import Foundation
import JSONRPC

@testable import BeaconServer

/// Drives an in-process ``MCPServer`` as an MCP client would: messages in through its dispatcher, every
/// message out kept in order.
final class MCPTestClient: Sendable {
  let server: MCPServer
  private let sent = Sent()
  /// Serializes `receive`, as a single reader thread would.
  private let receiving = Locked(())

  /// A client of a server with `toolSets` (every set unless told).
  init(options: ServerOptions = .inMemory(), toolSets: Set<MCPToolSet> = Set(MCPToolSet.allCases), pageSize: Int = 100)
  {
    server = MCPServer(options: options, toolSets: toolSets, pageSize: pageSize) { [sent] body in
      let message = (try? JSONParser.parse(body)) ?? .string(String(decoding: body, as: UTF8.self))
      sent.messages.withLock { $0.append(message) }
    }
  }

  /// Every message the server sent, in order.
  var messages: [JSONValue] { sent.messages.withLock { $0 } }

  private final class Sent: Sendable {
    let messages = Locked<[JSONValue]>([])
  }

  /// The notifications with `method` the server sent.
  func notifications(_ method: String) -> [JSONValue] {
    messages.filter { $0["method"]?.stringValue == method && $0["id"] == nil }
  }

  func send(_ message: JSONValue) {
    let body = JSONWriter.serialize(message)
    receiving.withLock { _ in server.dispatcher.receive(body) }
  }

  func notify(_ method: String, params: JSONValue? = nil) {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
  }

  /// Sends a request and waits for the response with its id (the whole response message).
  @discardableResult
  func request(_ method: String, id: JSONValue, params: JSONValue? = nil) async throws -> JSONValue {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
    if let params { message["params"] = params }
    send(.object(message))
    return try await response(id: id)
  }

  /// Waits for the response with `id`.
  func response(id: JSONValue) async throws -> JSONValue {
    // Generous: under a sanitizer on two busy cores an answer can take many seconds (a deadline, not a goal; an
    // AddressSanitizer run starts every test of the bundle at once, and the last finish after 300–360 s).
    // The answer is looked for once more after the deadline: a test process starved past it by a busy machine
    // must still see an answer that arrived meanwhile.
    let deadline = ContinuousClock.now + .seconds(900)
    while true {
      if let found = messages.first(where: { $0["id"] == id && ($0["result"] != nil || $0["error"] != nil) }) {
        return found
      }
      guard ContinuousClock.now < deadline else { break }
      try await Task.sleep(for: .milliseconds(2))
    }
    throw MCPTestError("no response with id \(id); sent: \(messages)")
  }

  /// Runs the handshake and returns the `initialize` result.
  @discardableResult
  func initialize(version: String = "2025-11-25") async throws -> JSONValue {
    let answer = try await request(
      "initialize",
      id: "init",
      params: [
        "protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "test", "version": "1"],
      ]
    )
    guard let result = answer["result"] else { throw MCPTestError("initialize failed: \(answer)") }
    notify("notifications/initialized")
    return result
  }

  /// Calls a tool and returns its `CallToolResult`.
  func call(_ tool: String, _ arguments: JSONValue = [:], id: Int, progressToken: JSONValue? = nil) async throws
    -> JSONValue
  {
    var params: [String: JSONValue] = ["name": .string(tool), "arguments": arguments]
    if let progressToken { params["_meta"] = ["progressToken": progressToken] }
    let answer = try await request("tools/call", id: .int(id), params: .object(params))
    guard let result = answer["result"] else { throw MCPTestError("tools/call \(tool) failed: \(answer)") }
    return result
  }

  /// Every tool over every page of `tools/list`.
  func allTools(firstID: Int = 1000) async throws -> (tools: [JSONValue], pages: Int) {
    var tools: [JSONValue] = []
    var cursor: JSONValue?
    var id = firstID
    var pages = 0
    repeat {
      let params: JSONValue = cursor.map { ["cursor": $0] } ?? [:]
      let answer = try await request("tools/list", id: .int(id), params: params)
      guard let result = answer["result"] else { throw MCPTestError("tools/list failed: \(answer)") }
      tools += result["tools"]?.arrayValue ?? []
      cursor = result["nextCursor"]
      id += 1
      pages += 1
    } while cursor != nil && pages < 50
    return (tools, pages)
  }
}

struct MCPTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension JSONValue {
  /// The text of the first content block of a `CallToolResult`.
  var toolText: String? { self["content"]?.arrayValue?.first?["text"]?.stringValue }
}
