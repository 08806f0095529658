import JSONRPC

/// MCP's `tools/list`: one page of Beacon's tools.
public struct ListToolsRequest: RequestType, Codable, Equatable {
  public static let method = "tools/list"

  /// Where the page starts: the `nextCursor` of the previous page; the first page without it.
  public var cursor: String?

  /// Creates the request.
  public init(cursor: String? = nil) {
    self.cursor = cursor
  }

  /// One page of tools.
  public struct Response: Codable, Sendable, Equatable {
    /// Tool definitions: `name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`.
    public var tools: [JSONValue]
    /// The cursor of the next page; absent on the last page.
    public var nextCursor: String?
  }
}
