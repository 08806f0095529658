import Foundation
import JSONRPC
import Testing

/// A smaller, honest version of `Scripts/soak.py`: 5 000 mixed messages against one `beacon serve`, every
/// request answered exactly once. Memory and speed are measured by the script, not asserted here.
extension EndToEnd {
  @Suite struct SoakTests {
    static let demoPlace: JSONValue = "osm:node/317766538"

    /// What one position of the stream sends; `expectsAnswer` is false for notifications.
    enum Step {
      case request(String, JSONValue)
      case cancelledRequest
      case malformed
      case notification
    }

    static func step(_ index: Int) -> Step {
      switch index % 12 {
      case 0, 1: .request("places/search", ["category": index % 24 < 12 ? "cafe" : "restaurant", "limit": 5])
      case 2, 3: .request("places/details", ["id": demoPlace])
      case 4: .request("rating/add", ["placeId": demoPlace, "stars": .int(index % 5 + 1), "comment": "soak"])
      case 5: .request("favorites/add", ["placeId": demoPlace])
      case 6: .request("favorites/remove", ["placeId": demoPlace])
      case 7: .request("rating/list", ["placeId": demoPlace])
      case 8: .request("ping", nil)
      case 9: .cancelledRequest
      case 10: .malformed
      default: .notification
      }
    }

    @Test func fiveThousandMixedMessagesAreEachAnsweredExactlyOnce() throws {
      let beacon = try BeaconProcess(environment: ["BEACON_OFFLINE": "1"])
      try beacon.initialize()
      let total = 5_000
      let window = 250
      var expectedMessages = 1  // initialize's answer
      var requestIDs: [Int] = []
      var malformed = 0
      for start in stride(from: 0, to: total, by: window) {
        var bytes: [UInt8] = []
        for index in start..<min(start + window, total) {
          switch Self.step(index) {
          case .request(let method, let params):
            bytes += BeaconProcess.frame(BeaconProcess.requestBody(method, id: .int(index), params: params))
            requestIDs.append(index)
          case .cancelledRequest:
            bytes += BeaconProcess.frame(
              BeaconProcess.requestBody("test/sleep", id: .int(index), params: ["milliseconds": 30_000])
            )
            bytes += BeaconProcess.frame(BeaconProcess.notificationBody("$/cancelRequest", params: ["id": .int(index)]))
            requestIDs.append(index)
          case .malformed:
            bytes += BeaconProcess.frame("{\"jsonrpc\":\"2.0\",\"id\":\(index),\"method\":")
            malformed += 1
          case .notification:
            bytes += BeaconProcess.frame(BeaconProcess.notificationBody("$/setTrace", params: ["value": "off"]))
          }
        }
        expectedMessages = 1 + requestIDs.count + malformed
        beacon.send(bytes)
        let expected = expectedMessages
        let arrived = beacon.stdout.wait(timeout: 60) { messages, _ -> Bool? in
          messages.count >= expected ? true : Optional.none
        }
        #expect(arrived == true, "window at \(start): fewer than \(expected) messages.\n\(beacon.diagnostics())")
        if arrived != true { return }
      }
      #expect(try beacon.shutdownAndExit() == .exited(0))
      var answers: [Int: Int] = [:]
      var nullIDErrors = 0
      for message in beacon.messageObjects {
        if let id = message["id"]?.intValue { answers[id, default: 0] += 1 }
        if message["id"] == .null, message["error"]?["code"] == -32700 { nullIDErrors += 1 }
        #expect(message["error"]?["data"]?["kind"] != "serverOverloaded")
        #expect(message["error"]?["data"]?["kind"] != "internalError")
      }
      #expect(answers.count == requestIDs.count)
      #expect(requestIDs.allSatisfy { answers[$0] == 1 }, "some request was not answered exactly once")
      #expect(nullIDErrors == malformed)
      let cancelled = beacon.messageObjects.count { $0["error"]?["code"] == -32800 }
      #expect(cancelled == requestIDs.count { if case .cancelledRequest = Self.step($0) { true } else { false } })
    }
  }
}
