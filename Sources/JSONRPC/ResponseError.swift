/// A JSON-RPC error object: `code`, a short `message`, and optional `data`.
///
/// Errors made by this module always carry `data.kind`, a stable machine-readable name, so a
/// presenter can replace `message` with localized text without losing what happened.
package struct ResponseError: Error, Sendable, Hashable, CustomStringConvertible {
  package var code: ErrorCode
  package var message: String
  package var data: JSONValue?

  /// Creates an error.
  package init(code: ErrorCode, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// Creates an error whose `data` is `details` with `data.kind`.
  package init(code: ErrorCode, message: String, kind: ErrorKind, details: [String: JSONValue] = [:]) {
    var data = details
    data["kind"] = .string(kind.rawValue)
    self.init(code: code, message: message, data: .object(data))
  }

  /// The `data.kind` name, if the error has one.
  package var kind: String? { data?["kind"]?.stringValue }

  /// ``kind`` as an ``ErrorKind``, to tell the kinds apart by their constants.
  package var errorKind: ErrorKind? { kind.map(ErrorKind.init(rawValue:)) }

  /// The longest `message` sent, in characters.
  package static let maxMessageLength = 1_000
  /// The longest string sent in `data`, in characters.
  package static let maxDataStringLength = 256

  /// The error as a JSON-RPC error object. Messages and strings in `data` often quote what the client sent (a
  /// method name, an id, a path), so they are clipped: an error never echoes an unbounded amount of input.
  package var jsonValue: JSONValue {
    var object: [String: JSONValue] = [
      "code": .int(code.rawValue), "message": .string(message.clipped(to: Self.maxMessageLength)),
    ]
    if let data { object["data"] = data.clippingStrings(to: Self.maxDataStringLength) }
    return .object(object)
  }

  package var description: String { "\(message) (\(code.rawValue))" }

  /// Whether the message is still the English one a factory below wrote, so that a presenter should say it in
  /// the user's language (a handler that throws ``internalError`` has not localized it; one that builds its own
  /// message has).
  var hasFactoryMessage: Bool {
    switch errorKind {
    case .parseError?: message == "Parse error"
    case .framingError?: message == "Framing error"
    case .invalidRequest?, .emptyBatch?: message == "Invalid request"
    case .methodNotFound?: message.hasPrefix("Method not found: ")
    case .invalidParams?: message == "Invalid params" || message.hasPrefix("Invalid params: ")
    case .internalError?: message == "Internal error"
    case .serverNotInitialized?: message == "Server not initialized"
    case .alreadyInitialized?: message == "Server already initialized"
    case .shuttingDown?: message == "Server is shutting down"
    case .serverOverloaded?: message == "Server overloaded"
    case .requestCancelled?: message == "Request cancelled"
    default: false
    }
  }

  /// The error with `members` added to its `data` object.
  func adding(_ members: [String: JSONValue]) -> ResponseError {
    var error = self
    error.data = .object((data?.objectValue ?? [:]).merging(members) { $1 })
    return error
  }

  // MARK: - Factories

  /// The message body was not valid JSON.
  package static func parseError(_ detail: String) -> ResponseError {
    ResponseError(code: .parseError, message: "Parse error", kind: .parseError, details: ["detail": .string(detail)])
  }

  /// The message body was not valid JSON: `data.reason` names the fault, `data.offset` the byte (and
  /// `data.limit` the depth limit), so a presenter can say it in the user's language.
  package static func parseError(_ error: JSONParseError) -> ResponseError {
    var details: [String: JSONValue] = [
      "detail": .string(error.description), "reason": .string(error.kind.name), "offset": .int(error.offset),
    ]
    if case .nestedTooDeep(let limit) = error.kind { details["limit"] = .int(limit) }
    return ResponseError(code: .parseError, message: "Parse error", kind: .parseError, details: details)
  }

  /// The byte stream could not be framed.
  package static func framingError(_ error: FramingError) -> ResponseError {
    ResponseError(
      code: .parseError,
      message: "Framing error",
      kind: .framingError,
      details: error.details.merging(["reason": .string(error.reason), "detail": .string(error.description)]) { $1 }
    )
  }

  /// The JSON was not a valid request object.
  package static func invalidRequest(_ detail: String) -> ResponseError {
    ResponseError(
      code: .invalidRequest,
      message: "Invalid request",
      kind: .invalidRequest,
      details: ["detail": .string(detail)]
    )
  }

  /// An empty batch `[]`.
  package static let emptyBatch = ResponseError(
    code: .invalidRequest,
    message: "Invalid request",
    kind: .emptyBatch,
    details: ["detail": "A batch must contain at least one message"]
  )

  /// No handler for `method`.
  package static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(
      code: .methodNotFound,
      message: "Method not found: '\(method)'",
      kind: .methodNotFound,
      details: ["method": .string(method)]
    )
  }

  /// The params did not fit the method; `field` is the dotted path of the offending field, if known.
  package static func invalidParams(field: String?, detail: String) -> ResponseError {
    var details: [String: JSONValue] = ["detail": .string(detail)]
    if let field { details["field"] = .string(field) }
    let message = field.map { "Invalid params: '\($0)'" } ?? "Invalid params"
    return ResponseError(code: .invalidParams, message: message, kind: .invalidParams, details: details)
  }

  /// Something went wrong inside the server; details stay in the server's log.
  package static let internalError = ResponseError(
    code: .internalError,
    message: "Internal error",
    kind: .internalError
  )

  /// A request arrived before `initialize`; LSP's code is `-32002`, MCP's `-32600`.
  package static func serverNotInitialized(_ method: String, code: ErrorCode = .serverNotInitialized) -> ResponseError {
    ResponseError(
      code: code,
      message: "Server not initialized",
      kind: .serverNotInitialized,
      details: ["method": .string(method)]
    )
  }

  /// A second `initialize`.
  package static let alreadyInitialized = ResponseError(
    code: .invalidRequest,
    message: "Server already initialized",
    kind: .alreadyInitialized
  )

  /// A request after `shutdown`.
  package static func shuttingDown(_ method: String) -> ResponseError {
    ResponseError(
      code: .invalidRequest,
      message: "Server is shutting down",
      kind: .shuttingDown,
      details: ["method": .string(method)]
    )
  }

  /// More than `limit` requests were in flight; nothing was run, so the client may send the request again.
  package static func serverOverloaded(limit: Int) -> ResponseError {
    ResponseError(
      code: .serverOverloaded,
      message: "Server overloaded",
      kind: .serverOverloaded,
      details: ["limit": .int(limit)]
    )
  }

  /// The client cancelled the request.
  package static let requestCancelled = ResponseError(
    code: .requestCancelled,
    message: "Request cancelled",
    kind: .requestCancelled
  )
}
