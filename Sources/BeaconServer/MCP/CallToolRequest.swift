import JSONRPC

/// MCP's `tools/call`: runs one tool with its arguments.
///
/// Ordered like the JSON-RPC method behind the tool (``RequestType/ordering(for:)``), so a
/// `favorites_add` followed by a `favorites_list` is answered in that order.
package struct CallToolRequest: RequestType, Codable, Equatable {
  package static let method = "tools/call"
  /// A `CallToolResult`: `content`, `structuredContent`, `isError`.
  package typealias Response = JSONValue

  /// The tool's name, e.g. `places_search`.
  package var name: String
  /// The tool's arguments; none when left out.
  package var arguments: [String: JSONValue]?
  /// Request metadata: `progressToken` asks for `notifications/progress`.
  package var _meta: Meta?

  /// Creates the request.
  package init(name: String, arguments: [String: JSONValue]? = nil, progressToken: JSONValue? = nil) {
    self.name = name
    self.arguments = arguments
    _meta = progressToken.map { Meta(progressToken: $0) }
  }

  /// The `_meta` of a request.
  package struct Meta: Codable, Sendable, Equatable {
    /// The token the `notifications/progress` of this call carry.
    package var progressToken: JSONValue?
  }

  package static func ordering(for params: JSONValue?) -> RequestOrdering {
    guard let name = params?["name"]?.stringValue, let tool = MCPToolCatalogue.tool(named: name) else {
      return .concurrent
    }
    return tool.ordering(params?["arguments"])
  }
}
