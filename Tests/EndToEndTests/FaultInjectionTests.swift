import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Faults from outside: a client that goes away mid-stream, a store file that disappears or is corrupt.
/// (Disk full and read-only file systems are in ``StorageFaultTests``.)
extension EndToEnd {
  @Suite struct FaultInjectionTests {
    typealias SeededStore = StoreDurabilityTests.SeededStore
    static let placeID = JSONValue.string(SeededStore.placeID)

    static func ratingCount(at path: String) async throws -> Int {
      let store = try Store.open(path: path)
      #expect(try await store.integrityCheck() == "ok")
      return try await store.ratings(placeId: SeededStore.placeID).ratings.count
    }

    /// Adds 200 places and closes the store again (closing checkpoints the WAL into the file).
    static func addFillerPlaces(to path: String) async throws {
      let store = try Store.open(path: path)
      try await store.upsert(
        (0..<200).map { index in
          Place(
            id: "filler-\(index)",
            name: "Fyll \(index)",
            category: .restaurant,
            location: Coordinate(lat: 59.9 + Double(index) / 10_000, lon: 10.7),
            source: "test"
          )
        }
      )
    }

    @Test func aClientThatClosesStdoutStillGetsItsWritesStoredAndTheServerExitsCleanly() async throws {
      let seeded = try await SeededStore()
      let process = Process()
      process.executableURL = try BeaconBinary.url()
      process.arguments = ["serve"]
      process.environment = BeaconProcess.sanitizerVariables.merging(
        ["BEACON_STORE": seeded.path, "BEACON_OFFLINE": "1", "HOME": seeded.directory.path]
      ) { $1 }
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
      // Nobody will read a single answer: every write of the server meets EPIPE (SIGPIPE is ignored).
      try output.fileHandleForReading.close()
      var bytes = BeaconProcess.frame(BeaconProcess.requestBody("initialize", id: 0, params: [:]))
      bytes += StoreDurabilityTests.ratingRequests(ids: 1..<201)
      bytes += BeaconProcess.frame(BeaconProcess.requestBody("shutdown", id: "shutdown"))
      bytes += BeaconProcess.frame(BeaconProcess.notificationBody("exit"))
      try input.fileHandleForWriting.write(contentsOf: bytes)
      let deadline = Date(timeIntervalSinceNow: 30)
      while process.isRunning && Date() < deadline { usleep(5_000) }
      #expect(!process.isRunning, "beacon did not exit after shutdown and exit with stdout closed")
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 0)
      try input.fileHandleForWriting.close()
      #expect(try await Self.ratingCount(at: seeded.path) == 200)
    }

    @Test func stdinClosedInTheMiddleOfABodyEndsTheServerWithTheStoreIntact() async throws {
      let seeded = try await SeededStore()
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": seeded.path, "BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.send(StoreDurabilityTests.ratingRequests(ids: 1..<101))
      let cut = BeaconProcess.frame(
        BeaconProcess.requestBody("rating/add", id: 101, params: ["placeId": Self.placeID, "stars": 5])
      )
      beacon.send(Array(cut.prefix(cut.count - 20)))
      beacon.closeInput()
      #expect(try beacon.waitForExit(timeout: 30) == .exited(1))
      try beacon.waitForOutputEnd()
      let acknowledged = StoreDurabilityTests.acknowledgedRatingIDs(beacon)
      #expect(Set(acknowledged) == Set(1..<101), "every complete request before the cut is answered")
      #expect(beacon.messageObjects.contains { $0["error"]?["data"]?["reason"] == "truncatedMessage" })
      #expect(!beacon.messageObjects.contains { $0["id"] == 101 })
      #expect(try await Self.ratingCount(at: seeded.path) == 100)
    }

    @Test(arguments: ["deleted", "replaced"])
    func aStoreFileDeletedOrReplacedWhileRunningRefusesWritesAndKeepsReading(fault: String) async throws {
      let seeded = try await SeededStore()
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": seeded.path, "BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.request("rating/add", id: 1, params: ["placeId": Self.placeID, "stars": 4])
      #expect(try beacon.response(id: 1)["result"] != nil)
      let manager = FileManager.default
      for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: seeded.path + suffix) }
      let replacement = try await SeededStore()
      if fault == "replaced" { try manager.copyItem(atPath: replacement.path, toPath: seeded.path) }
      beacon.request("rating/add", id: 2, params: ["placeId": Self.placeID, "stars": 5])
      let refused = try beacon.response(id: 2)
      #expect(refused["error"]?["code"] == -33012)
      #expect(refused["error"]?["data"]?["kind"] == "storageFailure")
      beacon.request("rating/list", id: 3, params: ["placeId": Self.placeID])
      #expect(try beacon.response(id: 3)["result"]?["ratings"]?.arrayValue?.count == 1)
      beacon.request("favorites/list", id: 4, params: [:])
      #expect(try beacon.response(id: 4)["result"] != nil)
      #expect(try beacon.shutdownAndExit() == .exited(0))
      if fault == "replaced" {
        // The replacement is untouched: the refused write did not land in it either.
        #expect(try await Self.ratingCount(at: seeded.path) == 0)
      } else {
        #expect(!manager.fileExists(atPath: seeded.path))
      }
    }

    @Test func aCorruptStoreFileFailsInitializeClearlyAndIsLeftAlone() throws {
      let directory = TemporaryDirectory("beacon-corrupt")
      let path = directory.file("beacon.sqlite")
      let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
      try garbage.write(to: URL(fileURLWithPath: path))
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": path])
      beacon.request("initialize", id: 1, params: [:])
      let answer = try beacon.response(id: 1)
      #expect(answer["error"]?["code"] == -33010)
      #expect(answer["error"]?["data"]?["kind"] == "storeUnavailable")
      #expect(answer["error"]?["message"]?.stringValue?.contains(path) == true)
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func aStoreWithDamagedPagesAnswersWithErrorsNotACrash() async throws {
      let seeded = try await SeededStore()
      // Fill the store a little, then overwrite everything after the first page (the schema stays readable).
      try await Self.addFillerPlaces(to: seeded.path)
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: seeded.path))
      let size = try handle.seekToEnd()
      try handle.seek(toOffset: 4096)
      try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
      try handle.close()
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": seeded.path, "BEACON_OFFLINE": "1"])
      beacon.request("initialize", id: "init", params: [:])
      let initialized = try beacon.response(id: "init")
      if initialized["result"] != nil {
        beacon.request("places/search", id: 1, params: ["text": "Fyll", "limit": 5])
        beacon.request("rating/add", id: 2, params: ["placeId": Self.placeID, "stars": 3])
        for id: JSONValue in [1, 2] {
          let answer = try beacon.response(id: id)
          // Either SQLite still finds what it needs, or the damage is reported as storage failure.
          #expect(answer["result"] != nil || answer["error"]?["data"]?["kind"] == "storageFailure")
        }
        #expect(try beacon.shutdownAndExit() == .exited(0))
      } else {
        #expect(["storeUnavailable", "storageFailure"].contains(initialized["error"]?["data"]?["kind"]))
        beacon.closeInput()
        #expect(try beacon.waitForExit() == .exited(1))
      }
    }
  }
}
