import JSONRPC

/// MCP's `resources/list` (and, with another method, `resources/templates/list`): Beacon's resources.
///
/// Beacon has so few that one page holds them all and it never gives a `cursor`; one sent is `-32602`.
package struct ListResourcesRequest: RequestType, Codable, Equatable {
  package static let method = "resources/list"
  /// `{resources: [...]}`.
  package typealias Response = JSONValue

  /// Where the page starts: never given (there is one page), so any is `-32602`.
  package var cursor: String?

  /// Creates the request.
  package init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
