import JSONRPC
import Testing

/// Notifications are never answered: not unknown ones, not ones whose params make no sense, not ones
/// that name a request method, and not ones that arrive before `initialize`.
extension EndToEnd {
  @Suite struct NotificationTests {
    @Test func notificationsAreNeverAnswered() throws {
      let beacon = try BeaconProcess()
      beacon.notify("x/unknownBeforeInitialize", params: ["a": 1])
      beacon.notify("ping")
      try beacon.initialize()
      let notifications: [(String, JSONValue?)] = [
        ("x/unknown", ["a": 1]),
        ("x/unknown", nil),
        ("$/unknownDollar", [1, 2, 3]),
        ("ping", nil),
        ("initialize", [:]),
        ("shutdown", nil),
        ("test/sleep", ["milliseconds": "soon"]),
        ("test/print", [:]),
        ("$/cancelRequest", ["id": ["nested": true]]),
        ("$/cancelRequest", ["id": true]),
        ("$/cancelRequest", [:]),
        ("$/cancelRequest", ["nothing", "here"]),
        ("$/cancelRequest", nil),
        ("$/progress", ["token": "t", "value": "bad"]),
      ]
      var input: [UInt8] = []
      for (method, params) in notifications {
        input += BeaconProcess.frame(BeaconProcess.notificationBody(method, params: params))
      }
      input += BeaconProcess.frame(#"{"jsonrpc":"2.0","method":"x/nullParams","params":null}"#)
      beacon.send(input)
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])

      #expect(beacon.messages.count == 2, "only initialize and ping should be answered: \(beacon.messages)")
      // `shutdown` sent as a notification did not shut the server down.
      beacon.request("ping", id: 3)
      #expect(try beacon.response(id: 3)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()
      #expect(beacon.messages.count == 4, "\(beacon.messages)")
    }

    @Test func theStandardInitializedNotificationIsAcceptedSilently() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.notify("initialized", params: [:])
      beacon.notify("x/unknown")
      beacon.request("ping", id: 2)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()
      let log = beacon.stderr.text
      // The unknown one is still logged (the log is on), the standard one is not.
      #expect(log.contains("Ignoring unknown notification 'x/unknown'"), "\(log)")
      #expect(!log.contains("'initialized'"), "\(log)")
      #expect(beacon.messages.count == 3, "\(beacon.messages)")
    }
  }
}
