import Testing

@testable import JSONRPC

/// Immediate answers (decided and answered in one lock hold) byte for byte, as the reader hands a read's messages over
/// (``Dispatcher/receive(contentsOf:)``): every kind of id echoed exactly, in arrival order, faults in between
/// answered in their place, batches as one array, and nothing answered at once before `initialize`.
@Suite struct DispatcherImmediateBytesTests {
  static func quick(_ id: String, _ text: String) -> [UInt8] {
    Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"test/quick","params":{"text":"\#(text)"}}"#.utf8)
  }

  @Test func everyKindOfIdIsEchoedExactlyInArrivalOrder() async {
    let harness = await DispatcherImmediateTests.harness()
    let before = harness.output.bodies.count
    let ids = [
      "1", "-7", "0", #""a""#, #""""#, #""\u00e6\"x""#, "1e2", "12.50", "9223372036854775807",
      "123456789012345678901234",
    ]
    harness.dispatcher.receive(contentsOf: ids.enumerated().map { Self.quick($0.element, "t\($0.offset)") })
    let texts = Array(harness.output.texts.dropFirst(before))
    // Strings come back in JSONWriter's form (a `\u` escape of a letter as the letter); numbers as sent.
    let echoed = ids.map { $0 == #""\u00e6\"x""# ? #""æ\"x""# : $0 }
    let expected = echoed.enumerated().map {
      #"{"jsonrpc":"2.0","id":\#($0.element),"result":{"text":"t\#($0.offset)"}}"#
    }
    #expect(texts == expected)
  }

  @Test func faultsBetweenThemAreAnsweredInTheirPlace() async {
    let harness = await DispatcherImmediateTests.harness()
    let before = harness.output.bodies.count
    let bodies: [[UInt8]] = [
      Self.quick("1", "a"),
      Array(#"{"jsonrpc":"2.0","id":2,"method":"test/quick","params":"#.utf8),  // Truncated: a parse error.
      Self.quick("3", "b"),
      Array(#"{"jsonrpc":"2.0","id":{"x":1},"method":"test/quick","params":{"text":"c"}}"#.utf8),  // An object id.
      Array(#"{"jsonrpc":"1.0","id":5,"method":"test/quick","params":{"text":"d"}}"#.utf8),
      Array(#"{"jsonrpc":"2.0","id":6,"method":"test/quick","params":{"text":7}}"#.utf8),  // Bad params.
      Self.quick("7", "e"),
    ]
    harness.dispatcher.receive(contentsOf: bodies)
    let messages = await harness.output.messages(count: before + 7)
    let answers = Array(messages.dropFirst(before))
    #expect(answers.count == 7)
    let texts = Array(harness.output.texts.dropFirst(before))
    // The immediate ones come back at once, in order, before anything answered by a task.
    let immediate = texts.filter { $0.contains(#""result""#) }
    #expect(
      immediate == [
        #"{"jsonrpc":"2.0","id":1,"result":{"text":"a"}}"#, #"{"jsonrpc":"2.0","id":3,"result":{"text":"b"}}"#,
        #"{"jsonrpc":"2.0","id":7,"result":{"text":"e"}}"#,
      ]
    )
    #expect(errorCode(answers.first { $0["id"] == .null && errorCode($0) == -32700 }) == -32700)
    #expect(errorCode(answers.first { $0["id"] == 6 }) == -32602)
    #expect(answers.filter { errorCode($0) == -32600 }.count == 2, "the object id and the wrong version")
  }

  @Test func aBatchOfThemIsOneArray() async {
    let harness = await DispatcherImmediateTests.harness()
    let before = harness.output.bodies.count
    let batch =
      "["
      + [Self.quick("1", "a"), Self.quick(#""b""#, "b")].map { String(decoding: $0, as: UTF8.self) }
      .joined(separator: ",") + "]"
    harness.dispatcher.receive(contentsOf: [Array(batch.utf8), Self.quick("3", "c")])
    let messages = await harness.output.messages(count: before + 2)
    let texts = Array(harness.output.texts.dropFirst(before))
    #expect(messages.count == before + 2)
    #expect(
      texts.first
        == #"[{"jsonrpc":"2.0","id":1,"result":{"text":"a"}},{"jsonrpc":"2.0","id":"b","result":{"text":"b"}}]"#
    )
    #expect(texts.last == #"{"jsonrpc":"2.0","id":3,"result":{"text":"c"}}"#)
  }

  @Test func beforeInitializeNothingIsAnsweredAtOnce() async {
    let harness = Harness()
    harness.dispatcher.registerImmediate(QuickRequest.self) { EchoResult(text: $0.text) }
    harness.dispatcher.receive(contentsOf: [Self.quick("1", "a")])
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32002)
  }

  /// The handler found for a method is remembered between requests; registering the method again replaces it.
  @Test func aLaterRegistrationReplacesTheRememberedHandler() async {
    let harness = await DispatcherImmediateTests.harness()
    let before = harness.output.bodies.count
    harness.dispatcher.receive(contentsOf: [Self.quick("1", "a")])
    harness.dispatcher.registerImmediate(QuickRequest.self) { EchoResult(text: $0.text.uppercased()) }
    harness.dispatcher.receive(contentsOf: [Self.quick("2", "b")])
    harness.dispatcher.register(QuickRequest.self) { request, _ in EchoResult(text: request.text + "!") }
    harness.dispatcher.receive(contentsOf: [Self.quick("3", "c")])
    _ = await harness.output.messages(count: before + 3)
    #expect(
      Array(harness.output.texts.dropFirst(before)) == [
        #"{"jsonrpc":"2.0","id":1,"result":{"text":"a"}}"#, #"{"jsonrpc":"2.0","id":2,"result":{"text":"B"}}"#,
        #"{"jsonrpc":"2.0","id":3,"result":{"text":"c!"}}"#,
      ]
    )
  }
}
