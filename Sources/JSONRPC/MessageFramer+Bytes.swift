#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte-level helpers of ``MessageFramer``: lengths, header names and values, whitespace.
extension MessageFramer {
  /// The body range and the end of a frame starting at `start` that is exactly `Content-Length: N\r\n\r\n` and its
  /// whole body, with `N` within the limits; `nil` for anything else (other fields, other spelling, a body not yet
  /// complete, a fault), which the general path handles. `bytes` starts at index 0.
  func wholeMessage(in bytes: ArraySlice<UInt8>, at start: Int) -> (body: Range<Int>, end: Int)? {
    let prefix = Self.exactContentLengthPrefix
    let prefixCount = prefix.utf8CodeUnitCount
    guard bytes.count - start > prefixCount + 4, prefixCount + 20 <= limits.maxHeaderLineBytes,
      limits.maxHeaderFields >= 1
    else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> (body: Range<Int>, end: Int)? in
      guard let base = buffer.baseAddress, memcmp(base + start, prefix.utf8Start, prefixCount) == 0 else { return nil }
      var index = start + prefixCount
      var length = 0
      var digits = 0
      while index < buffer.count, buffer[index] >= UInt8(ascii: "0"), buffer[index] <= UInt8(ascii: "9") {
        guard digits < 18 else { return nil }  // No overflow; such lengths are over any limit anyway.
        length = length * 10 + Int(buffer[index] - UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
      guard digits > 0, length > 0, length <= limits.maxMessageBytes, buffer.count - index >= 4,
        buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A
      else { return nil }
      let bodyStart = index + 4
      guard buffer.count - bodyStart >= length else { return nil }
      return (bodyStart..<(bodyStart + length), bodyStart + length)
    }
  }

  static let exactContentLengthPrefix: StaticString = "Content-Length: "

  /// Parses a decimal byte count: ASCII digits only, overflow-checked; `nil` for anything else.
  static func parseLength(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      value = next
    }
    return value
  }

  /// The lower-cased `charset` parameter of a `Content-Type` value, without quotes, if it has one.
  static func charset(in value: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: value, as: UTF8.self)
    for parameter in text.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "charset" else { continue }
      var charset = parts[1].trimmingSpaces
      if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") {
        charset = String(charset.dropFirst().dropLast())
      }
      return charset.lowercased()
    }
    return nil
  }

  /// Where the `content-length` that ends a lower-cased header name starts, when something comes before it
  /// (garbage glued to the front of the header); `nil` otherwise.
  ///
  /// The one at the end, not the first: text discarded after an oversized message may say "Content-Length" too
  /// (`…"see the Content-Length header"}Content-Length: 41`), and the header is the last one on the line.
  static func contentLengthStart(in name: [UInt8]) -> Int? {
    guard name.count > contentLengthName.count, name.suffix(contentLengthName.count).elementsEqual(contentLengthName)
    else { return nil }
    return name.count - contentLengthName.count
  }

  /// How many spaces and tabs start `bytes`.
  static func leadingBlankCount(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.prefix { $0 == 0x20 || $0 == 0x09 }.count
  }

  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
    return slice
  }

  /// Whether `bytes`, lower-cased, equal `lowercase`.
  static func equalsLowercased(_ bytes: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
    bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { lowercased($0) == $1 }
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// A short, log-safe rendering of header bytes.
  static func printable(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.prefix(64), as: UTF8.self)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(self.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
