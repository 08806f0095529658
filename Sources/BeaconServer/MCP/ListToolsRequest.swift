import JSONRPC

/// MCP's `tools/list`: one page of Beacon's tools.
package struct ListToolsRequest: RequestType, Codable, Equatable {
  package static let method = "tools/list"

  /// Where the page starts: the `nextCursor` of the previous page; the first page without it.
  package var cursor: String?

  /// Creates the request.
  package init(cursor: String? = nil) {
    self.cursor = cursor
  }

  /// One page of tools.
  package struct Response: Codable, Sendable, Equatable {
    /// Tool definitions: `name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`.
    package var tools: [JSONValue]
    /// The cursor of the next page; absent on the last page.
    package var nextCursor: String?
  }
}
