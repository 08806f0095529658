/// Google's encoded polyline format (precision 5, or 6 as OSRM and Valhalla can write it).
///
/// Each value is the difference from the previous one (latitude, then longitude, alternating), times 10⁵ or 10⁶,
/// zigzag-encoded into 5-bit chunks, least significant first, each chunk + 63 as one ASCII character and every
/// chunk but a value's last ORed with 0x20.
package enum Polyline {
  /// The precisions the format is written with.
  package static let precisions: Set<Int> = [5, 6]

  /// The positions `text` encodes, checked: every character is `?`…`~`, no value is cut short or longer than
  /// 32 bits, the values pair up into latitude and longitude, and every position is on Earth.
  ///
  /// - Throws: ``RouteMessage`` naming the first fault (the caller wraps it as an invalid argument).
  package static func decode(_ text: String, precision: Int = 5) throws(RouteMessage) -> [Coordinate] {
    guard precisions.contains(precision) else { throw .invalidPrecision(precision) }
    let scale = precision == 5 ? 1e5 : 1e6
    var values: [Int] = []
    var result = 0
    var shift = 0
    var position = 0
    for byte in text.utf8 {
      position += 1
      guard (63...126).contains(byte) else {
        // The character as written (a whole scalar, not a byte of it), for the message.
        let character = characterAt(position, in: text)
        throw .invalidCharacter(character: character, position: position)
      }
      let chunk = Int(byte) - 63
      guard shift <= 30 else { throw .valueTooLong(position: position) }
      result |= (chunk & 0x1F) << shift
      shift += 5
      if chunk < 0x20 {
        guard result <= 0xFFFF_FFFF else { throw .valueTooLong(position: position) }
        values.append(result & 1 == 1 ? ~(result >> 1) : result >> 1)
        result = 0
        shift = 0
      }
    }
    guard shift == 0 else { throw .truncated(length: position) }
    guard values.count.isMultiple(of: 2) else { throw .oddValueCount(values.count) }
    var positions: [Coordinate] = []
    positions.reserveCapacity(values.count / 2)
    var lat = 0
    var lon = 0
    for index in stride(from: 0, to: values.count, by: 2) {
      lat += values[index]
      lon += values[index + 1]
      let coordinate = Coordinate(lat: Double(lat) / scale, lon: Double(lon) / scale)
      guard coordinate.isValid else { throw .invalidPosition(index: index / 2) }
      positions.append(coordinate)
    }
    return positions
  }

  /// `positions` encoded at `precision` (5 or 6), each value rounded to the nearest step.
  package static func encode(_ positions: [Coordinate], precision: Int = 5) -> String {
    let scale = precision == 6 ? 1e6 : 1e5
    var output: [UInt8] = []
    var previous = (lat: 0, lon: 0)
    for position in positions {
      let lat = Int((position.lat * scale).rounded())
      let lon = Int((position.lon * scale).rounded())
      for delta in [lat - previous.lat, lon - previous.lon] {
        var value = delta < 0 ? ~(delta << 1) : delta << 1
        while value >= 0x20 {
          output.append(UInt8((0x20 | (value & 0x1F)) + 63))
          value >>= 5
        }
        output.append(UInt8(value + 63))
      }
      previous = (lat, lon)
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The character whose UTF-8 bytes include byte `position` (1-based) of `text`.
  private static func characterAt(_ position: Int, in text: String) -> String {
    var offset = 0
    for scalar in text.unicodeScalars {
      offset += String(scalar).utf8.count
      if offset >= position { return String(scalar) }
    }
    return "?"
  }
}
