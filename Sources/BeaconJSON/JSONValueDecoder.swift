import Foundation

/// Decodes `Decodable` types straight from a ``JSONValue``, with no text round trip.
///
/// Numbers convert where no information is lost (`5.0` decodes as `Int` 5, `5` as `Double` 5.0);
/// everything else must match its type exactly. Errors are `DecodingError`s whose `codingPath`
/// names the offending field, which the dispatcher reports in `-32602` error data. Dates are read from
/// ISO 8601 strings, with or without fractional seconds.
package struct JSONValueDecoder: Sendable {
  /// Creates a decoder.
  package init() {}

  /// Decodes a value of type `type` from `value`.
  package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    if let direct = value as? T { return direct }
    return try T(from: Implementation(value: value, codingPath: []))
  }

  /// The value `decoder` reads when it is one of this decoder's: a type's `init(from:)` may read a plain value
  /// straight from it (see ``JSONPlainMember``) and leave everything else to the decoder's containers.
  package static func value(of decoder: any Decoder) -> JSONValue? {
    (decoder as? Implementation)?.value
  }

  final class Implementation: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey]) {
      self.value = value
      self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      guard case .object(let members) = value else {
        throw typeMismatch([String: JSONValue].self, "an object", value, codingPath)
      }
      return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      guard case .array(let elements) = value else {
        throw typeMismatch([JSONValue].self, "an array", value, codingPath)
      }
      return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
      SingleValueContainer(value: value, codingPath: codingPath)
    }
  }

  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
      guard let value = members[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key,
          .init(codingPath: codingPath, debugDescription: "Missing required field '\(key.stringValue)'")
        )
      }
      return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      members[key.stringValue]?.isNull ?? true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let value = try member(key)
      if let direct = value as? T { return direct }
      return try SingleValueContainer(value: value, codingPath: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type,
      forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try Implementation(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try Implementation(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      Implementation(value: .object(members), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      Implementation(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
      self.elements = elements
      self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          JSONValue.self,
          .init(codingPath: codingPath, debugDescription: "Array has no element \(currentIndex)")
        )
      }
      defer { currentIndex += 1 }
      return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd else { return true }
      if elements[currentIndex].isNull {
        currentIndex += 1
        return true
      }
      return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let (value, path) = try next()
      return try SingleValueContainer(value: value, codingPath: path).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let (value, path) = try next()
      return try Implementation(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let (value, path) = try next()
      return try Implementation(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
      let (value, path) = try next()
      return Implementation(value: value, codingPath: path)
    }
  }

  struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let flag) = value else { throw typeMismatch(type, "a Boolean", value, codingPath) }
      return flag
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let text) = value else { throw typeMismatch(type, "a string", value, codingPath) }
      return text
    }

    func decode(_ type: Double.Type) throws -> Double {
      guard let number = value.doubleValue else { throw typeMismatch(type, "a number", value, codingPath) }
      // `1e400` kept as written is no `Double`.
      guard number.isFinite else { throw outOfRange("number", codingPath) }
      return number
    }

    func decode(_ type: Float.Type) throws -> Float {
      Float(try decode(Double.self))
    }

    func decode<T: FixedWidthInteger & Decodable>(integer type: T.Type) throws -> T {
      // The encoder writes unsigned values above `Int.max` as `.largeInteger`; read them back.
      if case .largeInteger(let text) = value, let exact = T(text) { return exact }
      guard let number = value.intValue, let exact = T(exactly: number) else {
        if value.intValue != nil || NumberOutOfRange.isIntegralOrInfinite(value) {
          throw outOfRange("integer", codingPath)
        }
        throw typeMismatch(type, "an integer in range", value, codingPath)
      }
      return exact
    }

    func decode(_ type: Int.Type) throws -> Int { try decode(integer: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(integer: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(integer: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(integer: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(integer: type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(integer: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(integer: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(integer: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(integer: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(integer: type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      if let direct = value as? T { return direct }
      if type == Date.self {
        guard case .string(let text) = value,
          let date = (try? JSONValueEncoder.dateFormat.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text)),
          let typed = date as? T
        else {
          throw typeMismatch(type, "an ISO 8601 date", value, codingPath)
        }
        return typed
      }
      do {
        return try T(from: Implementation(value: value, codingPath: codingPath))
      } catch DecodingError.dataCorrupted(let context) where context.codingPath.count == codingPath.count {
        // A string none of a fixed list's values: the error names them.
        guard case .string(let text) = value, let valid = InvalidChoice.choices(of: type) else {
          throw DecodingError.dataCorrupted(context)
        }
        let choice = InvalidChoice(value: text, valid: valid)
        throw DecodingError.dataCorrupted(
          .init(codingPath: codingPath, debugDescription: choice.description, underlyingError: choice)
        )
      }
    }
  }

  struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
      intValue = index
      stringValue = String(index)
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
  }
}

/// The error for a number too large for the type that reads it.
private func outOfRange(_ expected: String, _ codingPath: [any CodingKey]) -> DecodingError {
  NumberOutOfRange.decodingError(expected: expected, at: codingPath)
}

private func typeMismatch(
  _ type: Any.Type,
  _ expected: String,
  _ value: JSONValue,
  _ codingPath: [any CodingKey]
) -> DecodingError {
  let found: String
  switch value {
  case .null: found = "null"
  case .bool: found = "a Boolean"
  case .int, .largeInteger, .double, .exactNumber: found = "a number"
  case .string: found = "a string"
  case .array: found = "an array"
  case .object: found = "an object"
  }
  return DecodingError.typeMismatch(
    type,
    .init(codingPath: codingPath, debugDescription: "Expected \(expected) but found \(found)")
  )
}
