import BeaconTestSupport

/// A field's value as read by ``WireReader``: a varint, or the bytes of any other wire type.
struct WireValue {
  var varint: UInt64 = 0
  var bytes: [UInt8] = []
}

/// A minimal protocol buffers reader for the replicator's trusted input (a real extract): fields in order, no
/// validation beyond stopping at the end of the bytes.
struct WireReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The next varint, or `nil` at the end.
  mutating func varint() -> UInt64? {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
    return nil
  }

  /// The next field: its number, wire type and value; `nil` at the end.
  mutating func next() -> (Int, UInt8, WireValue)? {
    guard let key = varint() else { return nil }
    let type = UInt8(key & 7)
    var value = WireValue()
    switch type {
    case 0: value.varint = varint() ?? 0
    case 1, 5:
      let count = type == 1 ? 8 : 4
      value.bytes = Array(bytes[offset..<min(offset + count, bytes.count)])
      offset += count
    default:
      let length = Int(varint() ?? 0)
      value.bytes = Array(bytes[offset..<min(offset + length, bytes.count)])
      offset += length
    }
    return (Int(key >> 3), type, value)
  }
}

extension ProtobufWriter {
  /// Writes a field read by ``WireReader`` back unchanged.
  mutating func raw(_ number: Int, _ type: UInt8, _ value: WireValue) {
    switch type {
    case 0: field(number, varint: value.varint)
    case 2: field(number, bytes: value.bytes)
    default: break  // OSM PBF has no fixed-size fields.
    }
  }
}

/// A failure of the tool, with a message for stderr.
struct ToolError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
