import JSONRPC

/// MCP's `resources/unsubscribe`: stop the notifications of `resources/subscribe`.
package struct UnsubscribeResourceRequest: RequestType, Codable, Equatable {
  package static let method = "resources/unsubscribe"
  package typealias Response = EmptyResult

  /// The resource, e.g. `beacon://favorites`.
  package var uri: String

  /// Creates the request.
  package init(uri: String) {
    self.uri = uri
  }

  package static func ordering(for params: JSONValue?) -> RequestOrdering { .exclusive }
}
