/// An object's container in ``JSONStreamEncoder``: each value written at once, its key kept for sorting.
struct JSONStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: JSONStreamEncoder.Implementation
  var codingPath: [any CodingKey] { encoder.codingPath }

  /// Writes one member's value with `write`, when the encoder may write now.
  private func member(_ key: Key, _ write: (inout [UInt8]) throws -> Void) rethrows {
    guard encoder.canWrite(as: .object) else { return }
    let start = encoder.stream.buffer.count
    try write(&encoder.stream.buffer)
    encoder.members.append((key.stringValue, start, encoder.stream.buffer.count))
  }

  mutating func encodeNil(forKey key: Key) throws { member(key) { $0.append(contentsOf: "null".utf8) } }
  mutating func encode(_ value: String, forKey key: Key) throws {
    member(key) { JSONWriter.writeString(value, into: &$0) }
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    member(key) { $0.append(contentsOf: (value ? "true" : "false").utf8) }
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    member(key) { $0.append(contentsOf: String(value).utf8) }
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    member(key) { JSONWriter.writeDouble(value, into: &$0) }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    guard encoder.canWrite(as: .object) else { return }
    let start = encoder.stream.buffer.count
    try JSONStreamEncoder.write(value, in: encoder.stream, parent: encoder, key: key)
    encoder.members.append((key.stringValue, start, encoder.stream.buffer.count))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type,
    forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.unsupported().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.unsupported().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { encoder.unsupported() }
  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.unsupported() }
}

/// An array's container in ``JSONStreamEncoder``: each element written at once.
struct JSONStreamUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: JSONStreamEncoder.Implementation
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int { encoder.count }

  /// Writes one element with `write`, when the encoder may write now.
  private func element(_ write: (inout [UInt8]) throws -> Void) rethrows {
    guard encoder.canWrite(as: .array) else { return }
    encoder.beginElement()
    try write(&encoder.stream.buffer)
  }

  mutating func encodeNil() throws { element { $0.append(contentsOf: "null".utf8) } }
  mutating func encode(_ value: String) throws { element { JSONWriter.writeString(value, into: &$0) } }
  mutating func encode(_ value: Bool) throws { element { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
  mutating func encode(_ value: Int) throws { element { $0.append(contentsOf: String(value).utf8) } }
  mutating func encode(_ value: Double) throws { element { JSONWriter.writeDouble(value, into: &$0) } }

  mutating func encode<T: Encodable>(_ value: T) throws {
    guard encoder.canWrite(as: .array) else { return }
    let key = JSONValueDecoder.IndexKey(encoder.count)
    encoder.beginElement()
    try JSONStreamEncoder.write(value, in: encoder.stream, parent: encoder, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.unsupported().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.unsupported().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { encoder.unsupported() }
}

/// A single value's container in ``JSONStreamEncoder``: one value, written at once.
struct JSONStreamSingleValueContainer: SingleValueEncodingContainer {
  let encoder: JSONStreamEncoder.Implementation
  var codingPath: [any CodingKey] { encoder.codingPath }

  /// Writes the value with `write`, when nothing was written for this encoder before.
  private func single(_ write: (inout [UInt8]) throws -> Void) rethrows {
    // A second value replaces the first in the tree: left to it.
    guard encoder.state == .empty, encoder.canWrite(as: .single) else {
      encoder.stream.isUnsupported = true
      return
    }
    try write(&encoder.stream.buffer)
  }

  private func integer<T: BinaryInteger>(_ value: T) { single { $0.append(contentsOf: String(value).utf8) } }

  mutating func encodeNil() throws { single { $0.append(contentsOf: "null".utf8) } }
  mutating func encode(_ value: Bool) throws { single { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
  mutating func encode(_ value: String) throws { single { JSONWriter.writeString(value, into: &$0) } }
  mutating func encode(_ value: Double) throws { single { JSONWriter.writeDouble(value, into: &$0) } }
  mutating func encode(_ value: Float) throws { single { JSONWriter.writeDouble(Double(value), into: &$0) } }
  mutating func encode(_ value: Int) throws { integer(value) }
  mutating func encode(_ value: Int8) throws { integer(value) }
  mutating func encode(_ value: Int16) throws { integer(value) }
  mutating func encode(_ value: Int32) throws { integer(value) }
  mutating func encode(_ value: Int64) throws { integer(value) }
  mutating func encode(_ value: UInt) throws { integer(value) }
  mutating func encode(_ value: UInt8) throws { integer(value) }
  mutating func encode(_ value: UInt16) throws { integer(value) }
  mutating func encode(_ value: UInt32) throws { integer(value) }
  mutating func encode(_ value: UInt64) throws { integer(value) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    guard encoder.state == .empty, encoder.canWrite(as: .single) else {
      encoder.stream.isUnsupported = true
      return
    }
    try JSONStreamEncoder.write(value, in: encoder.stream, parent: encoder, key: nil)
  }
}
