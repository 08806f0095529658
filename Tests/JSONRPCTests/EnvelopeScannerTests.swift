import BeaconJSON
import Testing

@testable import JSONRPC

/// The envelope scanner byte by byte: what it reads in place, and everything it must leave to the parser (`nil`).
@Suite struct EnvelopeScannerTests {
  static let keys: Set<String> = ["id", "requestId"]

  static func scan(_ text: String, maxDepth: Int = 512) -> IncomingMessage? {
    scan(Array(text.utf8), maxDepth: maxDepth)
  }

  static func scan(_ bytes: [UInt8], maxDepth: Int = 512) -> IncomingMessage? {
    let scanner = EnvelopeScanner(maxDepth: maxDepth, exactNumberKeys: keys)
    return bytes.withUnsafeBufferPointer { scanner.scan($0) }
  }

  static func request(_ id: String, method: String = #""ping""#, params: String? = nil) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":\#(method)"# + (params.map { #","params":\#($0)"# } ?? "") + "}"
  }

  @Test func everyOrderOfTheMembersWithAnyWhitespace() {
    let members = [#""jsonrpc":"2.0""#, #""id":7"#, #""method":"ping""#, #""params":{"a":[1,2.5,"x",null,true]}"#]
    let expected = IncomingMessage.request(
      id: .integer(7),
      method: "ping",
      params: .object(["a": .array([.int(1), .double(2.5), .string("x"), .null, .bool(true)])])
    )
    var orders = 0
    for a in 0..<4 {
      for b in 0..<4 where b != a {
        for c in 0..<4 where c != a && c != b {
          let d = 6 - a - b - c
          for space in ["", " ", "\n\t", "\r\n  "] {
            let inner = [a, b, c, d].map { members[$0].replacingOccurrences(of: ":", with: space + ":" + space) }
            let text = space + "{" + space + inner.joined(separator: space + "," + space) + space + "}" + space
            #expect(Self.scan(text) == expected, "\(text.debugDescription)")
          }
          orders += 1
        }
      }
    }
    #expect(orders == 24)
  }

  @Test(arguments: [
    ("0", RequestID.integer(0)), ("-7", .integer(-7)), ("123456789012345678", .integer(123_456_789_012_345_678)),
    ("1234567890123456789", .integer(1_234_567_890_123_456_789)), ("9223372036854775807", .integer(Int.max)),
    ("-9223372036854775808", .integer(Int.min)), ("9223372036854775808", .largeInteger("9223372036854775808")),
    ("123456789012345678901234", .largeInteger("123456789012345678901234")), ("1e3", .number("1e3")),
    ("1.50", .number("1.50")), ("-0", .number("-0")), ("-0.0", .number("-0.0")), ("1E+2", .number("1E+2")),
    ("2.5e-3", .number("2.5e-3")), (#""a""#, .string("a")), (#""""#, .string("")),
    (#""\u00e6\"x""#, .string("æ\"x")), (#""\ud83d\ude00""#, .string("😀")), (#""\ud800""#, .string("\u{FFFD}")),
    (#""æ/ø""#, .string("æ/ø")), ("null", .null),
  ])
  func idsAreReadAsTheParserReadsThem(text: String, id: RequestID) {
    #expect(Self.scan(Self.request(text)) == .request(id: id, method: "ping", params: nil), "\(text)")
  }

  @Test(arguments: ["01", "-01", "00", "true", "false", "{}", "[1]", "1.", "-", "+1", ".5", "1e", "0x1", #""a"#, "nul"])
  func badIdsAreLeftToTheParser(text: String) {
    #expect(Self.scan(Self.request(text)) == nil, "\(text)")
  }

  @Test(arguments: [
    (#""ping""#, "ping"), (#""p\u0069ng""#, "ping"), (#""\/x""#, "/x"), (#""æ""#, "æ"), (#""a\tb""#, "a\tb"),
    (#""$/cancelRequest""#, "$/cancelRequest"), (#""""#, ""),
  ])
  func methodNamesWithAndWithoutEscapes(text: String, method: String) {
    #expect(Self.scan(Self.request("1", method: text)) == .request(id: .integer(1), method: method, params: nil))
  }

  @Test func badMethodsAreLeftToTheParser() {
    for method in ["7", "null", "[]", "{}", "\"a\u{1}\"", #""a\x""#, #""\u12""#, #""a"#] {
      #expect(Self.scan(Self.request("1", method: method)) == nil, "\(method)")
    }
    // Invalid UTF-8 in a method name.
    var bytes = Array(Self.request("1", method: #""pXng""#).utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
    #expect(Self.scan(bytes) == nil)
  }

  @Test(arguments: [
    ("{}", JSONValue.object([:])), ("[]", .array([])), ("{ \n}", .object([:])), ("[\t]", .array([])),
    (#"{"a":{"b":[1,"c"]}}"#, .object(["a": .object(["b": .array([.int(1), .string("c")])])])),
    (#"[1,{"id":1.0,"x":1.0}]"#, .array([.int(1), .object(["id": .exactNumber("1.0"), "x": .double(1)])])),
    (#"{"a":1,"a":2}"#, .object(["a": .int(2)])),
  ])
  func paramsOfObjectsAndArraysAreParsed(text: String, params: JSONValue) {
    #expect(Self.scan(Self.request("1", params: text)) == .request(id: .integer(1), method: "ping", params: params))
  }

  @Test func nullParamsAreNoParams() {
    #expect(Self.scan(Self.request("1", params: "null")) == .request(id: .integer(1), method: "ping", params: nil))
  }

  @Test(arguments: [
    #""x""#, "1", "true", "false", "1.5", "{", "[", "{]", "[}", "[1,]", #"{"a"}"#, "nul", #"{"a":1e999}"#,
  ])
  func otherParamsAreLeftToTheParser(text: String) {
    #expect(Self.scan(Self.request("1", params: text)) == nil, "\(text)")
  }

  @Test func notificationsHaveNoId() {
    #expect(Self.scan(#"{"method":"exit","jsonrpc":"2.0"}"#) == .notification(method: "exit", params: nil))
    #expect(
      Self.scan(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1e3}}"#)
        == .notification(method: "$/cancelRequest", params: .object(["id": .exactNumber("1e3")]))
    )
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":1,"result":{}}"#, #"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"ping","result":1}"#, #"{"jsonrpc":"2.0","id":1}"#, #"{"jsonrpc":"2.0"}"#,
    #"{"id":1,"method":"ping"}"#, #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
    #"{"jsonrpc":2.0,"id":1,"method":"ping"}"#,
    #"{"jsonrpc":"2.0 ","id":1,"method":"ping"}"#, #"{"jsonrpc":"2\u002e0","id":1,"method":"ping"}"#, "{}", "[]",
    #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, #""ping""#, "null", "", " ", "1",
  ])
  func responsesAndInvalidMessagesAreLeftToTheParser(text: String) {
    #expect(Self.scan(text) == nil, "\(text)")
  }

  @Test func duplicateMembersAreLeftToTheParser() {
    let members = [#""jsonrpc":"2.0""#, #""id":1"#, #""method":"ping""#, #""params":{}"#]
    for (index, member) in members.enumerated() {
      let text = "{" + (members + [member]).joined(separator: ",") + "}"
      #expect(Self.scan(text) == nil, "\(index)")
    }
  }

  @Test func otherMembersAreValidatedAndIgnored() {
    let expected = IncomingMessage.request(id: .integer(1), method: "ping", params: nil)
    #expect(Self.scan(#"{"jsonrpc":"2.0","x":[1,{"b":null}],"id":1,"method":"ping","y":"z"}"#) == expected)
    // A member kept exactly takes any number; another one only a finite one, as the parser has it.
    #expect(Self.scan(#"{"jsonrpc":"2.0","requestId":1e999,"id":1,"method":"ping"}"#) == expected)
    #expect(Self.scan(#"{"jsonrpc":"2.0","other":1e999,"id":1,"method":"ping"}"#) == nil)
    #expect(Self.scan(#"{"jsonrpc":"2.0","x":[1,],"id":1,"method":"ping"}"#) == nil)
    #expect(Self.scan(#"{"jsonrpc":"2.0","x":"\q","id":1,"method":"ping"}"#) == nil)
  }

  @Test func namesWithEscapesOrOtherCharactersAreLeftToTheParser() {
    #expect(Self.scan(#"{"jsonrpc":"2.0","\u0069d":1,"method":"ping"}"#) == nil)
    #expect(Self.scan(#"{"jsonrpc":"2.0","id":1,"method":"ping","æ":1}"#) == nil)
    #expect(Self.scan("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"a\u{1}\":1}") == nil)
  }

  @Test func everyTruncationAndAnythingAfterTheObjectIsLeftToTheParser() {
    let whole = Array(Self.request(#""x\u00e6""#, method: #""p\u0069ng""#, params: #"{"a":[1.5e2,"b",true]}"#).utf8)
    #expect(Self.scan(whole) != nil)
    for end in 0..<whole.count {
      #expect(Self.scan(Array(whole[..<end])) == nil, "\(end)")
    }
    #expect(Self.scan(whole + Array(" \r\n\t".utf8)) != nil)
    for tail in ["x", "}", "{}", ",", "\u{0}"] {
      #expect(Self.scan(whole + Array(tail.utf8)) == nil, "\(tail.debugDescription)")
    }
  }

  @Test func theDepthLimitCountsAsTheParserDoes() {
    let plain = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
    #expect(Self.scan(plain, maxDepth: 0) == nil)
    #expect(Self.scan(plain, maxDepth: 1) != nil)
    #expect(Self.scan(Self.request("1", params: "{}"), maxDepth: 1) == nil)
    #expect(Self.scan(Self.request("1", params: "[]"), maxDepth: 2) != nil)
    #expect(Self.scan(Self.request("1", params: #"{"a":{"b":1}}"#), maxDepth: 3) != nil)
    #expect(Self.scan(Self.request("1", params: #"{"a":{"b":{}}}"#), maxDepth: 3) == nil)
    #expect(Self.scan(#"{"jsonrpc":"2.0","x":[[]],"id":1,"method":"ping"}"#, maxDepth: 2) == nil)
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(Self.scan(Self.request("1", params: deep)) == nil)
  }
}
