import JSONRPC
import Testing

/// The LSP lifecycle on the real binary: what is refused when, and the exit code each ending gives.
extension EndToEnd {
  @Suite struct LifecycleTests {
    @Test func requestBeforeInitializeIsRefusedWithServerNotInitialized() throws {
      let beacon = try BeaconProcess()
      beacon.request("ping", id: 1)
      let answer = try beacon.response(id: 1)
      #expect(answer.errorCode == -32002)
      #expect(answer.errorKind == "serverNotInitialized")
      // The refusal does not poison the session: initialize still works afterwards.
      try beacon.initialize()
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func secondInitializeIsAnInvalidRequest() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("initialize", id: 2, params: [:])
      let answer = try beacon.response(id: 2)
      #expect(answer.errorCode == -32600)
      #expect(answer.errorKind == "alreadyInitialized")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func requestAfterShutdownIsAnInvalidRequest() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("shutdown", id: 1)
      #expect(try beacon.response(id: 1)["result"] == .null)
      beacon.request("ping", id: 2)
      let answer = try beacon.response(id: 2)
      #expect(answer.errorCode == -32600)
      #expect(answer.errorKind == "shuttingDown")
      beacon.notify("exit")
      #expect(try beacon.waitForExit() == .exited(0))
    }

    @Test func exitWithoutShutdownExitsWithOne() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.notify("exit")
      #expect(try beacon.waitForExit() == .exited(1))
    }

    @Test func exitBeforeInitializeExitsWithOne() throws {
      let beacon = try BeaconProcess()
      beacon.notify("exit")
      #expect(try beacon.waitForExit() == .exited(1))
    }

    @Test func exitAfterShutdownExitsWithZero() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()
      let messages = try Wire.contentLengthMessages(beacon.stdout.bytes)
      #expect(messages.map { $0["id"] } == ["init", "shutdown"])
    }

    @Test func endOfInputWithoutShutdownExitsWithOne() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
    }

    @Test func endOfInputBeforeAnyMessageExitsWithOne() throws {
      let result = try BeaconProcess.run(["serve"])
      #expect(result.termination == .exited(1))
      #expect(result.stdout.isEmpty)
    }

    @Test func endOfInputAfterShutdownExitsWithZero() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("shutdown", id: 1)
      #expect(try beacon.response(id: 1)["result"] == .null)
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
    }

    @Test func endOfInputLetsInFlightRequestsAnswerFirst() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/sleep", id: 1, params: ["milliseconds": 300])
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
      try beacon.waitForOutputEnd()
      #expect(beacon.responses(id: 1).first?["result"] == [:], "\(beacon.messages)")
    }
  }
}
