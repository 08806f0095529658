import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// Pipelined `rating/add` through the binary: written in one go, committed in groups, each answered once and in
/// order with the summary right after it, and all still there after a restart.
extension EndToEnd {
  @Suite struct GroupCommitTests {
    @Test func pipelinedRatingsAreAnsweredInOrderAndSurviveARestart() throws {
      let directory = TemporaryDirectory("beacon-gc")
      let store = directory.fileURL("store.sqlite")
      let environment = ["BEACON_STORE": store.path]
      let beacon = try BeaconProcess(arguments: ["serve", "--offline"], environment: environment)
      _ = try beacon.initialize()
      beacon.request("places/search", id: "search", params: ["category": "cafe", "limit": 1])
      let place = try #require(
        try beacon.response(id: "search")["result"]?["places"]?.arrayValue?.first?["id"]?.stringValue
      )

      let count = 400
      var input: [UInt8] = []
      for id in 1...count {
        let stars = id == 200 ? 9 : 1 + id % 5
        let params: JSONValue = ["placeId": .string(place), "stars": .int(stars)]
        input += BeaconProcess.frame(BeaconProcess.requestBody("rating/add", id: .int(id), params: params))
      }
      input += BeaconProcess.frame(
        BeaconProcess.requestBody("rating/list", id: "list", params: ["placeId": .string(place), "limit": 500])
      )
      beacon.send(input)
      let list = try beacon.response(id: "list", timeout: 60)

      let answers = beacon.messages.filter { ($0["id"]?.intValue).map { (1...count).contains($0) } ?? false }
      #expect(answers.map { $0["id"]?.intValue ?? 0 } == Array(1...count), "each answered once, in order")
      #expect(answers[199]["error"]?["code"] == -32602)
      let counts = answers.compactMap { $0["result"]?["summary"]?["count"]?.intValue }
      #expect(counts == Array(1...(count - 1)), "every summary includes exactly the ratings before it")
      #expect(list["result"]?["ratings"]?.arrayValue?.count == count - 1, "the read after the writes sees them all")
      #expect(list["result"]?["summary"]?["count"] == .int(count - 1))
      #expect(try beacon.shutdownAndExit() == .exited(0))

      let again = try BeaconProcess(arguments: ["serve", "--offline"], environment: environment)
      _ = try again.initialize()
      again.request("rating/list", id: 1, params: ["placeId": .string(place)])
      #expect(try again.response(id: 1)["result"]?["summary"]?["count"] == .int(count - 1))
      #expect(try again.shutdownAndExit() == .exited(0))
    }
  }
}
