/// A JSON-RPC error code: an open set, so applications add their own without changing this type.
package struct ErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  package var rawValue: Int

  package init(rawValue: Int) { self.rawValue = rawValue }

  package init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  package var description: String { String(rawValue) }

  // MARK: JSON-RPC 2.0

  /// Invalid JSON was received.
  package static let parseError = ErrorCode(rawValue: -32700)
  /// The JSON sent is not a valid request object.
  package static let invalidRequest = ErrorCode(rawValue: -32600)
  /// The method does not exist or is not available.
  package static let methodNotFound = ErrorCode(rawValue: -32601)
  /// Invalid method parameters.
  package static let invalidParams = ErrorCode(rawValue: -32602)
  /// An internal error of the server.
  package static let internalError = ErrorCode(rawValue: -32603)

  /// The server has too many requests in flight (the first of JSON-RPC's implementation-defined server errors).
  package static let serverOverloaded = ErrorCode(rawValue: -32000)

  // MARK: LSP base protocol

  /// A request arrived before `initialize`.
  package static let serverNotInitialized = ErrorCode(rawValue: -32002)
  /// The client cancelled the request.
  package static let requestCancelled = ErrorCode(rawValue: -32800)
}
