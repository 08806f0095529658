import BeaconSync
import Testing

@testable import JSONRPC

/// Errors and ids.
extension DispatcherTests {
  // MARK: Errors

  @Test func answersUnknownMethodsWithMethodNotFound() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/nothingHere")
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32601)
    #expect(errorKind(response) == "methodNotFound")
    #expect(response?["error"]?["data"]?["method"] == "test/nothingHere")
  }

  @Test(arguments: [
    (#"{"filter":{"ranges":[{"start":1,"end":2},{"start":"one","end":3}]}}"#, "filter.ranges[1].start"),
    (#"{"filter":{"ranges":[{"start":1,"end":2},{"start":3}]}}"#, "filter.ranges[1].end"),
    (#"{"filter":{"ranges":{"start":1}}}"#, "filter.ranges"),
    (#"{"filter":{"ranges":[{"start":1.5,"end":2}]}}"#, "filter.ranges[0].start"),
    // Valid JSON beyond a `Double`: the request is still answered with its id (it was a parse error, `id: null`).
    (#"{"filter":{"ranges":[{"start":1,"end":2},{"start":-1e400,"end":2}]}}"#, "filter.ranges[1].start"),
    (#"{"filter":{"ranges":[{"start":1,"end":1E+999}]}}"#, "filter.ranges[0].end"),
    (#"{}"#, "filter"),
  ])
  func answersInvalidParamsNamingTheField(params: String, field: String) async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/nested", params)
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32602)
    #expect(errorKind(response) == "invalidParams")
    #expect(response?["error"]?["data"]?["field"] == .string(field))
  }

  @Test func acceptsParamsWhoseIntegersAreWrittenAsWholeDoubles() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/nested", #"{"filter":{"ranges":[{"start":1.0,"end":2e0}]}}"#)
    #expect(await harness.output.response(1)?["result"] == [:])
  }

  @Test func answersByPositionParamsWithInvalidParams() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/echo", #"["text"]"#)
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32602)
    #expect(response?["error"]?["data"]?["field"] == nil)
  }

  @Test func passesAResponseErrorThrownByAHandlerThrough() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/fail")
    let response = await harness.output.response(1)
    #expect(response?["error"] == ["code": -32099, "message": "Custom failure", "data": ["kind": "custom"]])
  }

  @Test func hidesOtherHandlerErrorsBehindInternalError() async {
    let harness = Harness()
    await harness.initialize()
    harness.request("1", "test/crash")
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32603)
    #expect(errorKind(response) == "internalError")
    #expect(response?["error"]?["message"] == "Internal error")
    #expect(!harness.output.texts.contains { $0.contains("SECRET") || $0.contains("hunter2") })
  }

  @Test func aNotificationWhoseHandlerThrowsProducesNoOutput() async {
    let harness = Harness()
    await harness.initialize()
    harness.notification("test/failingNotification")
    await harness.dispatcher.drain()
    #expect(await eventually { harness.recorder.all == ["failing notification ran"] })
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 1)
  }

  @Test func unknownNotificationsProduceNoOutput() async {
    let harness = Harness()
    await harness.initialize()
    harness.notification("test/unknownNotification", #"{"a":1}"#)
    harness.notification("$/setTrace", #"{"value":"off"}"#)
    harness.request("2", "test/echo", #"{"text":"after"}"#)
    _ = await harness.output.response(2)
    await harness.dispatcher.drain()
    #expect(harness.output.bodies.count == 2)
  }

  @Test func answersAParseErrorWithANullID() async {
    let harness = Harness()
    harness.receive(#"{"jsonrpc":"2.0","id":1,"method":"#)
    let messages = await harness.output.messages(count: 1)
    #expect(messages.count == 1)
    #expect(messages.first?["id"] == .null)
    #expect(errorCode(messages.first) == -32700)
    #expect(errorKind(messages.first) == "parseError")
  }

  @Test func answersJSONNestedBeyondTheLimitWithAParseError() async {
    let harness = Harness(configuration: .init(maxJSONDepth: 4))
    harness.receive(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[[[1]]]}}"#)
    let messages = await harness.output.messages(count: 1)
    #expect(errorCode(messages.first) == -32700)
    #expect(messages.first?["id"] == .null)
  }

  @Test func answersAFramingErrorWithANullID() async {
    let harness = Harness()
    harness.dispatcher.receive(FramingError.duplicateContentLength)
    let messages = await harness.output.messages(count: 1)
    #expect(messages.first?["id"] == .null)
    #expect(errorCode(messages.first) == -32700)
    #expect(messages.first?["error"]?["data"]?["reason"] == "duplicateContentLength")
  }

  @Test func answersAnInvalidRequestWithItsIDWhenItCanBeRead() async {
    let harness = Harness()
    await harness.initialize()
    harness.receive(#"{"id":"no-version","method":"test/echo"}"#)
    harness.receive(#"{"jsonrpc":"2.0","id":true,"method":"test/echo"}"#)
    let versionless = await harness.output.response("no-version")
    #expect(errorCode(versionless) == -32600)
    #expect(await eventually { harness.output.responses.contains { $0["id"] == .null } })
    let badID = harness.output.responses.first { $0["id"] == .null }
    #expect(errorCode(badID) == -32600)
  }

  // MARK: IDs

  @Test(arguments: [
    #""abc""#, #""""#, #""ünï ✓""#, "42", "-1", "0", "null",
    "123456789012345678901234567890", "-98765432109876543210",
  ])
  func echoesTheIDExactly(idText: String) async throws {
    let harness = Harness()
    await harness.initialize()
    harness.request(idText, "test/echo", #"{"text":"x"}"#)
    let id = try JSONParser.parse(Array(idText.utf8))
    let response = await harness.output.response(id)
    #expect(response?["result"] == ["text": "x"])
    #expect(harness.output.texts.contains { $0.hasPrefix(#"{"jsonrpc":"2.0","id":"# + idText + ",") })
  }

  @Test func echoesTheIDOfAnErrorExactly() async {
    let harness = Harness()
    harness.request("123456789012345678901234567890", "test/echo", #"{"text":"x"}"#)
    let response = await harness.output.response(.largeInteger("123456789012345678901234567890"))
    #expect(errorCode(response) == -32002)
    #expect(harness.output.texts.first?.contains(#""id":123456789012345678901234567890,"#) == true)
  }
}
