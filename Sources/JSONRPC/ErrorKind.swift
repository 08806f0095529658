/// A stable machine-readable name of an error, `data.kind` on the wire: an open set, so applications add their own
/// kinds (as `static let`s in an extension) without changing this type.
///
/// The kinds below are the ones this module's errors carry; they are spelled here only, both where the errors are
/// made (``ResponseError``'s factories) and where a presenter tells them apart.
package struct ErrorKind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  package var rawValue: String

  package init(rawValue: String) { self.rawValue = rawValue }

  package init(stringLiteral value: String) { rawValue = value }

  package var description: String { rawValue }

  /// The message body is not JSON (`-32700`).
  package static let parseError: ErrorKind = "parseError"
  /// The byte stream could not be framed (`-32700`).
  package static let framingError: ErrorKind = "framingError"
  /// The JSON is not a valid request object (`-32600`).
  package static let invalidRequest: ErrorKind = "invalidRequest"
  /// An empty batch `[]` (`-32600`).
  package static let emptyBatch: ErrorKind = "emptyBatch"
  /// No handler for the method (`-32601`).
  package static let methodNotFound: ErrorKind = "methodNotFound"
  /// The params do not fit the method (`-32602`).
  package static let invalidParams: ErrorKind = "invalidParams"
  /// Something went wrong inside the server (`-32603`).
  package static let internalError: ErrorKind = "internalError"
  /// A request before `initialize`.
  package static let serverNotInitialized: ErrorKind = "serverNotInitialized"
  /// A second `initialize`.
  package static let alreadyInitialized: ErrorKind = "alreadyInitialized"
  /// A request after `shutdown`.
  package static let shuttingDown: ErrorKind = "shuttingDown"
  /// Too many requests in flight.
  package static let serverOverloaded: ErrorKind = "serverOverloaded"
  /// The client cancelled the request.
  package static let requestCancelled: ErrorKind = "requestCancelled"
}
