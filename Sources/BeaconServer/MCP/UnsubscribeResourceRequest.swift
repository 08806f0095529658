import JSONRPC

/// MCP's `resources/unsubscribe`: stop the notifications of `resources/subscribe`.
public struct UnsubscribeResourceRequest: RequestType, Codable, Equatable {
  public static let method = "resources/unsubscribe"
  public typealias Response = EmptyResult

  /// The resource, e.g. `beacon://favorites`.
  public var uri: String

  /// Creates the request.
  public init(uri: String) {
    self.uri = uri
  }

  public static func ordering(for params: JSONValue?) -> RequestOrdering { .exclusive }
}
