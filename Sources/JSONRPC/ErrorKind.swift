/// A stable machine-readable name of an error, `data.kind` on the wire: an open set, so applications add their own
/// kinds (as `static let`s in an extension) without changing this type.
///
/// The kinds below are the ones this module's errors carry; they are spelled here only, both where the errors are
/// made (``ResponseError``'s factories) and where a presenter tells them apart.
public struct ErrorKind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { rawValue = value }

  public var description: String { rawValue }

  /// The message body is not JSON (`-32700`).
  public static let parseError: ErrorKind = "parseError"
  /// The byte stream could not be framed (`-32700`).
  public static let framingError: ErrorKind = "framingError"
  /// The JSON is not a valid request object (`-32600`).
  public static let invalidRequest: ErrorKind = "invalidRequest"
  /// An empty batch `[]` (`-32600`).
  public static let emptyBatch: ErrorKind = "emptyBatch"
  /// No handler for the method (`-32601`).
  public static let methodNotFound: ErrorKind = "methodNotFound"
  /// The params do not fit the method (`-32602`).
  public static let invalidParams: ErrorKind = "invalidParams"
  /// Something went wrong inside the server (`-32603`).
  public static let internalError: ErrorKind = "internalError"
  /// A request before `initialize`.
  public static let serverNotInitialized: ErrorKind = "serverNotInitialized"
  /// A second `initialize`.
  public static let alreadyInitialized: ErrorKind = "alreadyInitialized"
  /// A request after `shutdown`.
  public static let shuttingDown: ErrorKind = "shuttingDown"
  /// Too many requests in flight.
  public static let serverOverloaded: ErrorKind = "serverOverloaded"
  /// The client cancelled the request.
  public static let requestCancelled: ErrorKind = "requestCancelled"
}
