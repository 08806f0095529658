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

  /// Writes the member `key` with `value` (an optional without a value as `null`, like `encode(_:forKey:)`).
  package mutating func member(_ key: StaticString, _ value: some JSONWritable) {
    writeKey(key)
    value.writeJSON(into: &output)
  }

  /// Writes the member `key` with `value` when it has one, and nothing otherwise, like `encodeIfPresent`.
  package mutating func memberIfPresent(_ key: StaticString, _ value: (some JSONWritable)?) {
    guard let value else { return }
    member(key, value)
  }

  /// Writes the member `key` with the string `value`.
  package mutating func member(_ key: StaticString, _ value: String) {
    writeKey(key)
    JSONWriter.writeString(value, into: &output)
  }

  /// Writes the member `key` with the number `value`.
  package mutating func member(_ key: StaticString, _ value: Int) {
    writeKey(key)
    output.append(contentsOf: String(value).utf8)
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
