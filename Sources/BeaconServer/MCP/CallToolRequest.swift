import JSONRPC

/// MCP's `tools/call`: runs one tool with its arguments.
///
/// Ordered like the JSON-RPC method behind the tool (``RequestType/ordering(for:)``), so a
/// `favorites_add` followed by a `favorites_list` is answered in that order.
public struct CallToolRequest: RequestType, Codable, Equatable {
  public static let method = "tools/call"
  /// A `CallToolResult`: `content`, `structuredContent`, `isError`.
  public typealias Response = JSONValue

  /// The tool's name, e.g. `places_search`.
  public var name: String
  /// The tool's arguments; none when left out.
  public var arguments: [String: JSONValue]?
  /// Request metadata: `progressToken` asks for `notifications/progress`.
  public var _meta: Meta?

  /// Creates the request.
  public init(name: String, arguments: [String: JSONValue]? = nil, progressToken: JSONValue? = nil) {
    self.name = name
    self.arguments = arguments
    _meta = progressToken.map { Meta(progressToken: $0) }
  }

  /// The `_meta` of a request.
  public struct Meta: Codable, Sendable, Equatable {
    /// The token the `notifications/progress` of this call carry.
    public var progressToken: JSONValue?
  }

  public static func ordering(for params: JSONValue?) -> RequestOrdering {
    guard let name = params?["name"]?.stringValue, let tool = MCPToolCatalogue.tool(named: name) else {
      return .concurrent
    }
    return tool.ordering(params?["arguments"])
  }
}
