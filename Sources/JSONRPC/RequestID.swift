/// The `id` of a request, kept exactly as the client sent it so the response echoes it byte for byte.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  case integer(Int)
  /// An integer outside `Int`'s range, as its exact decimal text.
  case largeInteger(String)
  case string(String)
  /// `"id": null`: still a request (JSON-RPC 2.0), answered with `"id": null`.
  case null

  /// Reads an id from its JSON value; `nil` for types an id may not have (Boolean, fraction, array, object).
  public init?(_ value: JSONValue) {
    switch value {
    case .int(let number): self = .integer(number)
    case .largeInteger(let text): self = .largeInteger(text)
    case .string(let text): self = .string(text)
    case .null: self = .null
    default: return nil
    }
  }

  /// The id as a JSON value.
  public var jsonValue: JSONValue {
    switch self {
    case .integer(let number): .int(number)
    case .largeInteger(let text): .largeInteger(text)
    case .string(let text): .string(text)
    case .null: .null
    }
  }

  public var description: String { jsonValue.description }
}
