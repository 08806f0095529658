import JSONRPC

/// MCP's `resources/templates/list`: the URI templates of Beacon's resources (a place by id).
package struct ListResourceTemplatesRequest: RequestType, Codable, Equatable {
  package static let method = "resources/templates/list"
  /// `{resourceTemplates: [...]}`.
  package typealias Response = JSONValue

  /// Where the page starts: never given (there is one page), so any is `-32602`.
  package var cursor: String?

  /// Creates the request.
  package init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
