import Foundation
import Testing

@testable import BeaconJSON

/// `JSONBufferWriter`, which writes into memory reserved beforehand, against `JSONWriter`'s appends: byte for byte
/// for strings of every escape class, numbers and dates, each within the bound the writer promises.
@Suite struct JSONBufferWriterTests {
  /// The buffer writer's text of one piece, written after a byte already there (the output is appended to), and
  /// checked against `bound`.
  func buffered(bound: Int, _ body: (inout JSONBufferWriter) -> Void) -> String {
    var output: [UInt8] = Array("x".utf8)
    var written = 0
    JSONBufferWriter.write(bound: bound, into: &output) { writer in
      body(&writer)
      written = writer.count
    }
    #expect(written <= bound)
    return String(decoding: output, as: UTF8.self)
  }

  func appended(_ body: (inout [UInt8]) -> Void) -> String {
    var output: [UInt8] = Array("x".utf8)
    body(&output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Scalars of every class the escaping tells apart: each control character, the quote and the backslash, plain
  /// ASCII, DEL, two- to four-byte UTF-8 (U+2028 and U+2029, which JSON allows unescaped, a BOM, emoji, a combining
  /// accent).
  let scalars: [Unicode.Scalar] =
    (0..<0x80).compactMap { Unicode.Scalar($0) } + [
      "\u{80}", "\u{A0}", "ø", "Å", "\u{301}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{200B}", "日", "🧭",
      "👩", "\u{1F3FD}", "\u{10FFFF}", "\u{E000}",
    ]

  @Test func stringsAreWrittenAsTheWriterWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var texts: [String] = ["", "\"", "\\", "\u{7F}", "\u{2028}\u{2029}", "plain", "a\"b\\c\nd", "👩🏽‍💻 café"]
    texts += scalars.map { String(Character($0)) }
    texts += scalars.map { "ab" + String(Character($0)) + "cd" }
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...40, using: &generator)
      var text = ""
      for _ in 0..<length {
        // Mostly plain letters (runs to copy), the escape classes often enough.
        if Bool.random(using: &generator) {
          text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &generator)))
        } else {
          text.unicodeScalars.append(scalars.randomElement(using: &generator) ?? "a")
        }
      }
      texts.append(text)
    }
    texts.append(String(repeating: "\u{1}\"\\", count: 1_000))
    texts.append(String(repeating: "Tromsø ", count: 1_000))
    // Text that is not native Swift storage, where the writer cannot see contiguous bytes.
    texts.append(String(NSString(string: "bridged \"NSString\"\n ø 🧭")))
    for text in texts {
      let expected = appended { JSONWriter.writeString(text, into: &$0) }
      let got = buffered(bound: JSONBufferWriter.maxStringLength(text)) { $0.string(text) }
      #expect(got == expected, "\(Array(text.utf8))")
    }
  }

  @Test func numbersAreWrittenAsTheWriterWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var doubles: [Double] = [
      0, -0.0, .nan, .infinity, -.infinity, 1e15, -1e15, 1e15 - 1, 0.001, 0.000_999, 1e7, 1e7 - 0.5, 59.9111, -10.7503,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1 + 0.2,
      -179.999_999_9, 4.333_333_333_333_333, -1.797_693_134_862_315_7e308,
    ]
    for _ in 0..<100_000 {
      doubles.append(Double(bitPattern: UInt64.random(in: .min ... .max, using: &generator)))
      let places = Int.random(in: 0...8, using: &generator)
      let scaled = Double(Int.random(in: -100_000_000_000...100_000_000_000, using: &generator))
      doubles.append(scaled / pow(10, Double(places)))
      doubles.append(Double.random(in: -1e8...1e8, using: &generator))
    }
    for number in doubles {
      let expected = appended { JSONWriter.writeDouble(number, into: &$0) }
      let got = buffered(bound: JSONBufferWriter.maxDoubleLength) { $0.double(number) }
      #expect(got == expected, "\(number.bitPattern)")
    }
    var integers = [0, 1, -1, 9, 10, -9, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      integers += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
    }
    for _ in 0..<50_000 { integers.append(Int.random(in: .min ... .max, using: &generator) >> Int.random(in: 0...63)) }
    for number in integers {
      let expected = appended { JSONWriter.writeInteger(number, into: &$0) }
      let got = buffered(bound: JSONBufferWriter.maxIntegerLength) { $0.integer(number) }
      #expect(got == expected, "\(number)")
    }
  }

  @Test func datesAndLiteralsAreWrittenAsTheWriterWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var intervals: [Double] = [
      0, -0.5, 0.001, 0.999_999_9, JSONWriter.firstHandWrittenSecond, JSONWriter.firstHandWrittenSecond - 0.001,
      JSONWriter.endOfHandWrittenSeconds, JSONWriter.endOfHandWrittenSeconds - 0.001, -1e12, 1e12, 817_000_000.123_4,
    ]
    for _ in 0..<20_000 {
      intervals.append(Double.random(in: -1.3e10...2.6e11, using: &generator))
      intervals.append(Double(Int.random(in: -13_000_000_000_000...260_000_000_000_000, using: &generator)) / 1_000)
    }
    for interval in intervals {
      let date = Date(timeIntervalSinceReferenceDate: interval)
      let expected = appended { JSONWriter.writeDate(date, into: &$0) }
      let got = buffered(bound: JSONBufferWriter.maxDateLength) { $0.date(date) }
      #expect(got == expected, "\(interval)")
    }
    for flag in [true, false] {
      #expect(
        buffered(bound: 5) { $0.bool(flag) } == appended { JSONWriter.writeLiteral(flag ? "true" : "false", into: &$0) }
      )
    }
    #expect(
      buffered(bound: 12) {
        $0.raw("{\"key\":"); $0.byte(UInt8(ascii: "}"))
      } == "x{\"key\":}"
    )
  }
}
