import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// The limits of `Documentation/Reliability.md` on the real binary.
extension EndToEnd {
  @Suite struct ResourceLimitTests {
    static let demoPlace: JSONValue = "osm:node/317766538"

    @Test func requestsBeyondTheInFlightLimitAreRefusedInNorwegianAndAcceptedAgainLater() throws {
      let beacon = try BeaconProcess(environment: ["BEACON_MAX_IN_FLIGHT": "2", "BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.request("places/search", id: 0, params: ["category": "cafe", "limit": 5])  // loads the demo places
      #expect(try beacon.response(id: 0)["result"] != nil)
      beacon.request("test/sleep", id: 1, params: ["milliseconds": 20_000])
      beacon.request("test/sleep", id: 2, params: ["milliseconds": 20_000])
      beacon.request("places/details", id: 3, params: ["id": Self.demoPlace])
      let refused = try beacon.response(id: 3)
      #expect(refused["error"]?["code"] == -32000)
      #expect(refused["error"]?["data"]?["kind"] == "serverOverloaded")
      #expect(refused["error"]?["data"]?["limit"] == 2)
      #expect(refused["error"]?["message"]?.stringValue?.hasPrefix("Serveren har allerede 2 forespørsler") == true)
      beacon.notify("$/cancelRequest", params: ["id": 1])
      beacon.notify("$/cancelRequest", params: ["id": 2])
      #expect(try beacon.response(id: 1)["error"]?["code"] == -32800)
      #expect(try beacon.response(id: 2)["error"]?["code"] == -32800)
      // The cancelled tasks leave the count just after answering; a retry may need a moment.
      var accepted: JSONValue?
      for attempt in 10..<60 where accepted == nil {
        beacon.request("places/details", id: .int(attempt), params: ["id": Self.demoPlace])
        let answer = try beacon.response(id: .int(attempt))
        if answer["result"] != nil { accepted = answer }
      }
      #expect(accepted?["result"]?["place"]?["id"] == Self.demoPlace)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/io"), "reads /proc/<pid>/io"))
    func aClientThatStopsReadingItsAnswersIsNoLongerReadUntilItDoes() throws {
      let beacon = try BeaconProcess(environment: ["BEACON_MAX_OUTPUT_QUEUE": "65536", "BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.pauseReadingStandardOutput()
      // 30 000 pings are 1.9 MB of requests and 1.3 MB of answers; the client sends them all and reads nothing.
      let count = 30_000
      var bytes: [UInt8] = []
      for id in 1...count { bytes += BeaconProcess.frame(BeaconProcess.requestBody("ping", id: .int(id))) }
      let readBefore = try Self.bytesRead(by: beacon.pid)
      beacon.send(bytes)
      // Wait until the server stops reading stdin (its read count holds still for 300 ms), at most 20 s.
      var last = -1
      var still = 0
      let deadline = Date(timeIntervalSinceNow: 20)
      while still < 3, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
        let now = try Self.bytesRead(by: beacon.pid)
        still = now == last ? still + 1 : 0
        last = now
      }
      // It stopped once the 64 KiB output queue, one 64 KiB read's answers and the pipe's 64 KiB were full: a
      // few hundred KB of the requests. Without back-pressure it would have read all 1.9 MB and queued 1.3 MB.
      let consumed = last - readBefore
      #expect(consumed < 640 << 10, "\(consumed) bytes of requests read while nobody read an answer")
      beacon.resumeReadingStandardOutput()
      #expect(try beacon.response(id: .int(count), timeout: 60)["result"] == [:])
      #expect(beacon.messageObjects.count { $0["result"] == [:] && $0["id"]?.intValue != nil } == count)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theProtocolLimitsAreSetFromTheEnvironment() throws {
      let beacon = try BeaconProcess(
        environment: ["BEACON_MAX_MESSAGE_BYTES": "200", "BEACON_MAX_BATCH": "2", "BEACON_MAX_JSON_DEPTH": "4"]
      )
      try beacon.initialize()
      // 200 bytes: a ping padded to 300 is skipped unread and answered -32700; the next one goes through.
      let padded =
        #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"\#(String(repeating: "x", count: 240))"}}"#
      beacon.sendFramed(padded)
      let tooLarge = try beacon.framingError()
      #expect(tooLarge["error"]?["data"]?["reason"] == "messageTooLarge")
      #expect(beacon.responses(id: 1).isEmpty)
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      // A batch of 3 is one invalid request; a batch of 2 is answered.
      let ping = { (id: Int) in #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"# }
      beacon.sendFramed("[\(ping(3)),\(ping(4)),\(ping(5))]")
      beacon.sendFramed("[\(ping(6)),\(ping(7))]")
      let batch = try beacon.waitForMessage("the batch of two's answer") { $0.arrayValue?.count == 2 }
      #expect(batch.arrayValue?.map { $0["id"] } == [6, 7])
      let refused = beacon.messageObjects.first { $0["id"] == .null && $0["error"]?["code"] == -32600 }
      #expect(refused?["error"]?["data"]?["detail"] == "A batch may hold at most 2 messages", "\(beacon.messages)")
      #expect([3, 4, 5].allSatisfy { beacon.responses(id: .int($0)).isEmpty })
      // Depth 4: params nested 5 deep are a parse error; 3 deep are fine.
      beacon.sendFramed(#"{"jsonrpc":"2.0","id":8,"method":"ping","params":{"a":{"b":{"c":{"d":1}}}}}"#)
      beacon.sendFramed(#"{"jsonrpc":"2.0","id":9,"method":"ping","params":{"a":{"b":1}}}"#)
      #expect(try beacon.response(id: 9)["result"] == [:])
      #expect(beacon.messageObjects.contains { $0["id"] == .null && $0["error"]?["code"] == -32700 })
      #expect(beacon.responses(id: 8).isEmpty)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func theUpstreamBodyLimitIsSetFromTheEnvironment() throws {
      let server = try LoopbackHTTPServer()
      server.handler = GeoapifyFixtures.respond(to:)
      let center: JSONValue = ["lat": 59.9139, "lon": 10.7522]
      let search: JSONValue = ["category": "cafe", "center": center]
      let small = try PlacesEndToEndTests.start(server, environment: ["BEACON_MAX_UPSTREAM_BYTES": "100"])
      small.request("places/search", id: 1, params: search)
      let refused = try small.response(id: 1)
      #expect(refused["error"]?["code"] == -33024, "\(refused)")
      #expect(refused["error"]?["data"]?["reason"]?.stringValue?.contains("larger than 100 bytes") == true)
      #expect(try small.shutdownAndExit() == .exited(0))
      let roomy = try PlacesEndToEndTests.start(server)
      roomy.request("places/search", id: 1, params: search)
      #expect(try roomy.response(id: 1)["result"]?["places"]?.arrayValue?.isEmpty == false)
      #expect(try roomy.shutdownAndExit() == .exited(0))
    }

    /// The bytes `pid` has read so far (`rchar` in `/proc/<pid>/io`): stdin, and the store when it opens.
    static func bytesRead(by pid: Int32) throws -> Int {
      let text = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
      let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
      return line.flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) } ?? -1
    }

    @Test func aClientThatNeverReadsStderrStillGetsEveryAnswer() throws {
      // Every body below is logged (a warning each, about 100 bytes); 5 000 of them are far more than the
      // 64 KiB a pipe buffers plus a log queue of 50 lines, so without the queue the reader thread would
      // block in write(2) on stderr and stop answering.
      let beacon = try BeaconProcess(
        environment: ["BEACON_LOG": "debug", "BEACON_LOG_QUEUE": "50", "BEACON_OFFLINE": "1"],
        readsStandardError: false
      )
      try beacon.initialize()
      let count = 5_000
      var bytes: [UInt8] = []
      for index in 0..<count {
        bytes += BeaconProcess.frame("not json \(index) " + String(repeating: "·", count: 40))
      }
      beacon.send(bytes)
      beacon.request("places/search", id: "after", params: ["category": "cafe", "limit": 5])
      let search = try beacon.response(id: "after", timeout: 60)
      #expect(search["result"]?["places"]?.arrayValue?.count == 5)
      let parseErrors = beacon.messageObjects.count { $0["id"] == .null && $0["error"]?["code"] == -32700 }
      #expect(parseErrors == count)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
