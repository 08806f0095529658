/// Writes the protocol buffers wire format, for building OSM PBF fixtures.
package struct ProtobufWriter {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  /// Appends a varint.
  package mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// The zigzag coding of a signed value.
  package static func zigzag(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value << 1) ^ (value >> 63))
  }

  /// Appends a field key.
  package mutating func key(_ field: Int, wireType: UInt8) {
    varint(UInt64(field) << 3 | UInt64(wireType))
  }

  /// A varint field.
  package mutating func field(_ field: Int, varint value: UInt64) {
    key(field, wireType: 0)
    varint(value)
  }

  /// A `sint64` field.
  package mutating func field(_ field: Int, sint value: Int64) {
    self.field(field, varint: Self.zigzag(value))
  }

  /// A length-delimited field.
  package mutating func field(_ field: Int, bytes value: [UInt8]) {
    key(field, wireType: 2)
    varint(UInt64(value.count))
    bytes.append(contentsOf: value)
  }

  /// A string field.
  package mutating func field(_ field: Int, string value: String) {
    self.field(field, bytes: Array(value.utf8))
  }

  /// A packed repeated varint field (left out when empty).
  package mutating func field(_ field: Int, packed values: [UInt64]) {
    guard !values.isEmpty else { return }
    var packed = ProtobufWriter()
    for value in values { packed.varint(value) }
    self.field(field, bytes: packed.bytes)
  }

  /// A packed repeated `sint64` field, delta-coded when asked (left out when empty).
  package mutating func field(_ field: Int, packedSInt values: [Int64], delta: Bool) {
    var last: Int64 = 0
    var coded: [UInt64] = []
    for value in values {
      coded.append(Self.zigzag(delta ? value &- last : value))
      last = value
    }
    self.field(field, packed: coded)
  }
}
