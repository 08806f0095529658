import JSONRPC

/// Checks that the server answers: the result is `{}`.
package struct PingRequest: RequestType, Encodable, Equatable {
  package static let method = "ping"
  package typealias Response = EmptyResult

  /// Creates the request.
  package init() {}
}
