import JSONRPC
import Testing

/// Ids with a fraction or exponent on the real binary: accepted, and echoed exactly as sent (the same bytes),
/// alone, in a batch, and named by `$/cancelRequest`.
extension EndToEnd {
  @Suite struct NumberIDTests {
    static let ids = ["1.5", "1e3", "-0", "1.0", "-2.50E+01"]

    @Test func anIDWithAFractionOrExponentIsEchoedByteForByte() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      for id in Self.ids {
        beacon.sendFramed(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
      }
      beacon.request("ping", id: "last")
      try beacon.response(id: "last")
      // Requests run side by side, so their answers may come in any order: wait for every answer (and
      // `initialize`'s), not only for the last one sent.
      _ = beacon.stdout.wait(timeout: BeaconProcess.defaultTimeout) { messages, _ in
        messages.count { $0["result"] != nil } >= Self.ids.count + 2 ? true : nil
      }
      let text = beacon.stdout.text
      for id in Self.ids {
        #expect(text.contains(#"{"jsonrpc":"2.0","id":\#(id),"result":{}}"#), "id \(id): \(text)")
      }
      #expect(!beacon.messages.contains { $0.errorCode != nil }, "\(beacon.messages)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func aBatchEchoesEachNumberIDExactly() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed(#"[{"jsonrpc":"2.0","id":2.5,"method":"ping"},{"jsonrpc":"2.0","id":3E0,"method":"nope/x"}]"#)
      let batch = try beacon.waitForMessage("the batch's answer") { $0.arrayValue?.count == 2 }
      let elements = batch.arrayValue ?? []
      #expect(elements.contains { $0["id"] == 2.5 && $0["result"] == [:] }, "\(batch)")
      #expect(elements.contains { $0["id"] == 3.0 && $0.errorCode == -32601 }, "\(batch)")
      let text = beacon.stdout.text
      #expect(text.contains(#"{"jsonrpc":"2.0","id":2.5,"result":{}}"#), "\(text)")
      #expect(text.contains(#""id":3E0,"#), "\(text)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func cancellingANumberIDCancelsThatRequest() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed(#"{"jsonrpc":"2.0","id":7.25,"method":"test/sleep","params":{"milliseconds":20000}}"#)
      beacon.sendFramed(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7.25}}"#)
      // Without cancellation the answer would come after 20 s, past the deadline.
      let answer = try beacon.response(id: 7.25)
      #expect(answer.errorCode == -32800)
      #expect(beacon.stdout.text.contains(#""id":7.25,"#), "\(beacon.stdout.text)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
