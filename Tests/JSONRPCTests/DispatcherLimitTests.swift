import Testing

@testable import JSONRPC

/// ``Dispatcher/Configuration/maxInFlight``: requests past the limit are refused at once, never queued.
@Suite struct DispatcherLimitTests {
  @Test func refusesARequestBeyondTheInFlightLimitAndAcceptsAgainOnceOneHasFinished() async {
    let harness = Harness(configuration: .init(maxInFlight: 2))
    await harness.initialize()
    await harness.dispatcher.drain()
    harness.request("1", "test/gate")
    harness.request("2", "test/gate")
    harness.request("3", "test/echo", #"{"text":"past the limit"}"#)
    let refused = await harness.output.response(3)
    #expect(errorCode(refused) == -32000)
    #expect(errorKind(refused) == "serverOverloaded")
    #expect(refused?["error"]?["data"]?["limit"] == 2)
    // The two gated requests are still waiting: the refusal did not wait for them.
    #expect(harness.output.responses.count { $0["id"] == 1 || $0["id"] == 2 } == 0)
    await harness.gate.open()
    await harness.dispatcher.drain()
    #expect(harness.output.responses.count { $0["id"] == 1 || $0["id"] == 2 } == 2)
    harness.request("4", "test/echo", #"{"text":"room again"}"#)
    let accepted = await harness.output.response(4)
    #expect(accepted?["result"]?["text"] == "room again")
    #expect(harness.output.responses.count { $0["id"] == 3 } == 1)
  }

  @Test func aRefusedRequestInABatchIsAnsweredInsideTheBatch() async {
    let harness = Harness(configuration: .init(maxInFlight: 1))
    await harness.initialize()
    await harness.dispatcher.drain()
    let gated = #"{"jsonrpc":"2.0","id":1,"method":"test/gate"}"#
    let echo = #"{"jsonrpc":"2.0","id":2,"method":"test/echo","params":{"text":"x"}}"#
    harness.receive("[\(gated),\(echo)]")
    await harness.gate.open()
    let messages = await harness.output.messages(count: 2)
    let batch = messages.last?.arrayValue ?? []
    #expect(batch.count == 2)
    #expect(batch.contains { errorKind($0) == "serverOverloaded" && $0["id"] == 2 })
    #expect(batch.contains { $0["id"] == 1 && $0["result"] != nil })
  }
}
