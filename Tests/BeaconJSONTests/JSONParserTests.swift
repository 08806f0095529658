import Testing

@testable import BeaconJSON

private let validTexts: [(String, JSONValue)] = [
  ("null", .null),
  ("true", .bool(true)),
  ("false", .bool(false)),
  ("0", .int(0)),
  ("-0", .int(0)),
  ("42", .int(42)),
  ("-17", .int(-17)),
  ("9223372036854775807", .int(Int.max)),
  ("-9223372036854775808", .int(Int.min)),
  ("1.5", .double(1.5)),
  ("-0.25", .double(-0.25)),
  ("1e3", .double(1000)),
  ("2E-2", .double(0.02)),
  ("1.5e+2", .double(150)),
  (#""""#, .string("")),
  (#""hello""#, .string("hello")),
  (#""æøå 😀""#, .string("æøå 😀")),
  (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{08}\u{0C}\n\r\t")),
  (#""\u0041\u00e6\u2028""#, .string("Aæ\u{2028}")),
  ("[]", .array([])),
  ("[1,\"a\",null]", .array([.int(1), .string("a"), .null])),
  ("{}", .object([:])),
  (#"{"a":1,"b":[true,{"c":null}]}"#, .object(["a": .int(1), "b": .array([.bool(true), .object(["c": .null])])])),
  (" \t\r\n {\n \"a\" : [ 1 , 2 ] \r\n} \n", .object(["a": .array([.int(1), .int(2)])])),
]

private let malformedTexts: [String] = [
  "",
  "   ",
  "[1,]",
  "[1,2,]",
  "[,1]",
  "{\"a\":1,}",
  "{,}",
  "{\"a\" 1}",
  "{\"a\":}",
  "{a:1}",
  "01",
  "-01",
  "00",
  "-",
  "+1",
  "1.",
  ".5",
  "1e",
  "1e+",
  "0x10",
  "1e400",
  "NaN",
  "Infinity",
  "'a'",
  "{'a':1}",
  "\"unterminated",
  "\"unterminated\\\"",
  "\"bad escape \\x\"",
  "\"bad escape \\'\"",
  "\"short unicode \\u12\"",
  "\"bad unicode \\u12g4\"",
  "\"raw tab\t\"",
  "\"raw newline\n\"",
  "\"raw nul\u{0}\"",
  "\"escaped then raw \\n\u{1}\"",
  "tru",
  "nul",
  "True",
  "[1 2]",
  "[1",
  "{\"a\":1",
  "1 2",
  "{} x",
  "[]]",
  "null null",
  "\"a\"\"b\"",
]

@Suite struct JSONParserTests {
  private func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
  }

  @Test(arguments: validTexts)
  func parsesValidValuesOfEveryKind(text: String, expected: JSONValue) throws {
    #expect(try parse(text) == expected)
  }

  @Test(arguments: malformedTexts)
  func rejectsMalformedText(text: String) {
    #expect(throws: JSONParseError.self) { try parse(text) }
  }

  @Test func reportsTheOffsetWhereParsingStopped() {
    #expect(throws: JSONParseError(offset: 7, kind: .dataAfterValue)) {
      try parse("[1, 2] 3")
    }
  }

  @Test func combinesSurrogatePairs() throws {
    #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
    #expect(try parse(#""a\uD834\uDD1Eb""#) == .string("a𝄞b"))
  }

  @Test(arguments: [
    (#""\ud83d""#, "\u{FFFD}"),
    (#""\ude00""#, "\u{FFFD}"),
    (#""\ud83dx""#, "\u{FFFD}x"),
    (#""\ud83d\u0041""#, "\u{FFFD}A"),
    (#""\ud83d\n""#, "\u{FFFD}\n"),
    (#""\ud83d\ud83d\ude00""#, "\u{FFFD}😀"),
    (#""\ude00\ud83d""#, "\u{FFFD}\u{FFFD}"),
  ])
  func replacesLoneSurrogatesWithReplacementCharacter(text: String, expected: String) throws {
    #expect(try parse(text) == .string(expected))
  }

  @Test(
    arguments: [
      [0x22, 0xFF, 0x22],
      [0x22, 0x61, 0xC3, 0x22],
      [0x22, 0xC0, 0x80, 0x22],
      [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
      [0x22, 0x5C, 0x6E, 0xE2, 0x82, 0x22],
      [0x5B, 0x22, 0x61, 0x22, 0x2C, 0x22, 0x80, 0x22, 0x5D],
      [0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D],
    ] as [[UInt8]]
  )
  func rejectsInvalidUTF8(bytes: [UInt8]) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
  }

  @Test(arguments: [
    "9223372036854775808",
    "-9223372036854775809",
    "123456789012345678901234567890",
    "-123456789012345678901234567890",
    "99999999999999999999999999999999999999999999999999",
  ])
  func keepsIntegersBeyondIntAsTheirExactText(text: String) throws {
    #expect(try parse(text) == .largeInteger(text))
    #expect(try parse("{\"id\":\(text)}") == .object(["id": .largeInteger(text)]))
  }

  @Test func parsesIntegralNumbersWithAFractionAsDoubles() throws {
    #expect(try parse("1.0") == .double(1.0))
    #expect(try parse("-3.00") == .double(-3.0))
    #expect(try parse("1e2") == .double(100.0))
    #expect(try parse("1") == .int(1))
  }

  /// A JSON-RPC message keeps a number beyond a `Double` as written, so its request is still one; other readers
  /// (imports) refuse it as before, at its offset.
  @Test func keepsANumberOutOfRangeAsWrittenWhenAsked() throws {
    var members: [String: JSONValue] = [:]
    let text = Array(#"{"id":7,"params":{"a":[1e400,-2E+999,1.5]}}"#.utf8)
    let rest = try JSONParser.parseMembers(text, maxDepth: 8, exactNumberKeys: [], keepingNumbersOutOfRange: true) {
      members[$0] = $1
    }
    #expect(rest == nil)
    #expect(members["params"] == ["a": [.exactNumber("1e400"), .exactNumber("-2E+999"), .double(1.5)]])
    #expect(members["params"]?["a"]?.arrayValue?.first?.doubleValue == .infinity)
    #expect(throws: JSONParseError(offset: 28, kind: .numberOutOfRange)) {
      try JSONParser.parseMembers(text, maxDepth: 8, exactNumberKeys: []) { _, _ in }
    }
    #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Double.self, from: .exactNumber("1e400")) }
  }

  @Test func keepsTheLastValueOfADuplicateKey() throws {
    #expect(try parse(#"{"a":1,"b":2,"a":3}"#) == .object(["a": .int(3), "b": .int(2)]))
  }

  @Test func acceptsArraysNestedToTheDefaultLimit() throws {
    let depth = JSONParser.defaultMaxDepth
    #expect(depth == 512)
    var value = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    var levels = 0
    while case .array(let elements) = value {
      levels += 1
      value = elements.first ?? .null
    }
    #expect(levels == 512)
  }

  @Test func rejectsArraysNestedOneLevelBeyondTheDefaultLimit() {
    let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(throws: JSONParseError.self) { try parse(text) }
  }

  @Test func appliesTheDepthLimitToObjects() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    }
    _ = try parse(nested(512))
    #expect(throws: JSONParseError.self) { try parse(nested(513)) }
  }

  @Test func appliesACustomDepthLimitToMixedNesting() throws {
    #expect(try parse(#"[{"a":[]}]"#, maxDepth: 3) == .array([.object(["a": .array([])])]))
    #expect(throws: JSONParseError.self) { try parse(#"[{"a":[[]]}]"#, maxDepth: 3) }
  }

  @Test func rejectsHostileDeepNestingWithoutCrashing() {
    let open = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(open) }
    let balanced = open + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(balanced) }
    let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(objects) }
  }
}
