#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension EnvelopeScanner {
  /// A position in a body and the few tokens the scanner reads in place; each returns `nil` (or `false`) without
  /// moving when the bytes are not exactly the plain form it reads, and the caller then asks the parser or gives up.
  struct Cursor {
    let buffer: UnsafeBufferPointer<UInt8>
    var index = 0

    init(buffer: UnsafeBufferPointer<UInt8>) {
      self.buffer = buffer
    }

    var isAtEnd: Bool { index == buffer.count }

    var peek: UInt8? { index < buffer.count ? buffer[index] : nil }

    static func isWhitespace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Moves past JSON whitespace.
    mutating func skipWhitespace() {
      while index < buffer.count, Self.isWhitespace(buffer[index]) { index += 1 }
    }

    /// Takes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard index < buffer.count, buffer[index] == byte else { return false }
      index += 1
      return true
    }

    /// Takes `literal` if it is next, byte for byte.
    mutating func take(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard buffer.count - index >= count, let base = buffer.baseAddress,
        memcmp(base + index, literal.utf8Start, count) == 0
      else { return false }
      index += count
      return true
    }

    /// The range of the text of a string that is plain printable ASCII without escapes (`"ping"`), taken with its
    /// quotes; `nil` for anything else.
    mutating func plainString() -> Range<Int>? {
      guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { return nil }
      let start = index + 1
      var end = start
      while end < buffer.count {
        let byte = buffer[end]
        if byte == UInt8(ascii: "\"") {
          index = end + 1
          return start..<end
        }
        guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
        end += 1
      }
      return nil
    }

    /// An integer of at most 18 digits (always within `Int`) with nothing of a number after it: no fraction, no
    /// exponent, no leading zero; `-0` is left to the parser (it is kept as written, not as `0`).
    mutating func shortInteger() -> Int? {
      var position = index
      let negative = position < buffer.count && buffer[position] == UInt8(ascii: "-")
      if negative { position += 1 }
      let firstDigit = position
      var value = 0
      while position < buffer.count, position - firstDigit < 19,
        buffer[position] >= UInt8(ascii: "0"), buffer[position] <= UInt8(ascii: "9")
      {
        value = value &* 10 &+ Int(buffer[position] &- UInt8(ascii: "0"))  // Wraps only past 18 digits, refused below.
        position += 1
      }
      let digits = position - firstDigit
      guard digits > 0, digits <= 18, !(digits > 1 && buffer[firstDigit] == UInt8(ascii: "0")) else { return nil }
      if negative && value == 0 { return nil }
      if position < buffer.count {
        switch buffer[position] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          return nil
        default: break
        }
      }
      index = position
      return negative ? -value : value
    }

    /// `{}` or `[]` (whitespace inside allowed), as an empty object or array; `nil` for anything else.
    mutating func emptyContainer() -> JSONValue? {
      guard let open = peek, open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else { return nil }
      var position = index + 1
      while position < buffer.count, Self.isWhitespace(buffer[position]) { position += 1 }
      guard position < buffer.count else { return nil }
      if open == UInt8(ascii: "{"), buffer[position] == UInt8(ascii: "}") {
        index = position + 1
        return .object([:])
      }
      if open == UInt8(ascii: "["), buffer[position] == UInt8(ascii: "]") {
        index = position + 1
        return .array([])
      }
      return nil
    }
  }
}
