import JSONRPC
import Testing

/// JSON-RPC batches: one array back, without the notifications' (absent) answers.
extension EndToEnd {
  @Suite struct BatchTests {
    @Test func mixedBatchGetsOneArrayWithAnAnswerPerRequest() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed(
        """
        [{"jsonrpc":"2.0","id":1,"method":"ping"},\
        {"jsonrpc":"2.0","method":"some/notification","params":{}},\
        {"jsonrpc":"2.0","id":2,"method":"nope/x"}]
        """
      )
      let answer = try beacon.waitForMessage("a batch answer") { $0.arrayValue != nil }
      let elements = try #require(answer.arrayValue)
      #expect(elements.count == 2, "\(elements)")
      let ping = try #require(elements.first { $0["id"] == 1 })
      #expect(ping["result"] == [:])
      let unknown = try #require(elements.first { $0["id"] == 2 })
      #expect(unknown.errorCode == -32601)
      #expect(unknown.errorKind == "methodNotFound")

      beacon.request("ping", id: 3)
      try beacon.response(id: 3)
      #expect(beacon.messages.count == 3, "one batch answer, not one message per element: \(beacon.messages)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func emptyBatchGetsOneInvalidRequestObject() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed("[]")
      let answer = try beacon.waitForMessage("an answer to []") { $0["id"] != "init" }
      #expect(answer.arrayValue == nil, "an empty batch is answered with a single object, not an array")
      #expect(answer["id"] == .null)
      #expect(answer.errorCode == -32600)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func batchOfNotificationsGetsNothing() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed(#"[{"jsonrpc":"2.0","method":"a/b"},{"jsonrpc":"2.0","method":"$/c","params":{"x":1}}]"#)
      beacon.request("ping", id: 9)
      #expect(try beacon.response(id: 9)["result"] == [:])
      #expect(beacon.messages.count == 2, "only initialize and ping should be answered: \(beacon.messages)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func batchOfInvalidElementsGetsAnErrorPerElement() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed(#"[1,{"jsonrpc":"1.0","id":4,"method":"ping"}]"#)
      let answer = try beacon.waitForMessage("a batch answer") { $0.arrayValue != nil }
      let elements = try #require(answer.arrayValue)
      #expect(elements.count == 2)
      #expect(elements.allSatisfy { $0.errorCode == -32600 }, "\(elements)")
      #expect(elements.contains { $0["id"] == 4 } && elements.contains { $0["id"] == .null })
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
