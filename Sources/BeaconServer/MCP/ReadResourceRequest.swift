import JSONRPC

/// MCP's `resources/read`: the JSON of one of Beacon's resources.
public struct ReadResourceRequest: RequestType, Codable, Equatable {
  public static let method = "resources/read"
  /// `{contents: [{uri, mimeType, text}]}`.
  public typealias Response = JSONValue

  /// The resource, e.g. `beacon://favorites`.
  public var uri: String

  /// Creates the request.
  public init(uri: String) {
    self.uri = uri
  }
}
