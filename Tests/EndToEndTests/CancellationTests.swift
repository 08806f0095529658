import JSONRPC
import Testing

/// `$/cancelRequest` on the real binary: a cancelled request answers exactly once, with `-32800`.
extension EndToEnd {
  @Suite struct CancellationTests {
    @Test func cancelledRequestAnswersOnceWithRequestCancelled() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/sleep", id: 7, params: ["milliseconds": 20_000])
      beacon.notify("$/cancelRequest", params: ["id": 7])

      // Without cancellation the answer would come after 20 s, past the deadline.
      let answer = try beacon.response(id: 7)
      #expect(answer.errorCode == -32800)
      #expect(answer.errorKind == "requestCancelled")

      beacon.request("ping", id: 8)
      #expect(try beacon.response(id: 8)["result"] == [:])
      #expect(beacon.responses(id: 7).count == 1, "\(beacon.responses(id: 7))")
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(beacon.responses(id: 7).count == 1, "\(beacon.responses(id: 7))")
    }

    @Test func cancellingAStringIDCancelsThatRequest() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/sleep", id: "slow", params: ["milliseconds": 20_000])
      beacon.request("test/sleep", id: 7, params: ["milliseconds": 100])
      beacon.notify("$/cancelRequest", params: ["id": "slow"])

      #expect(try beacon.response(id: "slow").errorCode == -32800)
      // Only the named request is cancelled; the other finishes normally.
      #expect(try beacon.response(id: 7)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func cancelOfAnUnknownIDIsIgnored() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.notify("$/cancelRequest", params: ["id": 12_345])
      beacon.notify("$/cancelRequest", params: ["id": "never-sent"])
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(beacon.messages.count == 2, "only initialize and ping should be answered: \(beacon.messages)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func cancelAfterTheAnswerChangesNothing() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("ping", id: 3)
      #expect(try beacon.response(id: 3)["result"] == [:])
      beacon.notify("$/cancelRequest", params: ["id": 3])
      beacon.request("ping", id: 4)
      #expect(try beacon.response(id: 4)["result"] == [:])
      #expect(beacon.responses(id: 3).count == 1)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
