/// A request: its value is the `params` object, and it has a response type and a unique method name.
package protocol RequestType: Decodable, Sendable {
  /// The type of the `result`.
  associatedtype Response: Encodable & Sendable
  /// The method name, e.g. `places/search`.
  static var method: String { get }
  /// How the request is ordered against others; `.concurrent` unless it writes state.
  static var ordering: RequestOrdering { get }
  /// The ordering of one request, decided from its raw params when it arrives (default: ``ordering``);
  /// for methods that write only with some params.
  static func ordering(for params: JSONValue?) -> RequestOrdering
}

extension RequestType {
  package static var ordering: RequestOrdering { .concurrent }
  package static func ordering(for params: JSONValue?) -> RequestOrdering { ordering }
}

/// A notification: its value is the `params` object, it has a unique method name and is never answered.
package protocol NotificationType: Decodable, Sendable {
  /// The method name, e.g. `exit`.
  static var method: String { get }
}

/// How a request is ordered against the requests around it.
///
/// Concurrent requests run alongside each other but start only after every earlier exclusive request
/// has finished; an exclusive request starts only after every earlier request has finished, and later
/// requests wait for it. A write followed by a read is therefore always observed in that order.
package enum RequestOrdering: Sendable {
  /// Reads: may run in parallel with other concurrent requests.
  case concurrent
  /// Writes and lifecycle changes: run alone, in arrival order.
  case exclusive
}

/// The result of a request that has nothing to return: encodes as `{}`.
package struct EmptyResult: Codable, Sendable, Hashable {
  /// Creates the empty result.
  package init() {}
}

/// The result of a request whose result is `null`.
package struct NullResult: Codable, Sendable, Hashable {
  /// Creates the null result.
  package init() {}

  package init(from decoder: any Decoder) throws {}

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}
