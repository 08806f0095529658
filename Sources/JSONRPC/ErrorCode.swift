/// A JSON-RPC error code: an open set, so applications add their own without changing this type.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  public var rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { String(rawValue) }

  // MARK: JSON-RPC 2.0

  /// Invalid JSON was received.
  public static let parseError = ErrorCode(rawValue: -32700)
  /// The JSON sent is not a valid request object.
  public static let invalidRequest = ErrorCode(rawValue: -32600)
  /// The method does not exist or is not available.
  public static let methodNotFound = ErrorCode(rawValue: -32601)
  /// Invalid method parameters.
  public static let invalidParams = ErrorCode(rawValue: -32602)
  /// An internal error of the server.
  public static let internalError = ErrorCode(rawValue: -32603)

  /// The server has too many requests in flight (the first of JSON-RPC's implementation-defined server errors).
  public static let serverOverloaded = ErrorCode(rawValue: -32000)

  // MARK: LSP base protocol

  /// A request arrived before `initialize`.
  public static let serverNotInitialized = ErrorCode(rawValue: -32002)
  /// The client cancelled the request.
  public static let requestCancelled = ErrorCode(rawValue: -32800)
}
