import JSONRPC

/// MCP's `resources/subscribe`: send `notifications/resources/updated` when the resource changes.
package struct SubscribeResourceRequest: RequestType, Codable, Equatable {
  package static let method = "resources/subscribe"
  package typealias Response = EmptyResult

  /// The resource, e.g. `beacon://favorites`.
  package var uri: String

  /// Creates the request.
  package init(uri: String) {
    self.uri = uri
  }

  package static func ordering(for params: JSONValue?) -> RequestOrdering { .exclusive }
}
