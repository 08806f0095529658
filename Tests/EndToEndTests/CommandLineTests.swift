import JSONRPC
import Testing

/// `beacon`'s command line: help, version, one-shot calls and usage errors.
extension EndToEnd {
  @Suite struct CommandLineTests {
    @Test func versionPrintsTheVersionTheServerReports() throws {
      let result = try BeaconProcess.run(["--version"])
      #expect(result.termination == .exited(0))
      let beacon = try BeaconProcess()
      let version = try #require(try beacon.initialize()["serverInfo"]?["version"]?.stringValue)
      #expect(result.stdout.hasPrefix("beacon \(version)"), "stdout: \(result.stdout)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func helpPrintsUsage() throws {
      let result = try BeaconProcess.run(["--help"])
      #expect(result.termination == .exited(0))
      #expect(result.stdout.contains("beacon serve"))
      #expect(result.stdout.contains("beacon call"))
    }

    @Test func callPingPrintsAnEmptyObject() throws {
      let result = try BeaconProcess.run(["call", "ping"])
      #expect(result.termination == .exited(0))
      #expect(result.stdout == "{}\n")
    }

    @Test func callOfAnUnknownMethodFailsWithALocalizedMessageOnStderr() throws {
      let result = try BeaconProcess.run(["call", "nope/x"])
      #expect(result.termination == .exited(1))
      #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
      #expect(result.stderr.contains("Ukjent metode 'nope/x'"), "stderr: \(result.stderr)")

      let english = try BeaconProcess.run(["call", "nope/x", "--locale", "en"])
      #expect(english.termination == .exited(1))
      #expect(english.stderr.contains("Unknown method 'nope/x'"), "stderr: \(english.stderr)")
    }

    @Test func callWithParamsThatAreNotJSONExitsWith64() throws {
      let result = try BeaconProcess.run(["call", "ping", "{bad"])
      #expect(result.termination == .exited(64))
      #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
      #expect(!result.stderr.isEmpty)
    }

    @Test func unknownOptionExitsWith64() throws {
      let result = try BeaconProcess.run(["--bogus"])
      #expect(result.termination == .exited(64))
      #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
      #expect(result.stderr.contains("--bogus"), "stderr: \(result.stderr)")
    }

    @Test func stdioFlagServesLikeServe() throws {
      let beacon = try BeaconProcess(arguments: ["--stdio"])
      let result = try beacon.initialize()
      #expect(result["serverInfo"]?["name"] == "beacon")
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(try Wire.contentLengthMessages(beacon.stdout.bytes).count == 3)
    }
  }
}
