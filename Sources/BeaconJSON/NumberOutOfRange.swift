/// A JSON number that is valid JSON but too large for the type that reads it (`1e400` for a `Double`, `1e30` or
/// `99999999999999999999` for an `Int`): the underlying error of the `DecodingError` ``JSONValueDecoder`` throws for
/// it, so that the error can say so rather than ask for the number it was given.
package struct NumberOutOfRange: Error, Equatable, CustomStringConvertible {
  /// The JSON Schema type name of what was asked for (`number`, `integer`, …).
  package let expected: String

  package init(expected: String) {
    self.expected = expected
  }

  package var description: String { "The number is out of range" }

  /// The `DecodingError` that carries this error, for the value at `codingPath`.
  package static func decodingError(expected: String, at codingPath: [any CodingKey]) -> DecodingError {
    let underlying = NumberOutOfRange(expected: expected)
    return DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: underlying.description, underlyingError: underlying)
    )
  }

  /// Whether `value` is a number beyond what a `Double` holds, or one with no fraction beyond what an integer type
  /// holds (a number with a fraction is no integer, whatever its size).
  package static func isIntegralOrInfinite(_ value: JSONValue) -> Bool {
    switch value {
    case .largeInteger: return true
    case .double, .exactNumber:
      guard let number = value.doubleValue else { return false }
      return !number.isFinite || number.rounded(.towardZero) == number
    default: return false
    }
  }
}
