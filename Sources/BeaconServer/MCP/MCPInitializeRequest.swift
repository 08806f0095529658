import JSONRPC

/// MCP's `initialize`: the client's protocol version, capabilities and name.
public struct MCPInitializeRequest: RequestType, Codable, Equatable {
  public static let method = "initialize"
  public typealias Response = MCPInitializeResult

  /// The MCP version the client speaks, e.g. `2025-11-25`.
  public var protocolVersion: String
  /// What the client can do (read for future use; nothing depends on it yet).
  public var capabilities: JSONValue?
  /// Who the client is.
  public var clientInfo: Implementation?

  /// Creates the request.
  public init(protocolVersion: String, capabilities: JSONValue? = nil, clientInfo: Implementation? = nil) {
    self.protocolVersion = protocolVersion
    self.capabilities = capabilities
    self.clientInfo = clientInfo
  }

  /// The name and version of a client or server.
  public struct Implementation: Codable, Sendable, Equatable {
    public var name: String
    public var title: String?
    public var version: String?

    /// Creates an implementation.
    public init(name: String, title: String? = nil, version: String? = nil) {
      self.name = name
      self.title = title
      self.version = version
    }
  }
}

/// The answer to MCP's `initialize`.
public struct MCPInitializeResult: Codable, Sendable, Equatable {
  /// The version both sides will speak: the client's when Beacon supports it, else Beacon's latest.
  public var protocolVersion: String
  /// What Beacon offers: tools (a fixed list) and logging.
  public var capabilities: JSONValue
  /// Beacon's name and version.
  public var serverInfo: MCPInitializeRequest.Implementation
  /// A short text telling an agent what Beacon is for and how to start.
  public var instructions: String
}
