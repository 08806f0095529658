import JSONRPC

/// MCP's `initialize`: the client's protocol version, capabilities and name.
package struct MCPInitializeRequest: RequestType, Codable, Equatable {
  package static let method = "initialize"
  package typealias Response = MCPInitializeResult

  /// The MCP version the client speaks, e.g. `2025-11-25`.
  package var protocolVersion: String
  /// What the client can do (read for future use; nothing depends on it yet).
  package var capabilities: JSONValue?
  /// Who the client is.
  package var clientInfo: Implementation?

  /// Creates the request.
  package init(protocolVersion: String, capabilities: JSONValue? = nil, clientInfo: Implementation? = nil) {
    self.protocolVersion = protocolVersion
    self.capabilities = capabilities
    self.clientInfo = clientInfo
  }

  /// The name and version of a client or server.
  package struct Implementation: Codable, Sendable, Equatable {
    package var name: String
    package var title: String?
    package var version: String?

    /// Creates an implementation.
    package init(name: String, title: String? = nil, version: String? = nil) {
      self.name = name
      self.title = title
      self.version = version
    }
  }
}

/// The answer to MCP's `initialize`.
package struct MCPInitializeResult: Codable, Sendable, Equatable {
  /// The version both sides will speak: the client's when Beacon supports it, else Beacon's latest.
  package var protocolVersion: String
  /// What Beacon offers: tools (a fixed list) and logging.
  package var capabilities: JSONValue
  /// Beacon's name and version.
  package var serverInfo: MCPInitializeRequest.Implementation
  /// A short text telling an agent what Beacon is for and how to start.
  package var instructions: String
}
