/// A JSON value whose shape is not known in advance: params, error data, and anything open-ended.
///
/// Typed `Codable` structs are the default for messages; `JSONValue` carries what is truly open.
/// Integer literals that fit in `Int` are `.int`; integer literals outside that range are kept as
/// their exact decimal text in `.largeInteger`, so a request id such as `123456789012345678901234`
/// is echoed back byte for byte; every other number is `.double`, except where the parser is asked to keep a
/// fraction or exponent as written (`.exactNumber`, for request ids).
package enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  /// An integer literal too large for `Int`, kept as its exact decimal text (an optional `-`, then digits).
  case largeInteger(String)
  case double(Double)
  /// A number with a fraction or exponent kept as its exact text (`1.5`, `1e3`, `-0.0`): made only by
  /// ``JSONParser`` for the members it is asked to keep exactly, so a request id is echoed byte for byte, and for a
  /// number beyond a `Double`'s range where it is asked to keep those (`1e400`).
  case exactNumber(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The Boolean, when this is `.bool`.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The integer, when this is `.int`, or a `.double` or `.exactNumber` with no fractional part that fits in `Int`.
  package var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double, .exactNumber:
      guard let value = doubleValue, value.rounded() == value, let exact = Int(exactly: value) else { return nil }
      return exact
    default: return nil
    }
  }

  /// The number as a `Double`, for `.int`, `.double`, `.largeInteger` and `.exactNumber`.
  package var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    case .largeInteger(let text), .exactNumber(let text): return Double(text)
    default: return nil
    }
  }

  /// The string, when this is `.string`.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, when this is `.array`.
  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, when this is `.object`.
  package var objectValue: [String: JSONValue]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `.null`.
  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The member named `key`, when this is an object that has it.
  package subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
  package init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  package init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  package init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  package init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

// MARK: - Codable

extension JSONValue: Codable {
  /// Decodes any JSON value, trying `Bool` before `Int` before `Double` (Foundation on Linux decodes `1.0` as `Int`).
  package init(from decoder: any Decoder) throws {
    if let direct = decoder as? JSONValueDecoder.Implementation {
      self = direct.value
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value as the JSON it stands for.
  package func encode(to encoder: any Encoder) throws {
    if let direct = encoder as? JSONValueEncoder.Implementation {
      direct.store(self)
      return
    }
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .largeInteger(let text), .exactNumber(let text): try container.encode(Double(text) ?? 0)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact JSON text of the value, with object keys sorted.
  package var description: String {
    String(decoding: JSONWriter.serialize(self), as: UTF8.self)
  }
}
