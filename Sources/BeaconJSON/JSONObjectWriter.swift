/// Writes one JSON object's members for a ``JSONWritable`` type, in the order they are given.
///
/// The caller gives the members in key order (``JSONWriter`` sorts keys, and the writer must match it byte for
/// byte); keys are literals that need no escape.
package struct JSONObjectWriter {
  /// The text being written.
  private var output: [UInt8]
  private var isFirst = true

  private init(output: [UInt8]) { self.output = output }

  /// Appends the object `members` writes to `output`.
  package static func write(into output: inout [UInt8], _ members: (inout JSONObjectWriter) -> Void) {
    var writer = JSONObjectWriter(output: [])
    swap(&writer.output, &output)
    writer.output.append(UInt8(ascii: "{"))
    members(&writer)
    writer.output.append(UInt8(ascii: "}"))
    swap(&writer.output, &output)
  }

  /// Writes the member `key` with `value`, a nested object, array or enum.
  ///
  /// Callers in other modules run this unspecialized: an optional is best unwrapped there (`if let`) and given
  /// to this or the overloads below, or written with ``null(_:)``, rather than passed as an `Optional` (whose
  /// metadata is then looked up for every member).
  package mutating func member(_ key: StaticString, _ value: some JSONWritable) {
    writeKey(key)
    value.writeJSON(into: &output)
  }

  /// Writes the member `key` with the string `value`.
  package mutating func member(_ key: StaticString, _ value: String) {
    writeKey(key)
    JSONWriter.writeString(value, into: &output)
  }

  /// Writes the member `key` with the number `value`.
  package mutating func member(_ key: StaticString, _ value: Int) {
    writeKey(key)
    JSONWriter.writeInteger(value, into: &output)
  }

  /// Writes the member `key` with the number `value` as ``JSONWriter`` writes a double.
  package mutating func member(_ key: StaticString, _ value: Double) {
    writeKey(key)
    JSONWriter.writeDouble(value, into: &output)
  }

  /// Writes the member `key` with `true` or `false`.
  package mutating func member(_ key: StaticString, _ value: Bool) {
    writeKey(key)
    JSONWriter.writeLiteral(value ? "true" : "false", into: &output)
  }

  /// Writes the member `key` with `null` (what `encode(_:forKey:)` writes for an optional without a value).
  package mutating func null(_ key: StaticString) {
    writeKey(key)
    JSONWriter.writeLiteral("null", into: &output)
  }

  /// Writes the separator and `"key":`.
  private mutating func writeKey(_ key: StaticString) {
    if isFirst {
      isFirst = false
    } else {
      output.append(UInt8(ascii: ","))
    }
    output.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { output.append(contentsOf: $0) }
    output.append(UInt8(ascii: "\""))
    output.append(UInt8(ascii: ":"))
  }
}
