import Testing

@testable import JSONRPC

/// A request that is answered on the receiving thread.
struct QuickRequest: RequestType {
  typealias Response = EchoResult
  static let method = "test/quick"
  var text: String
}

/// Immediate requests: answered before `receive` returns when nothing exclusive is pending, and in order behind
/// a write otherwise.
@Suite struct DispatcherImmediateTests {
  static func harness() async -> Harness {
    let harness = Harness()
    harness.dispatcher.registerImmediate(QuickRequest.self) { request in
      guard !request.text.isEmpty else {
        throw ResponseError(code: ErrorCode(rawValue: -32099), message: "empty")
      }
      return EchoResult(text: request.text)
    }
    await harness.initialize()
    return harness
  }

  @Test func isAnsweredBeforeReceiveReturns() async {
    let harness = await Self.harness()
    let before = harness.output.bodies.count
    harness.request("1", "test/quick", #"{"text":"hei"}"#)
    #expect(harness.output.bodies.count == before + 1)
    #expect(harness.output.responses.last?["result"]?["text"] == "hei")
  }

  @Test func badParamsAndThrownErrorsAreAnsweredAtOnceToo() async {
    let harness = await Self.harness()
    harness.request("1", "test/quick", #"{"text":5}"#)
    harness.request("2", "test/quick", #"{"text":""}"#)
    let responses = harness.output.responses
    #expect(errorCode(responses.first { $0["id"] == 1 }) == -32602)
    #expect(errorCode(responses.first { $0["id"] == 2 }) == -32099)
  }

  @Test func waitsBehindARunningWriteAndThenSeesIt() async {
    let harness = await Self.harness()
    harness.request("1", "test/write", #"{"value":7,"delayMilliseconds":100}"#)
    harness.request("2", "test/quick", #"{"text":"after"}"#)
    #expect(harness.output.responses.first { $0["id"] == 2 } == nil, "answered before the write finished")
    let messages = await harness.output.messages(count: 3)
    let ids = messages.compactMap { $0["id"]?.intValue }
    #expect(ids == [1, 2])
  }

  @Test func insideABatchTheAnswerJoinsTheBatchArray() async {
    let harness = await Self.harness()
    harness.receive(
      #"[{"jsonrpc":"2.0","id":1,"method":"test/quick","params":{"text":"a"}},"#
        + #"{"jsonrpc":"2.0","id":2,"method":"test/echo","params":{"text":"b"}}]"#
    )
    let messages = await harness.output.messages(count: 2)
    let batch = messages.last?.arrayValue ?? []
    #expect(Set(batch.compactMap { $0["id"]?.intValue }) == [1, 2])
  }
}
