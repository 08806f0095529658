import Foundation

/// A value that writes its own compact JSON text: byte for byte what its `Encodable` conformance gives through
/// ``JSONValueEncoder`` and ``JSONWriter`` (members in key order, the same `null`s and omissions, the same numbers
/// and strings), without a `Codable` encoder on the way.
///
/// ``JSONStreamEncoder`` writes such a value with ``writeJSON(into:)`` wherever it is encoded, at the top or nested
/// in another value; everything else keeps its `Encodable` conformance. A conforming type must keep both in step:
/// its tests compare the two outputs.
package protocol JSONWritable: Encodable {
  /// Appends the compact JSON text of the value to `output`.
  func writeJSON(into output: inout [UInt8])
}

extension JSONWritable where Self: RawRepresentable, RawValue == String {
  /// A string enum writes its raw value, as its synthesized `Encodable` conformance does.
  package func writeJSON(into output: inout [UInt8]) { JSONWriter.writeString(rawValue, into: &output) }
}

extension String: JSONWritable {
  /// The string, escaped as ``JSONWriter`` escapes it.
  package func writeJSON(into output: inout [UInt8]) { JSONWriter.writeString(self, into: &output) }
}

extension Int: JSONWritable {
  /// The decimal digits.
  package func writeJSON(into output: inout [UInt8]) { JSONWriter.writeInteger(self, into: &output) }
}

extension Double: JSONWritable {
  /// As ``JSONWriter`` writes a double: integral values without a fraction, non-finite ones as `null`.
  package func writeJSON(into output: inout [UInt8]) { JSONWriter.writeDouble(self, into: &output) }
}

extension Bool: JSONWritable {
  /// `true` or `false`.
  package func writeJSON(into output: inout [UInt8]) { JSONWriter.writeLiteral(self ? "true" : "false", into: &output) }
}

extension Date: JSONWritable {
  /// An ISO 8601 string in UTC with fractional seconds, as ``JSONValueEncoder`` stores a date.
  package func writeJSON(into output: inout [UInt8]) { JSONWriter.writeDate(self, into: &output) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
  /// The value, or `null` (what encoding an optional with `encode(_:forKey:)` gives).
  package func writeJSON(into output: inout [UInt8]) {
    if let value = self { value.writeJSON(into: &output) } else { JSONWriter.writeLiteral("null", into: &output) }
  }
}

extension Array: JSONWritable where Element: JSONWritable {
  /// The elements in order.
  package func writeJSON(into output: inout [UInt8]) {
    output.append(UInt8(ascii: "["))
    // An index loop: this runs unspecialized (from other modules), where `enumerated()` costs metadata look-ups.
    var index = startIndex
    while index < endIndex {
      if index > startIndex { output.append(UInt8(ascii: ",")) }
      self[index].writeJSON(into: &output)
      index += 1
    }
    output.append(UInt8(ascii: "]"))
  }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
  /// An object with the keys in order, as ``JSONWriter`` sorts them.
  package func writeJSON(into output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    for (position, member) in sorted(by: { $0.key < $1.key }).enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      JSONWriter.writeString(member.key, into: &output)
      output.append(UInt8(ascii: ":"))
      member.value.writeJSON(into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}
