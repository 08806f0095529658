import JSONRPC
import Testing

/// The README's session on the wire: `initialize`, `ping`, `shutdown`, `exit`, piped in one go.
extension EndToEnd {
  @Suite struct TranscriptTests {
    @Test func readmeTranscriptIsAnsweredWithOnlyWellFormedFrames() throws {
      let beacon = try BeaconProcess()
      var input: [UInt8] = []
      input += BeaconProcess.frame(
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"locale":"nb","processId":null}}"#
      )
      input += BeaconProcess.frame(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
      input += BeaconProcess.frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
      input += BeaconProcess.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
      beacon.send(input)

      #expect(try beacon.waitForExit() == .exited(0))
      try beacon.waitForOutputEnd()

      // The whole of stdout, strictly: nothing but `Content-Length: N\r\n\r\n{json}` frames.
      let messages = try Wire.contentLengthMessages(beacon.stdout.bytes)
      try #require(messages.count == 3, "expected exactly three answers, got \(messages)")
      #expect(messages.map { $0["id"] } == [1, 2, 3])
      #expect(messages.allSatisfy { $0["jsonrpc"] == "2.0" && !$0.has("error") })

      let initialize = try #require(messages[0]["result"])
      #expect(initialize["serverInfo"]?["name"] == "beacon")
      let version = try #require(initialize["serverInfo"]?["version"]?.stringValue)
      #expect(!version.isEmpty)
      let methods = initialize["capabilities"]?["methods"]?.arrayValue ?? []
      #expect(methods.contains("ping"))
      #expect(methods.contains("shutdown"))
      #expect(initialize["locale"] == "nb")

      // As in the README, byte for byte.
      let tail = beacon.stdout.text.split(separator: "\r\n\r\n").suffix(2).joined(separator: "|")
      #expect(
        tail == #"{"jsonrpc":"2.0","id":2,"result":{}}Content-Length: 38|{"jsonrpc":"2.0","id":3,"result":null}"#
      )
    }

    @Test func idsAreEchoedWhateverTheirType() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      let ids: [JSONValue] = ["a string id", 0, -5, .largeInteger("123456789012345678901234567890"), .null]
      var input: [UInt8] = []
      for id in ids {
        input += BeaconProcess.frame(BeaconProcess.requestBody("ping", id: id))
      }
      beacon.send(input)
      for id in ids {
        let answer = try beacon.response(id: id)
        #expect(answer["result"] == [:], "ping with id \(id) got \(answer)")
      }
      // The large id is echoed as the same digits, not rounded through a Double.
      #expect(beacon.stdout.text.contains(#""id":123456789012345678901234567890,"#))
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
