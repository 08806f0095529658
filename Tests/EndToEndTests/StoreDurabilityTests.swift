import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The store under a real crash and under two processes writing at once.
extension EndToEnd {
  @Suite struct StoreDurabilityTests {
    /// A temporary store file that already knows one place.
    final class SeededStore {
      private let temporary = TemporaryDirectory("beacon-store")
      let path: String
      static let placeID = "e2e-place-1"

      init() async throws {
        path = temporary.file("beacon.sqlite")
        let store = try Store.open(path: path)
        try await store.upsert([
          Place(
            id: Self.placeID,
            name: "Krasjtest kafé",
            category: .cafe,
            location: Coordinate(lat: 59.91, lon: 10.75),
            source: "test"
          )
        ])
      }

      /// The folder that holds the store (removed when the value goes).
      var directory: URL { temporary.url }
    }

    static func ratingRequests(ids: Range<Int>) -> [UInt8] {
      var bytes: [UInt8] = []
      for id in ids {
        bytes += BeaconProcess.frame(
          BeaconProcess.requestBody(
            "rating/add",
            id: .int(id),
            params: ["placeId": .string(SeededStore.placeID), "stars": .int(id % 5 + 1), "comment": .string("r\(id)")]
          )
        )
      }
      return bytes
    }

    /// The rating ids of every successful `rating/add` answer among `messages`.
    static func acknowledgedRatingIDs(_ messages: [JSONValue]) -> [Int] {
      messages.flatMap { $0.arrayValue ?? [$0] }.compactMap { $0["result"]?["rating"]?["id"]?.intValue }
    }

    /// The rating ids of every successful `rating/add` answer seen so far.
    static func acknowledgedRatingIDs(_ beacon: BeaconProcess) -> [Int] {
      acknowledgedRatingIDs(beacon.messages)
    }

    /// Waits until `count` answers with an integer id have arrived (the wait's own snapshot is used:
    /// the collector's lock is held while the condition runs).
    static func waitForAnswers(_ beacon: BeaconProcess, count: Int, timeout: Double = 60) throws {
      let done = beacon.stdout.wait(timeout: timeout) { messages, _ -> Bool? in
        let answered = messages.flatMap { $0.arrayValue ?? [$0] }.filter { $0["id"]?.intValue != nil }.count
        return answered >= count ? true : Optional.none
      }
      guard done == true else { throw HarnessError("fewer than \(count) answers arrived.\n\(beacon.diagnostics())") }
    }

    @Test func everyAcknowledgedRatingSurvivesSIGKILL() async throws {
      let seeded = try await SeededStore()
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": seeded.path])
      try beacon.initialize()
      beacon.send(Self.ratingRequests(ids: 1..<5_001))
      // Kill it mid-stream, once a good number of writes have been acknowledged.
      let reached = beacon.stdout.wait(timeout: 60) { messages, _ -> Bool? in
        Self.acknowledgedRatingIDs(messages).count >= 300 ? true : Optional.none
      }
      #expect(reached == true, "300 ratings were not acknowledged")
      kill(beacon.pid, SIGKILL)
      #expect(try beacon.waitForExit() == .signalled(SIGKILL))
      try beacon.waitForOutputEnd()
      let acknowledged = Self.acknowledgedRatingIDs(beacon)
      #expect(acknowledged.count >= 300)
      #expect(acknowledged.count < 5_000, "the process should have died before answering everything")

      let store = try Store.open(path: seeded.path)
      #expect(try await store.integrityCheck() == "ok")
      let stored = Set(try await store.ratings(placeId: SeededStore.placeID).ratings.map(\.id))
      let missing = Set(acknowledged).subtracting(stored)
      #expect(missing.isEmpty, "acknowledged but lost: \(missing.sorted().prefix(20))")
    }

    @Test func twoServersWritingTheSameFileLoseNothingAndNeverReportLocks() async throws {
      let seeded = try await SeededStore()
      let perProcess = 400
      let first = try BeaconProcess(environment: ["BEACON_STORE": seeded.path])
      let second = try BeaconProcess(environment: ["BEACON_STORE": seeded.path])
      try first.initialize()
      try second.initialize()
      first.send(Self.ratingRequests(ids: 1..<(perProcess + 1)))
      second.send(Self.ratingRequests(ids: 1..<(perProcess + 1)))
      for beacon in [first, second] {
        try Self.waitForAnswers(beacon, count: perProcess)
        let errors = beacon.messageObjects.filter { $0["error"] != nil }
        #expect(errors.isEmpty, "errors reached the client: \(errors.prefix(3))")
        #expect(!beacon.stderr.text.contains("locked"))
        #expect(try beacon.shutdownAndExit() == .exited(0))
      }
      let acknowledged = Self.acknowledgedRatingIDs(first) + Self.acknowledgedRatingIDs(second)
      #expect(acknowledged.count == 2 * perProcess)
      #expect(Set(acknowledged).count == 2 * perProcess, "two answers named the same rating")

      let store = try Store.open(path: seeded.path)
      let (ratings, summary, _) = try await store.ratings(placeId: SeededStore.placeID)
      #expect(ratings.count == 2 * perProcess)
      #expect(Set(ratings.map(\.id)) == Set(acknowledged))
      #expect(summary?.count == 2 * perProcess)
      #expect(try await store.integrityCheck() == "ok")
    }

    @Test func theStoreFileIsPrivate() async throws {
      let directory = TemporaryDirectory("beacon-mode")
      let path = directory.file("sub/beacon.sqlite")
      // A chosen path's folder must exist (only the default location's folders are created).
      try FileManager.default.createDirectory(at: directory.fileURL("sub"), withIntermediateDirectories: true)
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": path])
      try beacon.initialize()
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func anUnopenableStoreFailsInitializeWithThePath() throws {
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": "/dev/null/beacon.sqlite"])
      beacon.request("initialize", id: 1, params: [:])
      let answer = try beacon.response(id: 1)
      #expect(answer["error"]?["code"]?.intValue == -33010)
      #expect(answer["error"]?["data"]?["path"] == "/dev/null/beacon.sqlite")
      #expect(answer["error"]?["message"]?.stringValue?.contains("/dev/null/beacon.sqlite") == true)
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
    }
  }
}
