import Foundation

/// Encodes `Encodable` values straight into a ``JSONValue``, with no text round trip.
///
/// Optional properties that are `nil` are left out (the synthesized `encodeIfPresent`); a type that
/// wants an explicit `null` encodes it with `encodeNil()`. Dates become ISO 8601 strings in UTC with
/// milliseconds (`2026-11-22T20:55:15.123Z`).
package struct JSONValueEncoder: Sendable {
  /// Creates an encoder.
  package init() {}

  /// Encodes `value` as a ``JSONValue``.
  package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    if let direct = value as? JSONValue { return direct }
    if let date = value as? Date { return .string(JSONWriter.dateText(date)) }
    let encoder = Implementation(codingPath: [])
    try value.encode(to: encoder)
    return encoder.result ?? .object([:])
  }

  /// How dates are read, and written outside the years ``JSONWriter/writeDate(_:into:)`` writes by hand: ISO 8601
  /// with milliseconds.
  static let dateFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  /// A node under construction: a finished value, or an object or array still being filled.
  final class Node {
    enum Kind { case value, object, array }
    var kind: Kind
    var value: JSONValue = .null
    /// An object's members in the order they were set; a key set again replaces the earlier value (the last one
    /// wins when the object is made). Appending costs no hashing and no growing table per member.
    var members: [(key: String, node: Node)] = []
    var elements: [Node] = []

    init(_ kind: Kind) { self.kind = kind }
    init(value: JSONValue) {
      kind = .value
      self.value = value
    }

    var jsonValue: JSONValue {
      switch kind {
      case .value: return value
      case .object:
        var object = [String: JSONValue](minimumCapacity: members.count)
        for member in members { object[member.key] = member.node.jsonValue }
        return .object(object)
      case .array: return .array(elements.map(\.jsonValue))
      }
    }
  }

  final class Implementation: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var node: Node?

    init(codingPath: [any CodingKey]) {
      self.codingPath = codingPath
    }

    var result: JSONValue? { node?.jsonValue }

    func store(_ value: JSONValue) {
      node = Node(value: value)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      let object: Node
      if let existing = node, existing.kind == .object {
        object = existing
      } else {
        object = Node(.object)
        node = object
      }
      return KeyedEncodingContainer(KeyedContainer<Key>(node: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      let array: Node
      if let existing = node, existing.kind == .array {
        array = existing
      } else {
        array = Node(.array)
        node = array
      }
      return UnkeyedContainer(node: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleValueContainer(encoder: self)
    }
  }

  /// Encodes `value` in a child encoder and returns its node.
  static func encodeChild<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Node {
    if let direct = value as? JSONValue { return Node(value: direct) }
    if let date = value as? Date { return Node(value: .string(JSONWriter.dateText(date))) }
    let child = Implementation(codingPath: codingPath)
    try value.encode(to: child)
    return child.node ?? Node(.object)
  }

  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func set(_ child: Node, for key: Key) {
      node.members.append((key.stringValue, child))
    }

    mutating func encodeNil(forKey key: Key) throws { set(Node(value: .null), for: key) }
    // The common leaves directly: what a child encoder would store for them, without the child, its coding path
    // and the dynamic casts (most of a search result's encoding time went there).
    mutating func encode(_ value: String, forKey key: Key) throws { set(Node(value: .string(value)), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(Node(value: .bool(value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(Node(value: .int(value)), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(Node(value: .double(value)), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      set(try JSONValueEncoder.encodeChild(value, codingPath: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type,
      forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let child = Node(.object)
      set(child, for: key)
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let child = Node(.array)
      set(child, for: key)
      return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
      let encoder = Implementation(codingPath: codingPath)
      encoder.node = node
      return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      let child = Node(.object)
      set(child, for: key)
      let encoder = Implementation(codingPath: codingPath + [key])
      encoder.node = child
      return encoder
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.elements.count }

    private func append(_ child: Node) {
      node.elements.append(child)
    }

    mutating func encodeNil() throws { append(Node(value: .null)) }
    mutating func encode(_ value: String) throws { append(Node(value: .string(value))) }
    mutating func encode(_ value: Bool) throws { append(Node(value: .bool(value))) }
    mutating func encode(_ value: Int) throws { append(Node(value: .int(value))) }
    mutating func encode(_ value: Double) throws { append(Node(value: .double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      append(try JSONValueEncoder.encodeChild(value, codingPath: codingPath + [JSONValueDecoder.IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let child = Node(.object)
      append(child)
      return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let child = Node(.array)
      append(child)
      return UnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
      let child = Node(.object)
      append(child)
      let encoder = Implementation(codingPath: codingPath)
      encoder.node = child
      return encoder
    }
  }

  struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: Implementation
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.store(.null) }
    mutating func encode(_ value: Bool) throws { encoder.store(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.store(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.store(.double(value)) }
    mutating func encode(_ value: Float) throws { encoder.store(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { encoder.store(.int(value)) }
    mutating func encode(_ value: Int8) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: UInt) throws { encoder.store(Self.unsigned(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.store(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { encoder.store(Self.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      let child = try JSONValueEncoder.encodeChild(value, codingPath: codingPath)
      encoder.node = child
    }

    private static func unsigned<T: UnsignedInteger>(_ value: T) -> JSONValue {
      if let exact = Int(exactly: value) { return .int(exact) }
      return .largeInteger(String(value))
    }
  }
}
