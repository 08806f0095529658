/// One JSON-RPC message as received, classified by its members.
package enum IncomingMessage: Sendable, Equatable {
  /// A call that must be answered.
  case request(id: RequestID, method: String, params: JSONValue?)
  /// A call that must never be answered.
  case notification(method: String, params: JSONValue?)
  /// A response to a request this side sent.
  case response(id: RequestID, result: Result<JSONValue, ResponseError>)
  /// Not a valid message; answered with `error` and `id` (or `null` when the id could not be read).
  case invalid(id: RequestID?, error: ResponseError)

  /// The members of a message object that decide what it is; the others are ignored.
  struct Envelope {
    var id: JSONValue?
    var jsonrpc: JSONValue?
    var method: JSONValue?
    var params: JSONValue?
    var result: JSONValue?
    var error: JSONValue?

    init() {}

    init(_ members: [String: JSONValue]) {
      id = members["id"]
      jsonrpc = members["jsonrpc"]
      method = members["method"]
      params = members["params"]
      result = members["result"]
      error = members["error"]
    }

    /// Keeps `value` if `key` is one of the envelope's members (a later duplicate replaces an earlier one, as in a
    /// parsed object).
    mutating func set(_ key: String, _ value: JSONValue) {
      switch key {
      case "id": id = value
      case "jsonrpc": jsonrpc = value
      case "method": method = value
      case "params": params = value
      case "result": result = value
      case "error": error = value
      default: break
      }
    }
  }

  /// Classifies one message object (not a batch).
  package init(_ value: JSONValue) {
    guard case .object(let members) = value else {
      self = .invalid(id: nil, error: .invalidRequest("A message must be a JSON object"))
      return
    }
    self.init(Envelope(members))
  }

  /// Classifies a message object from its envelope members.
  init(_ members: Envelope) {
    // The id, when present and well-formed, is recovered first so that errors can echo it.
    var id: RequestID?
    if let rawID = members.id {
      guard let parsed = RequestID(rawID) else {
        self = .invalid(id: nil, error: .invalidRequest("'id' must be a string, a number or null"))
        return
      }
      id = parsed
    }
    guard members.jsonrpc == .string("2.0") else {
      self = .invalid(id: id, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
      return
    }
    if let rawMethod = members.method {
      guard case .string(let method) = rawMethod else {
        self = .invalid(id: id, error: .invalidRequest("'method' must be a string"))
        return
      }
      var params = members.params
      switch params {
      case .object?, .array?, nil: break
      case .null?: params = nil  // Tolerated: some clients send "params": null for "no params".
      default:
        self = .invalid(id: id, error: .invalidRequest("'params' must be an object or an array"))
        return
      }
      if let id {
        self = .request(id: id, method: method, params: params)
      } else {
        self = .notification(method: method, params: params)
      }
      return
    }
    if let id, members.result != nil || members.error != nil {
      if let result = members.result, members.error == nil {
        self = .response(id: id, result: .success(result))
        return
      }
      if let error = members.error, members.result == nil,
        let code = error["code"]?.intValue, let message = error["message"]?.stringValue
      {
        self = .response(
          id: id,
          result: .failure(ResponseError(code: ErrorCode(rawValue: code), message: message, data: error["data"]))
        )
        return
      }
    }
    self = .invalid(id: id, error: .invalidRequest("A message needs 'method', or 'id' with 'result' or 'error'"))
  }
}
