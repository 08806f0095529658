import Foundation
import JSONRPC
import Testing

/// Endings that do not come from the protocol: signals and the death of the client process.
extension EndToEnd {
  @Suite struct ProcessLifetimeTests {
    @Test func sigtermWhileIdleExitsCleanly() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      #expect(kill(beacon.pid, SIGTERM) == 0)
      #expect(try beacon.waitForExit() == .exited(0))
    }

    @Test func sigtermCancelsInFlightRequestsWhichStillAnswer() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/sleep", id: 1, params: ["milliseconds": 20_000, "workDoneToken": "t"])
      try beacon.waitForMessage("the sleep's progress begin") { $0["method"] == "$/progress" }
      #expect(kill(beacon.pid, SIGTERM) == 0)
      #expect(try beacon.waitForExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(beacon.responses(id: 1).map(\.errorCode) == [-32800], "\(beacon.messages)")
    }

    @Test func sigintExitsWith130() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      #expect(kill(beacon.pid, SIGINT) == 0)
      #expect(try beacon.waitForExit() == .exited(130))
    }

    @Test func deadClientProcessEndsTheServer() throws {
      let client = Process()
      let truePath = FileManager.default.fileExists(atPath: "/bin/true") ? "/bin/true" : "/usr/bin/true"
      client.executableURL = URL(fileURLWithPath: truePath)
      try client.run()
      client.waitUntilExit()
      let deadPID = client.processIdentifier
      #expect(kill(deadPID, 0) != 0, "the client process should be gone")

      let beacon = try BeaconProcess()
      beacon.request("initialize", id: 1, params: ["processId": .int(Int(deadPID))])
      // stdin stays open: the server must notice on its own.
      #expect(try beacon.waitForExit() == .exited(1))
    }

    @Test func liveClientProcessKeepsTheServerRunning() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize(["processId": .int(Int(getpid()))])
      // The monitor checks once a second; give it two checks.
      Thread.sleep(forTimeInterval: 2.2)
      #expect(beacon.process.isRunning)
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func aProcessIdOfZeroIsIgnoredNotTakenForADeadClient() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize(["processId": 0])
      Thread.sleep(forTimeInterval: 1.5)  // Past the first checks a watcher would have made.
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
