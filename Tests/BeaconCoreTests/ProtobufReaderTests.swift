import BeaconTestSupport
import Testing

@testable import BeaconCore

/// The protobuf wire format, byte by byte: every value kind, and every way bytes can lie about their length.
@Suite struct ProtobufReaderTests {
  @Test func varintsAreLittleEndianGroupsOfSevenBits() throws {
    var reader = ProtobufReader([
      0x00, 0x01, 0x96, 0x01, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,
    ])
    #expect(try reader.varint() == 0)
    #expect(try reader.varint() == 1)
    #expect(try reader.varint() == 150)
    #expect(try reader.varint() == 16_383)
    #expect(try reader.varint() == UInt64.max)
    #expect(reader.isAtEnd)
  }

  @Test func zigzagMapsSmallMagnitudesToSmallNumbers() throws {
    #expect(ProtobufReader.zigzag(0) == 0)
    #expect(ProtobufReader.zigzag(1) == -1)
    #expect(ProtobufReader.zigzag(2) == 1)
    #expect(ProtobufReader.zigzag(3) == -2)
    #expect(ProtobufReader.zigzag(UInt64.max) == Int64.min)
    #expect(ProtobufReader.zigzag(UInt64.max - 1) == Int64.max)
    for value: Int64 in [0, -1, 1, -90_000_000_000, 180_000_000_000, .min, .max] {
      var writer = ProtobufWriter()
      writer.varint(ProtobufWriter.zigzag(value))
      var reader = ProtobufReader(writer.bytes)
      #expect(try reader.sint64() == value)
    }
  }

  @Test(arguments: [
    [0x80] as [UInt8],  // a continuation bit with nothing after it
    [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02],  // 65 bits
    [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],  // eleven bytes
  ])
  func aBadVarintIsMalformedAtItsStart(bytes: [UInt8]) {
    var reader = ProtobufReader([0x05] + bytes)
    #expect((try? reader.varint()) == 5)
    #expect(throws: ProtobufReader.Malformed(offset: 1)) { try reader.varint() }
  }

  /// The next field as "number/wire type".
  static func field(_ reader: inout ProtobufReader) throws -> String? {
    try reader.nextField().map { "\($0.number)/\($0.type.rawValue)" }
  }

  @Test func fieldsOfEveryWireTypeAreReadOrSkipped() throws {
    // field 1 varint 150, field 2 "hi", field 3 fixed64, field 4 fixed32, field 5 varint 7
    let bytes: [UInt8] =
      [0x08, 0x96, 0x01, 0x12, 0x02, 0x68, 0x69, 0x19] + Array(repeating: 0xAA, count: 8) + [0x25, 1, 2, 3, 4, 0x28, 7]
    var reader = ProtobufReader(bytes)
    #expect(try Self.field(&reader) == "1/0")
    #expect(try reader.varint() == 150)
    #expect(try Self.field(&reader) == "2/2")
    #expect(try reader.string() == "hi")
    #expect(try Self.field(&reader) == "3/1")
    try reader.skip(.fixed64)
    #expect(try Self.field(&reader) == "4/5")
    try reader.skip(.fixed32)
    #expect(try Self.field(&reader) == "5/0")
    #expect(try reader.varint() == 7)
    #expect(try reader.nextField() == nil)
  }

  @Test func lengthsBeyondTheMessageAreMalformedNotTraps() {
    // A string of 5 bytes with 2 there; a length near UInt64.max; fixed64/fixed32 cut short.
    for bytes: [[UInt8]] in [
      [[0x12, 0x05, 0x68, 0x69]], [[0x12, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]],
      [[0x19, 1, 2, 3]], [[0x25, 1]],
    ] {
      var reader = ProtobufReader(bytes[0])
      #expect(throws: ProtobufReader.Malformed.self) {
        while let field = try reader.nextField() { try reader.skip(field.type) }
      }
    }
    // A nested message's reader ends at the nested message's end, not at the buffer's.
    var outer = ProtobufReader([0x0A, 0x02, 0x08, 0x96, 0x01])
    #expect(throws: ProtobufReader.Malformed(offset: 3)) {
      _ = try outer.nextField()
      var inner = try outer.message()
      _ = try inner.nextField()
      _ = try inner.varint()
    }
  }

  @Test(arguments: [[0x0B] as [UInt8], [0x0C], [0x0E], [0x0F], [0x00, 0x01], [0xF8, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]])
  func groupsUnknownWireTypesAndFieldZeroAreMalformed(bytes: [UInt8]) {
    var reader = ProtobufReader(bytes)
    #expect(throws: ProtobufReader.Malformed(offset: 0)) { try reader.nextField() }
  }

  @Test func packedAndUnpackedRepeatedFieldsAreOneList() throws {
    // field 1 packed [1, 150, 3], then field 1 unpacked 4
    var reader = ProtobufReader([0x0A, 0x04, 0x01, 0x96, 0x01, 0x03, 0x08, 0x04])
    var values: [UInt64] = []
    while let field = try reader.nextField() { try reader.varints(field.type, into: &values) }
    #expect(values == [1, 150, 3, 4])
    var fixed = ProtobufReader([0x0D, 1, 2, 3, 4])
    let field = try #require(try fixed.nextField())
    #expect(throws: ProtobufReader.Malformed.self) { try fixed.varints(field.type, into: &values) }
  }

  @Test func deltaCodedSInt64sAreRunningSums() throws {
    var writer = ProtobufWriter()
    writer.field(1, packedSInt: [-5, 10, 10, -1_000_000_000_000, 7], delta: true)
    var reader = ProtobufReader(writer.bytes)
    let field = try #require(try reader.nextField())
    var values: [Int64] = []
    try reader.sint64s(field.type, into: &values, delta: true)
    #expect(values == [-5, 10, 10, -1_000_000_000_000, 7])
  }
}
