import JSONRPC

/// MCP's `resources/subscribe`: send `notifications/resources/updated` when the resource changes.
public struct SubscribeResourceRequest: RequestType, Codable, Equatable {
  public static let method = "resources/subscribe"
  public typealias Response = EmptyResult

  /// The resource, e.g. `beacon://favorites`.
  public var uri: String

  /// Creates the request.
  public init(uri: String) {
    self.uri = uri
  }

  public static func ordering(for params: JSONValue?) -> RequestOrdering { .exclusive }
}
