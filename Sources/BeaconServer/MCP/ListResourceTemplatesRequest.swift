import JSONRPC

/// MCP's `resources/templates/list`: the URI templates of Beacon's resources (a place by id).
public struct ListResourceTemplatesRequest: RequestType, Codable, Equatable {
  public static let method = "resources/templates/list"
  /// `{resourceTemplates: [...]}`.
  public typealias Response = JSONValue

  /// Where the page starts (unused: there is one page).
  public var cursor: String?

  /// Creates the request.
  public init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
