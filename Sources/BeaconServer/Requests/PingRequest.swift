import JSONRPC

/// Checks that the server answers: the result is `{}`.
public struct PingRequest: RequestType, Encodable, Equatable {
  public static let method = "ping"
  public typealias Response = EmptyResult

  /// Creates the request.
  public init() {}
}
