import Testing

@testable import BeaconJSON

private let allControlCharacters = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))

private let roundTripValues: [JSONValue] = [
  .null,
  .bool(true),
  .bool(false),
  .int(0),
  .int(-1),
  .int(Int.max),
  .int(Int.min),
  .largeInteger("123456789012345678901234567890"),
  .largeInteger("-9223372036854775809"),
  .double(1.5),
  .double(-0.001),
  .double(0.1),
  .double(123_456.789),
  .double(1e15),
  .double(-2.5e20),
  .double(1e300),
  .double(.leastNonzeroMagnitude),
  .double(.greatestFiniteMagnitude),
  .string(""),
  .string("plain"),
  .string("quote \" backslash \\ slash /"),
  .string(allControlCharacters),
  .string("line\nbreak\r\nand\u{2028}separators\u{2029}\u{85}"),
  .string("æøå 😀 𝄞 \u{7F} \u{FEFF}"),
  .array([]),
  .object([:]),
  .array([.int(1), .string("two"), .null, .array([.bool(false)]), .object(["k": .double(0.5)])]),
  .object([
    "id": .largeInteger("98765432109876543210"),
    "nested": .object(["list": .array([.int(1), .int(2)]), "empty": .object([:])]),
    "ünïcödé kéy\n": .string("value\t"),
    "": .null,
  ]),
]

@Suite struct JSONWriterTests {
  private func text(_ value: JSONValue) -> String {
    String(decoding: JSONWriter.serialize(value), as: UTF8.self)
  }

  @Test(arguments: roundTripValues)
  func roundTripsThroughTheParser(value: JSONValue) throws {
    #expect(try JSONParser.parse(JSONWriter.serialize(value)) == value)
  }

  @Test(arguments: roundTripValues)
  func prettyPrintedOutputParsesBackToTheSameValue(value: JSONValue) throws {
    #expect(try JSONParser.parse(Array(JSONWriter.prettyPrinted(value).utf8)) == value)
  }

  @Test(arguments: roundTripValues)
  func compactOutputHasNoLineBreakBytes(value: JSONValue) {
    let bytes = JSONWriter.serialize(value)
    #expect(!bytes.contains(0x0A))
    #expect(!bytes.contains(0x0D))
  }

  @Test func compactOutputOfLineBreakingStringsStaysOnOneLine() {
    let value: JSONValue = ["key\nwith\rbreaks": .string("a\nb\rc\u{2028}d\u{2029}e\r\n")]
    let bytes = JSONWriter.serialize(value)
    #expect(!bytes.contains(0x0A))
    #expect(!bytes.contains(0x0D))
    #expect(text(value) == #"{"key\nwith\rbreaks":"a\nb\rc"# + "\u{2028}d\u{2029}e" + #"\r\n"}"#)
  }

  @Test func escapesControlCharactersQuotesAndBackslashes() {
    let value = JSONValue.string("\u{0}\u{1}\u{1F}\u{08}\u{0C}\t\n\r\"\\/\u{7F}")
    #expect(text(value) == #""\u0000\u0001\u001f\b\f\t\n\r\"\\/"# + "\u{7F}\"")
  }

  /// Strings are copied in runs between the bytes escaped: at either end, side by side, in short (inline) strings
  /// and long ones.
  @Test(arguments: ["\"", "a\"", "\"a", "\\\"", "ab\ncd", "a long string of plain text \"quoted\" \\ and\tmore\u{1}"])
  func escapesBetweenRunsOfPlainBytes(string: String) {
    var expected = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": expected += "\\\""
      case "\\": expected += "\\\\"
      case "\n": expected += "\\n"
      case "\t": expected += "\\t"
      case "\u{1}": expected += "\\u0001"
      default: expected.unicodeScalars.append(scalar)
      }
    }
    #expect(text(.string(string)) == expected + "\"")
    #expect(text(.string(string + string + string)) == expected + expected.dropFirst() + expected.dropFirst() + "\"")
  }

  @Test func writesNonASCIIAsRawUTF8() {
    let string = "æøå 😀 \u{2028}"
    #expect(JSONWriter.serialize(.string(string)) == [0x22] + Array(string.utf8) + [0x22])
  }

  @Test func sortsObjectKeys() {
    let value: JSONValue = ["b": 1, "a": 2, "c": ["y": nil, "x": true], "B": "upper"]
    #expect(text(value) == #"{"B":"upper","a":2,"b":1,"c":{"x":true,"y":null}}"#)
  }

  @Test func writesNonFiniteNumbersAsNull() {
    let value: JSONValue = [.double(.nan), .double(.infinity), .double(-.infinity), .double(.signalingNaN)]
    #expect(text(value) == "[null,null,null,null]")
  }

  @Test func writesIntegersAndLargeIntegersExactly() {
    let value: JSONValue = [.int(Int.min), .int(Int.max), .largeInteger("-123456789012345678901234567890")]
    #expect(text(value) == "[-9223372036854775808,9223372036854775807,-123456789012345678901234567890]")
  }

  @Test func writesIntegralDoublesWithoutAFraction() throws {
    #expect(text(.double(5)) == "5")
    #expect(text(.double(-42)) == "-42")
    #expect(try JSONParser.parse(JSONWriter.serialize(.double(5))).doubleValue == 5)
  }

  @Test func prettyPrintsWithTwoSpaceIndentationAndSortedKeys() {
    let value: JSONValue = ["b": [1, []], "a": [:]]
    let expected = """
      {
        "a": {},
        "b": [
          1,
          []
        ]
      }
      """
    #expect(JSONWriter.prettyPrinted(value) == expected)
  }

  @Test func appendsToExistingOutput() {
    var output = Array("prefix:".utf8)
    JSONWriter.write(["k": "v"], into: &output)
    #expect(String(decoding: output, as: UTF8.self) == #"prefix:{"k":"v"}"#)
  }

  @Test func descriptionIsTheCompactText() {
    let value: JSONValue = ["z": [1.5, "x"], "a": nil]
    #expect(value.description == #"{"a":null,"z":[1.5,"x"]}"#)
  }
}
