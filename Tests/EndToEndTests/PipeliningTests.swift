import JSONRPC
import Testing

/// Many requests written in one go while the client drains stdout slowly: no deadlock, no loss.
extension EndToEnd {
  @Suite struct PipeliningTests {
    @Test func thousandPipelinedPingsAreEachAnsweredOnce() throws {
      // The first 40 reads of stdout take 512 bytes each and pause 20 ms: a slow client.
      let beacon = try BeaconProcess(slowReads: 40)
      let count = 1_000
      var input = BeaconProcess.frame(BeaconProcess.requestBody("initialize", id: "init", params: [:]))
      for id in 1...count {
        input += BeaconProcess.frame(BeaconProcess.requestBody("ping", id: .int(id)))
      }
      // One write of ~80 KB (more than a pipe holds) from the harness's background writer thread.
      beacon.send(input)

      let answered = beacon.stdout.wait(timeout: 60) { messages, _ -> Int? in
        let pings = messages.filter { ($0["id"]?.intValue).map { (1...count).contains($0) } ?? false }
        return pings.count >= count ? pings.count : nil
      }
      if answered == nil {
        let got = beacon.messages.filter { $0["id"]?.intValue != nil }.count
        Issue.record("only \(got) of \(count) pings answered before the deadline")
      }
      #expect(try beacon.shutdownAndExit(timeout: 30) == .exited(0))
      try beacon.waitForOutputEnd()

      let messages = try Wire.contentLengthMessages(beacon.stdout.bytes)
      let ids = messages.compactMap { $0["id"]?.intValue }
      #expect(ids.count == count, "expected \(count) integer ids, got \(ids.count)")
      #expect(Set(ids) == Set(1...count), "every id exactly once")
      #expect(messages.filter { $0["id"]?.intValue != nil }.allSatisfy { $0["result"] == [:] })
      #expect(beacon.input.writeFailure == nil)
    }
  }
}
