import BeaconCore
import JSONRPC

extension BeaconServer {
  /// The localized message of a `parseError`: what was wrong and where, from `data.reason` and `data.offset`.
  static func parseErrorMessage(_ data: JSONValue?) -> LocalizedMessage {
    guard let name = data?["reason"]?.stringValue,
      let kind = JSONParseError.Kind(name: name, limit: data?["limit"]?.intValue)
    else { return .parseError }
    return .invalidJSONMessage(JSONSyntaxMessage(kind: kind, offset: data?["offset"]?.intValue))
  }

  /// The localized message of an `invalidParams` the dispatcher made: a missing parameter, a number too large
  /// (`data.outOfRange`), one of the wrong type (`data.expected`), a value outside a fixed list (`data.value`,
  /// `data.valid`), or just the field; params that are no object (`data.expected` without a field: an array, by
  /// position).
  static func invalidParamsMessage(_ data: JSONValue?) -> LocalizedMessage {
    guard let field = data?["field"]?.stringValue else {
      return data?["expected"]?.stringValue == "object" ? .parametersByPosition : .invalidParams(field: nil)
    }
    if data?["missing"] == true { return .missingParameter(field) }
    if data?["outOfRange"] == true { return .parameterOutOfRange(field: field) }
    if let expected = data?["expected"]?.stringValue { return .parameterOfWrongType(field: field, expected: expected) }
    if let value = data?["value"]?.stringValue, let valid = data?["valid"]?.arrayValue?.compactMap(\.stringValue) {
      return .filter(.invalidChoice(field: field, value: value, valid: valid))
    }
    return .invalidParams(field: field)
  }

  /// The localized message of a `framingError`, from `data.reason` and its figures.
  static func framingErrorMessage(_ data: JSONValue?) -> LocalizedMessage {
    let fault = FramingFaultMessage(
      reason: data?["reason"]?.stringValue ?? "",
      length: data?["length"]?.intValue,
      limit: data?["limit"]?.intValue,
      value: data?["value"]?.stringValue
    )
    // A fault this version cannot say in words keeps the English detail rather than say nothing.
    return fault.text(in: .en) == nil ? .framingError(data?["detail"]?.stringValue ?? "") : .framingFault(fault)
  }
}
