import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconCore

extension EndToEnd {
  /// A SQLite store another process holds for longer than Beacon waits (as a long import does): a write is refused
  /// with `data.reason: "busy"` and a sentence saying so, and a search still runs on the centre it was given.
  @Suite struct BusyStoreTests {
    @Test func aStoreHeldByAnotherWriterSaysBusyAndASearchStillRuns() throws {
      let directory = TemporaryDirectory("beacon-busy")
      let path = directory.storePath
      let options = ["--store", path, "--offline", "--locale", "en"]
      let created = try BeaconProcess.run(options + ["search", "--near", "60.1699,24.9384", "--json", "--limit", "1"])
      #expect(created.termination == .exited(0), "\(created.stderr)")
      let placeID = try #require(
        try JSONParser.parse(Array(created.stdout.utf8))["places"]?.arrayValue?.first?["id"]?.stringValue
      )

      // Another writer takes the store's write lock and keeps it until the end of the test.
      let holder = try Database(path: path)
      try holder.execute("BEGIN IMMEDIATE")
      defer { try? holder.execute("ROLLBACK") }

      // Both wait as long as Beacon waits for the lock (its busy timeout, a few times over), side by side.
      let server = try BeaconProcess(environment: ["BEACON_STORE": path, "BEACON_OFFLINE": "1"])
      _ = try server.initialize(["locale": "en"])
      server.request("rating/add", id: 1, params: ["placeId": .string(placeID), "stars": 5])
      let search = try BeaconProcess(arguments: options + ["search", "--near", "60.17,24.94", "--json"])
      search.closeInput()

      let refused = try server.response(id: 1, timeout: 120)
      #expect(refused["error"]?["data"] == ["kind": "storageFailure", "reason": "busy"], "\(refused)")
      #expect(
        refused.errorMessage
          == "The database is busy: another Beacon process is writing to it (an import, for example); try again "
          + "when it is done"
      )
      #expect(try search.waitForExit(timeout: 120) == .exited(0), "\(search.stderr.text)")
      try search.waitForOutputEnd()
      let found = try JSONParser.parse(Array(search.stdout.text.utf8))["places"]?.arrayValue ?? []
      #expect(!found.isEmpty, "the search ran, its centre not remembered: \(search.stdout.text)")

      try holder.execute("ROLLBACK")
      #expect(try server.shutdownAndExit() == .exited(0))
    }
  }
}
