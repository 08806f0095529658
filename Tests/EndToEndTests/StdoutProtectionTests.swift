import Foundation
import JSONRPC
import Testing

/// stdout is the wire: whatever a handler prints goes to stderr instead.
extension EndToEnd {
  @Suite struct StdoutProtectionTests {
    @Test func textPrintedByAHandlerNeverReachesTheWire() throws {
      let marker = "GARBAGE-\(UUID().uuidString)"
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/print", id: 1, params: ["text": .string(marker)])
      #expect(try beacon.response(id: 1)["result"] == [:])
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()

      let messages = try Wire.contentLengthMessages(beacon.stdout.bytes)
      #expect(messages.map { $0["id"] } == ["init", 1, 2, "shutdown"])
      #expect(!beacon.stdout.text.contains("GARBAGE"))
      #expect(beacon.stderr.text.contains(marker), "stderr: \(beacon.stderr.text)")
    }
  }
}
