import JSONRPC

/// MCP's `resources/read`: the JSON of one of Beacon's resources.
package struct ReadResourceRequest: RequestType, Codable, Equatable {
  package static let method = "resources/read"
  /// `{contents: [{uri, mimeType, text}]}`.
  package typealias Response = JSONValue

  /// The resource, e.g. `beacon://favorites`.
  package var uri: String

  /// Creates the request.
  package init(uri: String) {
    self.uri = uri
  }
}
