/// Reads the protocol buffers wire format (varints, zigzag, length-delimited, fixed 32/64-bit and packed fields)
/// from a range of bytes, checking every length against the bytes there are: bad input is a
/// ``ProtobufReader/Malformed`` at its byte offset, never a trap.
struct ProtobufReader {
  /// A wire format fault at `offset` (relative to the bytes the outermost reader was given).
  struct Malformed: Error, Equatable {
    let offset: Int
  }

  /// The wire types of a field's key.
  enum WireType: UInt8 {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case fixed32 = 5
  }

  /// The bytes (shared, not copied, by nested readers).
  let bytes: [UInt8]
  /// The next byte to read.
  private(set) var offset: Int
  /// Where this message ends.
  let end: Int

  /// A reader of all of `bytes`.
  init(_ bytes: [UInt8]) {
    self.init(bytes, range: 0..<bytes.count)
  }

  /// A reader of `range` within `bytes` (clamped to them).
  init(_ bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    self.end = min(max(range.upperBound, 0), bytes.count)
    self.offset = min(max(range.lowerBound, 0), end)
  }

  /// Whether everything has been read.
  var isAtEnd: Bool { offset >= end }

  /// The next field's number and wire type, or `nil` at the end. Groups (3, 4) and unknown types are malformed.
  mutating func nextField() throws(Malformed) -> (number: Int, type: WireType)? {
    guard !isAtEnd else { return nil }
    let start = offset
    let key = try varint()
    guard let type = WireType(rawValue: UInt8(key & 7)), key >> 3 > 0, key >> 3 <= 0x1FFF_FFFF else {
      throw Malformed(offset: start)
    }
    return (Int(key >> 3), type)
  }

  /// An unsigned varint (at most ten bytes).
  mutating func varint() throws(Malformed) -> UInt64 {
    let start = offset
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while offset < end {
      let byte = bytes[offset]
      offset += 1
      if shift == 63, byte > 1 { throw Malformed(offset: start) }
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
      if shift > 63 { throw Malformed(offset: start) }
    }
    throw Malformed(offset: start)
  }

  /// A varint read as a two's complement `int64`/`int32`.
  mutating func int64() throws(Malformed) -> Int64 {
    Int64(bitPattern: try varint())
  }

  /// A zigzag-coded `sint64`/`sint32`.
  mutating func sint64() throws(Malformed) -> Int64 {
    Self.zigzag(try varint())
  }

  /// Decodes a zigzag-coded value.
  static func zigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  /// The range of a length-delimited field's bytes, which are then skipped.
  mutating func lengthDelimited() throws(Malformed) -> Range<Int> {
    let start = offset
    let length = try varint()
    guard length <= UInt64(end - offset) else { throw Malformed(offset: start) }
    let range = offset..<(offset + Int(length))
    offset = range.upperBound
    return range
  }

  /// A reader of a length-delimited field (an embedded message).
  mutating func message() throws(Malformed) -> ProtobufReader {
    ProtobufReader(bytes, range: try lengthDelimited())
  }

  /// A length-delimited field's bytes.
  mutating func data() throws(Malformed) -> ArraySlice<UInt8> {
    bytes[try lengthDelimited()]
  }

  /// A length-delimited field as UTF-8 text (invalid sequences repaired).
  mutating func string() throws(Malformed) -> String {
    String(decoding: try data(), as: UTF8.self)
  }

  /// Skips a field's value of wire type `type`.
  mutating func skip(_ type: WireType) throws(Malformed) {
    switch type {
    case .varint: _ = try varint()
    case .lengthDelimited: _ = try lengthDelimited()
    case .fixed64: try advance(8)
    case .fixed32: try advance(4)
    }
  }

  private mutating func advance(_ count: Int) throws(Malformed) {
    guard end - offset >= count else { throw Malformed(offset: offset) }
    offset += count
  }

  /// The values of a repeated varint field, packed (wire type 2) or one (wire type 0), appended to `values`.
  mutating func varints(_ type: WireType, into values: inout [UInt64]) throws(Malformed) {
    switch type {
    case .varint:
      values.append(try varint())
    case .lengthDelimited:
      let start = offset
      let range = try lengthDelimited()
      guard Self.packed(bytes, range, { values.append($0) }) else { throw Malformed(offset: start) }
    default:
      throw Malformed(offset: offset)
    }
  }

  /// Calls `body` with each varint of a packed field's `range` of `bytes` (the hot loop of decoding a block: no
  /// bounds check per byte); `false` when a varint is longer than ten bytes or cut off by the end of the range.
  @inline(__always)
  static func packed(_ bytes: [UInt8], _ range: Range<Int>, _ body: (UInt64) -> Void) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, range.lowerBound >= 0, range.upperBound <= buffer.count else {
        return range.isEmpty
      }
      var index = range.lowerBound
      let end = range.upperBound
      while index < end {
        var byte = base[index]
        index += 1
        if byte < 0x80 {
          body(UInt64(byte))
          continue
        }
        var result = UInt64(byte & 0x7F)
        var shift: UInt64 = 7
        repeat {
          guard index < end, shift <= 63 else { return false }
          byte = base[index]
          index += 1
          if shift == 63, byte > 1 { return false }
          result |= UInt64(byte & 0x7F) << shift
          shift += 7
        } while byte >= 0x80
        body(result)
      }
      return true
    }
  }

  /// The values of a repeated `sint64` field, appended to `values`, optionally delta-decoded (each value the sum of
  /// the ones so far, continuing from the last value already in `values`).
  mutating func sint64s(_ type: WireType, into values: inout [Int64], delta: Bool) throws(Malformed) {
    var last = values.last ?? 0
    func append(_ value: UInt64) {
      let decoded = Self.zigzag(value)
      if delta {
        last = last &+ decoded
        values.append(last)
      } else {
        values.append(decoded)
      }
    }
    switch type {
    case .varint:
      append(try varint())
    case .lengthDelimited:
      let start = offset
      let range = try lengthDelimited()
      // At least one byte per value: room for them all at once.
      values.reserveCapacity(values.count + range.count)
      guard Self.packed(bytes, range, append) else { throw Malformed(offset: start) }
    default:
      throw Malformed(offset: offset)
    }
  }
}
