/// The `id` of a request, kept exactly as the client sent it so the response echoes it byte for byte.
package enum RequestID: Sendable, Hashable, CustomStringConvertible {
  case integer(Int)
  /// An integer outside `Int`'s range, as its exact decimal text.
  case largeInteger(String)
  /// A number with a fraction or exponent (`1.5`, `1e3`, `-0.0`), as its exact text: JSON-RPC says ids
  /// should not have one, but a server echoes the number it got. Two such ids are the same when their text is.
  case number(String)
  case string(String)
  /// `"id": null`: still a request (JSON-RPC 2.0), answered with `"id": null`.
  case null

  /// Reads an id from its JSON value; `nil` for types an id may not have (Boolean, array, object).
  ///
  /// A fraction read without its text (`.double`) is accepted too, written in Swift's shortest form; the
  /// dispatcher parses ids with ``JSONParser/parse(_:maxDepth:exactNumberKeys:)`` so that they arrive exact.
  package init?(_ value: JSONValue) {
    switch value {
    case .int(let number): self = .integer(number)
    case .largeInteger(let text): self = .largeInteger(text)
    case .exactNumber(let text): self = .number(text)
    case .double(let number) where number.isFinite: self = .number(JSONValue.double(number).description)
    case .string(let text): self = .string(text)
    case .null: self = .null
    default: return nil
    }
  }

  /// The id as a JSON value.
  package var jsonValue: JSONValue {
    switch self {
    case .integer(let number): .int(number)
    case .largeInteger(let text): .largeInteger(text)
    case .number(let text): .exactNumber(text)
    case .string(let text): .string(text)
    case .null: .null
    }
  }

  package var description: String { jsonValue.description }
}
