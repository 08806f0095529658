import JSONRPC
import Testing

/// A stream that starts with `{` is newline-delimited JSON, and Beacon answers in kind.
extension EndToEnd {
  @Suite struct NewlineDelimitedTests {
    @Test func newlineDelimitedInputIsDetectedAndAnsweredInKind() throws {
      let beacon = try BeaconProcess()
      beacon.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"# + "\n")
      let answer = try beacon.response(id: 1)
      #expect(answer["result"]?["serverInfo"]?["name"] == "beacon")

      let firstAnswer = beacon.stdout.bytes
      #expect(firstAnswer.first == UInt8(ascii: "{"))
      #expect(firstAnswer.last == 0x0A)
      #expect(firstAnswer.filter { $0 == 0x0A }.count == 1, "one line: \(excerpt(firstAnswer))")
      #expect(!beacon.stdout.text.contains("Content-Length"))

      beacon.send(
        #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\r\n\n"
          + #"[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","method":"x/y"}]"# + "\n"
          + #"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"# + "\n" + #"{"jsonrpc":"2.0","method":"exit"}"# + "\n"
      )
      #expect(try beacon.waitForExit() == .exited(0))
      try beacon.waitForOutputEnd()

      let messages = try Wire.newlineDelimitedMessages(beacon.stdout.bytes)
      #expect(messages.count == 4, "\(messages)")
      #expect(messages.first?["id"] == 1)
      #expect(messages.contains { $0["id"] == 2 && $0["result"] == [:] })
      #expect(messages.contains { $0.arrayValue?.first?["id"] == 3 })
      #expect(messages.last?["id"] == 4)
      #expect(!beacon.stdout.text.contains("Content-Length"))
    }

    @Test func finalLineWithoutNewlineIsStillAnswered() throws {
      let result = try BeaconProcess.run(
        ["serve"],
        stdin: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)
      )
      #expect(result.termination == .exited(1))
      let messages = try Wire.newlineDelimitedMessages(Array(result.stdout.utf8))
      #expect(messages.count == 1)
      #expect(messages.first?.errorCode == -32002, "ping before initialize: \(messages)")
    }

    @Test func notJSONLineIsAParseErrorAndTheNextLineWorks() throws {
      let beacon = try BeaconProcess()
      beacon.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"# + "\n")
      try beacon.response(id: 1)
      beacon.send("{this is not json\n" + #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
      let error = try beacon.waitForMessage("a parse error") { $0["id"] == .null }
      #expect(error.errorCode == -32700)
      #expect(try beacon.response(id: 2)["result"] == [:])
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
    }
  }
}
