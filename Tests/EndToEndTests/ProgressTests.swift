import JSONRPC
import Testing

/// `$/progress` for requests that carry a `workDoneToken`.
extension EndToEnd {
  @Suite struct ProgressTests {
    @Test func workDoneTokenGetsBeginReportEndBeforeTheResult() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/sleep", id: 5, params: ["milliseconds": 200, "workDoneToken": "tok"])
      #expect(try beacon.response(id: 5)["result"] == [:])

      let messages = beacon.messages
      let resultIndex = try #require(messages.firstIndex { BeaconProcess.isResponse($0, id: 5) })
      let progress = messages.filter { $0["method"] == "$/progress" }
      #expect(!progress.isEmpty)
      #expect(progress.allSatisfy { $0["params"]?["token"] == "tok" && !$0.has("id") })
      let kinds = progress.compactMap { $0["params"]?["value"]?["kind"]?.stringValue }
      #expect(kinds.first == "begin")
      #expect(kinds.last == "end")
      #expect(kinds.dropFirst().dropLast().allSatisfy { $0 == "report" }, "\(kinds)")
      #expect(kinds.filter { $0 == "begin" }.count == 1 && kinds.filter { $0 == "end" }.count == 1)
      let lastProgressIndex = try #require(messages.lastIndex { $0["method"] == "$/progress" })
      #expect(lastProgressIndex < resultIndex, "all progress must come before the result")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func integerTokenIsEchoedAndNoTokenMeansNoProgress() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("test/sleep", id: 1, params: ["milliseconds": 40])
      #expect(try beacon.response(id: 1)["result"] == [:])
      #expect(!beacon.messages.contains { $0["method"] == "$/progress" })

      beacon.request("test/sleep", id: 2, params: ["milliseconds": 40, "workDoneToken": 42])
      #expect(try beacon.response(id: 2)["result"] == [:])
      let tokens = beacon.messages.filter { $0["method"] == "$/progress" }.map { $0["params"]?["token"] }
      #expect(!tokens.isEmpty && tokens.allSatisfy { $0 == 42 }, "\(tokens)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
