import JSONRPC

/// MCP's `resources/list` (and, with another method, `resources/templates/list`): Beacon's resources.
///
/// Beacon has so few that one page holds them all; a `cursor` is accepted and ignored.
public struct ListResourcesRequest: RequestType, Codable, Equatable {
  public static let method = "resources/list"
  /// `{resources: [...]}`.
  public typealias Response = JSONValue

  /// Where the page starts (unused: there is one page).
  public var cursor: String?

  /// Creates the request.
  public init(cursor: String? = nil) {
    self.cursor = cursor
  }
}
