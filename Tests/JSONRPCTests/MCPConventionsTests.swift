import Testing

@testable import JSONRPC

/// The dispatcher under ``Dispatcher/Conventions/modelContextProtocol``: what MCP changes of the LSP rules.
@Suite struct MCPConventionsTests {
  static func harness() -> Harness {
    Harness(configuration: .init(conventions: .modelContextProtocol, requestsAllowedBeforeInitialize: ["test/echo"]))
  }

  @Test func aRequestBeforeInitializeIsAnInvalidRequestNotMCPsResourceNotFound() async {
    let harness = Self.harness()
    harness.request("1", "test/read")
    let response = await harness.output.response(1)
    #expect(errorCode(response) == -32600)
    #expect(errorKind(response) == "serverNotInitialized")
    harness.request("2", "test/echo", #"{"text":"early"}"#)
    #expect(await harness.output.response(2)?["result"]?["text"] == "early")
    harness.request("3", "server/discover")
    #expect(errorCode(await harness.output.response(3)) == -32601)
  }

  @Test func aCancelledRequestIsNeverAnswered() async throws {
    let harness = Self.harness()
    await harness.initialize()
    harness.request("7", "test/sleep")
    #expect(await eventually { harness.recorder.all.contains("sleep started") })
    harness.notification("notifications/cancelled", #"{"requestId":7,"reason":"user gave up"}"#)
    harness.request("8", "test/echo", #"{"text":"after"}"#)
    #expect(await harness.output.response(8)?["result"]?["text"] == "after")
    await harness.dispatcher.drain()
    #expect(harness.output.responses.filter { $0["id"] == 7 }.isEmpty, "\(harness.output.texts)")
  }

  @Test func lspCancellationMeansNothingUnderMCP() async {
    let harness = Self.harness()
    await harness.initialize()
    harness.request("5", "test/gate")
    harness.notification("$/cancelRequest", #"{"id":5}"#)
    harness.notification("notifications/cancelled", #"{"id":5}"#)
    await harness.gate.open()
    #expect(await harness.output.response(5)?["result"] == [:])
  }

  @Test func thereIsNoShutdownOrExit() async throws {
    let harness = Self.harness()
    await harness.initialize()
    harness.request("1", "shutdown")
    #expect(errorCode(await harness.output.response(1)) == -32601)
    harness.notification("exit")
    harness.request("2", "test/echo", #"{"text":"still here"}"#)
    #expect(await harness.output.response(2)?["result"]?["text"] == "still here")
    #expect(harness.output.exitCodes.isEmpty)
    #expect(!harness.dispatcher.requestMethods.contains("shutdown"))
  }

  @Test func aNullIDIsInvalid() async {
    let harness = Self.harness()
    await harness.initialize()
    harness.request("null", "test/echo", #"{"text":"x"}"#)
    let answers = await harness.output.messages(count: 2)
    let answer = answers.last
    #expect(answer?["id"] == .null)
    #expect(errorCode(answer) == -32600)
  }

  @Test func aSecondInitializeIsRefused() async {
    let harness = Self.harness()
    await harness.initialize()
    harness.request("2", "initialize")
    #expect(errorCode(await harness.output.response(2)) == -32600)
  }
}
