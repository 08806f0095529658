import JSONRPC

/// MCP's `resources/list` (and, with another method, `resources/templates/list`): Beacon's resources.
///
/// Beacon has so few that one page holds them all; a `cursor` is accepted and ignored.
package struct ListResourcesRequest: RequestType, Codable, Equatable {
  package static let method = "resources/list"
  /// `{resources: [...]}`.
  package typealias Response = JSONValue

  /// Where the page starts (unused: there is one page).
  package var cursor: String?

  /// Creates the request.
  package init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
