import Foundation

/// Writes compact JSON text into memory reserved for it beforehand: byte for byte what ``JSONWriter`` writes, with no
/// growth check, uniqueness check or call into `Array` per piece.
///
/// The caller works out an upper bound of the text's length first (``maxStringLength(_:)`` and the other bounds
/// below), then writes it with ``write(bound:into:_:)``: the text is made in one buffer and appended to the output in
/// one piece. Writing more than the bound is a programming error (checked in debug builds).
package struct JSONBufferWriter {
  /// The reserved memory.
  @usableFromInline let base: UnsafeMutablePointer<UInt8>
  /// The bytes written so far.
  @usableFromInline var count = 0
  /// How many bytes may be written.
  @usableFromInline let capacity: Int

  @usableFromInline init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  /// The most bytes ``string(_:)`` writes for `text`: every byte escaped as `\u00XX`, and the quotes.
  @inlinable package static func maxStringLength(_ text: String) -> Int { text.utf8.count * 6 + 2 }
  /// The most bytes ``integer(_:)`` writes.
  package static let maxIntegerLength = 20
  /// The most bytes ``double(_:)`` writes (`description`'s longest form is 24 bytes).
  package static let maxDoubleLength = 32
  /// The most bytes ``date(_:)`` writes (26 by hand; the formatter's five-digit years a few more).
  package static let maxDateLength = 48

  /// Appends to `output` the text `body` writes, which must be at most `bound` bytes.
  ///
  /// Into an empty `output` without room reserved (a value encoded on its own, such as a result), the text is written
  /// straight into a new array of `bound` bytes' capacity: no buffer in between and no copy.
  package static func write(bound: Int, into output: inout [UInt8], _ body: (inout JSONBufferWriter) -> Void) {
    if output.capacity == 0 {
      output = [UInt8](unsafeUninitializedCapacity: max(bound, 1)) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        var writer = JSONBufferWriter(base: base, capacity: buffer.count)
        body(&writer)
        precondition(writer.count <= buffer.count, "JSON text longer than its bound")
        initialized = writer.count
      }
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bound, 1)) { buffer in
      guard let base = buffer.baseAddress else { return }
      var writer = JSONBufferWriter(base: base, capacity: buffer.count)
      body(&writer)
      precondition(writer.count <= buffer.count, "JSON text longer than its bound")
      output.append(contentsOf: UnsafeBufferPointer(start: base, count: writer.count))
    }
  }

  /// Writes one byte.
  @inlinable package mutating func byte(_ value: UInt8) {
    assert(count < capacity)
    base[count] = value
    count &+= 1
  }

  /// Writes the bytes of `text`, a literal that needs no escape (punctuation, a key with its quotes and colon).
  @inlinable package mutating func raw(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    assert(count + length <= capacity)
    (base + count).update(from: text.utf8Start, count: length)
    count &+= length
  }

  /// Writes `true` or `false`.
  @inlinable package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  /// Writes `text` as a JSON string, escaped as ``JSONWriter`` escapes it: `"`, `\` and the control characters
  /// below U+0020, nothing else (not DEL, not U+2028/U+2029). Runs without an escape are copied in one piece.
  package mutating func string(_ text: String) {
    byte(UInt8(ascii: "\""))
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard let start = bytes.baseAddress else { return }
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let value = start[index]
        if value >= 0x20, value != UInt8(ascii: "\""), value != UInt8(ascii: "\\") {
          index &+= 1
          continue
        }
        copy(start + runStart, count: index - runStart)
        escape(value)
        index &+= 1
        runStart = index
      }
      copy(start + runStart, count: index - runStart)
    }
    if copied == nil {
      for value in text.utf8 {
        if value >= 0x20, value != UInt8(ascii: "\""), value != UInt8(ascii: "\\") {
          byte(value)
        } else {
          escape(value)
        }
      }
    }
    byte(UInt8(ascii: "\""))
  }

  private mutating func copy(_ source: UnsafePointer<UInt8>, count length: Int) {
    guard length > 0 else { return }
    assert(count + length <= capacity)
    (base + count).update(from: source, count: length)
    count &+= length
  }

  /// Writes the escape of `value`: `"`, `\` or a control character.
  private mutating func escape(_ value: UInt8) {
    byte(UInt8(ascii: "\\"))
    switch value {
    case UInt8(ascii: "\""): byte(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): byte(UInt8(ascii: "\\"))
    case 0x0A: byte(UInt8(ascii: "n"))
    case 0x0D: byte(UInt8(ascii: "r"))
    case 0x09: byte(UInt8(ascii: "t"))
    case 0x08: byte(UInt8(ascii: "b"))
    case 0x0C: byte(UInt8(ascii: "f"))
    default:
      raw("u00")
      byte(Self.hexDigit(value >> 4))
      byte(Self.hexDigit(value & 0x0F))
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
  }

  /// Writes the decimal digits of `number`, as ``JSONWriter/writeInteger(_:into:)`` does.
  package mutating func integer(_ number: Int) {
    var digits = 1
    var rest = number.magnitude / 10
    while rest > 0 {
      digits &+= 1
      rest /= 10
    }
    if number < 0 { byte(UInt8(ascii: "-")) }
    assert(count + digits <= capacity)
    var magnitude = number.magnitude
    var position = count &+ digits
    count = position
    repeat {
      position &-= 1
      base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
  }

  /// Writes `number` as ``JSONWriter/writeDouble(_:into:)`` does.
  package mutating func double(_ number: Double) {
    guard number.isFinite else {
      raw("null")
      return
    }
    if number.rounded() == number, abs(number) < 1e15 {
      integer(Int(number))
    } else if !shortDecimal(number) {
      utf8(number.description)
    }
  }

  /// ``JSONWriter/writeShortDecimal(_:into:)`` into the reserved memory, for a number that is not integral.
  ///
  /// One scaling instead of one per number of decimals: where a decimal of k < 7 places reads back as the number,
  /// the 7-place one is the same decimal with trailing zeros (the scaled number is within far less than ½ of that
  /// integer), and reads back too; and where the 7-place one reads back, its digits without the trailing zeros do.
  /// So the shortest is the 7-place decimal without its trailing zeros, and there is none if that does not read
  /// back.
  private mutating func shortDecimal(_ number: Double) -> Bool {
    let magnitude = abs(number)
    guard magnitude >= 0.001, magnitude < 1e7 else { return false }
    var scaled = Int(magnitude * 1e7 + 0.5)
    guard Double(scaled) / 1e7 == magnitude else { return false }
    var places = 7
    while places > 1, scaled % 10 == 0 {
      scaled /= 10
      places &-= 1
    }
    if number < 0 { byte(UInt8(ascii: "-")) }
    var whole = 1
    var rest = scaled / 10
    for _ in 0..<places { rest /= 10 }
    while rest > 0 {
      whole &+= 1
      rest /= 10
    }
    // Written from the end: the fraction's digits (with its leading zeros), the point, the whole part.
    let end = count &+ whole &+ 1 &+ places
    assert(end <= capacity)
    var position = end
    var digits = scaled
    for _ in 0..<places {
      position &-= 1
      base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
      digits /= 10
    }
    position &-= 1
    base[position] = UInt8(ascii: ".")
    repeat {
      position &-= 1
      base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digits % 10)
      digits /= 10
    } while digits > 0
    count = end
    return true
  }

  /// Writes `date` as ``JSONWriter/writeDate(_:into:)`` does.
  package mutating func date(_ date: Date) {
    if let seconds = JSONWriter.handWritableSeconds(date.timeIntervalSinceReferenceDate) {
      JSONWriter.writeDate(seconds: seconds.whole, milliseconds: seconds.milliseconds, into: &self)
      return
    }
    var text: [UInt8] = []  // The formatter's rare dates: written as before, then copied.
    JSONWriter.writeDate(date, into: &text)
    text.withUnsafeBufferPointer { bytes in
      if let start = bytes.baseAddress { copy(start, count: bytes.count) }
    }
  }

  /// Writes the bytes of `text` as they are (a number's `description`).
  private mutating func utf8(_ text: String) {
    for value in text.utf8 { byte(value) }
  }

  /// Writes `length` bytes that `body` fills (a date's text).
  mutating func fixed(_ length: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
    assert(count + length <= capacity)
    body(UnsafeMutableBufferPointer(start: base + count, count: length))
    count &+= length
  }
}
