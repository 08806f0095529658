extension Dispatcher {
  static func decodeParams<T: Decodable>(_ type: T.Type, from params: JSONValue?) throws -> T {
    switch params {
    case nil, .array([])?:
      return try JSONValueDecoder().decode(type, from: .object([:]))
    case .array?:
      // A decoding error, so that it is presented (localized) like every other params fault.
      throw DecodingError.typeMismatch(
        [String: JSONValue].self,
        .init(codingPath: [], debugDescription: "Params must be an object (by name), not an array")
      )
    case let params?:
      // A whole number beyond 64 bits (`99999999999999999999`, `1e400`) is an integer out of range.
      if let token = params["workDoneToken"], token.intValue == nil, NumberOutOfRange.isIntegralOrInfinite(token) {
        throw NumberOutOfRange.decodingError(
          expected: jsonTypeName(of: ProgressTokenType.self),
          at: [WorkDoneTokenKey()]
        )
      }
      if let token = params["workDoneToken"], !Self.isProgressToken(token) {
        // LSP's `ProgressToken` is `integer | string`; anything else would be echoed into every `$/progress`.
        throw DecodingError.typeMismatch(
          ProgressTokenType.self,
          .init(codingPath: [WorkDoneTokenKey()], debugDescription: "A progress token is a string or an integer")
        )
      }
      return try JSONValueDecoder().decode(type, from: params)
    }
  }

  /// Whether `token` may be a `workDoneToken`: a string, an integer, or `null` (taken as none).
  static func isProgressToken(_ token: JSONValue) -> Bool {
    switch token {
    case .string, .int, .null: true
    default: false
    }
  }

  /// The type a `workDoneToken` must have (`jsonTypeName` says `"string or integer"`).
  enum ProgressTokenType {}

  private struct WorkDoneTokenKey: CodingKey {
    var stringValue: String { "workDoneToken" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
  }

  /// The wire form of what a handler threw: its own `ResponseError` as is, anything else
  /// as a protocol error the dispatcher makes (and presents).
  func responseError(for error: any Error, method: String) -> ResponseError {
    switch error {
    case let error as ResponseError:
      // A protocol error a handler threw as made here (`internalError`, …) is said in the user's language too.
      return error.hasFactoryMessage ? presented(error) : error
    case is CancellationError:
      return presented(.requestCancelled)
    case let error as DecodingError:
      return presented(Self.invalidParams(error))
    default:
      log("Internal error in '\(method)': \(error)")
      return presented(.internalError)
    }
  }

  /// The error for a request that needs `initialize` first, with the protocol's code.
  func notInitialized(_ method: String) -> ResponseError {
    .serverNotInitialized(method, code: configuration.conventions.notInitializedCode)
  }

  /// An error the dispatcher made, passed through the presenter (e.g. to localize its message).
  func presented(_ error: ResponseError) -> ResponseError {
    hooks.withLock { $0.present }(error)
  }

  /// The JSON Schema type name of a Swift type a parameter decodes to.
  static func jsonTypeName(of type: Any.Type) -> String {
    switch type {
    case is String.Type, is Character.Type: return "string"
    case is Bool.Type: return "boolean"
    case is any FixedWidthInteger.Type: return "integer"
    case is any BinaryFloatingPoint.Type: return "number"
    case is ProgressTokenType.Type: return "string or integer"
    default:
      let name = String(describing: type)
      let isArray = name.hasPrefix("Array<") || (name.hasPrefix("[") && !name.contains(":"))
      return isArray ? "array" : "object"
    }
  }

  /// Turns a params decoding failure into `-32602` naming the offending field.
  static func invalidParams(_ error: DecodingError) -> ResponseError {
    func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String? {
      let keys = codingPath + (last.map { [$0] } ?? [])
      guard !keys.isEmpty else { return nil }
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
      }
      return text
    }
    // `data.missing`, `data.expected` (with `data.outOfRange` for a number too large) and `data.valid` (with
    // `data.value`) say what was wrong in a form a presenter can put in words.
    switch error {
    case .keyNotFound(let key, let context):
      return .invalidParams(field: path(context.codingPath, key), detail: "Missing required field")
        .adding(["missing": true])
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let error = ResponseError.invalidParams(field: path(context.codingPath), detail: context.debugDescription)
      return error.adding(["expected": .string(jsonTypeName(of: type))])
    case .dataCorrupted(let context):
      let error = ResponseError.invalidParams(field: path(context.codingPath), detail: context.debugDescription)
      if let range = context.underlyingError as? NumberOutOfRange {
        return error.adding(["expected": .string(range.expected), "outOfRange": true])
      }
      guard let choice = context.underlyingError as? InvalidChoice else { return error }
      return error.adding(["value": .string(choice.value), "valid": .array(choice.valid.map(JSONValue.string))])
    @unknown default:
      return .invalidParams(field: nil, detail: "\(error)")
    }
  }
}
