import Foundation
import JSONRPC
import Testing

@testable import BeaconCore

#if canImport(Glibc)
import Glibc
#endif

/// A full disk under a running server, on a real 1 MiB tmpfs: writes are answered with `storageFailure`,
/// reads keep working, and nothing acknowledged is lost; a store on a read-only file system answers reads and
/// refuses writes.
///
/// Mounting needs root (or CAP_SYS_ADMIN); elsewhere the suite is skipped.
extension EndToEnd {
  @Suite(.enabled(if: TemporaryFileSystem.isAvailable, "mounting a tmpfs needs root"))
  struct StorageFaultTests {
    typealias SeededStore = StoreDurabilityTests.SeededStore
    static let placeID = JSONValue.string(SeededStore.placeID)

    /// A started server whose store lives on a fresh 1 MiB tmpfs, with one acknowledged rating (id 1).
    static func start(on fileSystem: TemporaryFileSystem) async throws -> (BeaconProcess, path: String) {
      let seeded = try await SeededStore()
      let path = fileSystem.directory.appendingPathComponent("beacon.sqlite").path
      try FileManager.default.copyItem(atPath: seeded.path, toPath: path)
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": path, "BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.request("rating/add", id: 1, params: ["placeId": placeID, "stars": 4])
      #expect(try beacon.response(id: 1)["result"] != nil)
      return (beacon, path)
    }

    static func ratingCount(_ beacon: BeaconProcess, id: JSONValue) throws -> Int? {
      beacon.request("rating/list", id: id, params: ["placeId": placeID])
      return try beacon.response(id: id)["result"]?["ratings"]?.arrayValue?.count
    }

    @Test func aFullDiskRefusesWritesKeepsReadsAndLosesNothingAcknowledged() async throws {
      let fileSystem = try TemporaryFileSystem()
      defer { fileSystem.unmount() }
      let (beacon, path) = try await Self.start(on: fileSystem)
      fileSystem.fill()
      // Each rating adds about a kilobyte to the WAL, so the full file system is met within a few hundred.
      let comment = JSONValue.string(String(repeating: "full disk ", count: 50))
      var acknowledged = 1
      var refusal: JSONValue?
      for id in 2..<3_000 where refusal == nil {
        beacon.request("rating/add", id: .int(id), params: ["placeId": Self.placeID, "stars": 2, "comment": comment])
        let answer = try beacon.response(id: .int(id))
        if answer["result"] != nil { acknowledged += 1 } else { refusal = answer }
      }
      #expect(refusal?["error"]?["code"] == -33012)
      #expect(refusal?["error"]?["data"]?["kind"] == "storageFailure")
      #expect(try Self.ratingCount(beacon, id: "read while full") == acknowledged)
      fileSystem.free()
      beacon.request("rating/add", id: "after", params: ["placeId": Self.placeID, "stars": 5])
      #expect(try beacon.response(id: "after")["result"] != nil, "writes work again once there is room")
      #expect(try beacon.shutdownAndExit() == .exited(0))
      let store = try Store.open(path: path)
      #expect(try await store.integrityCheck() == "ok")
      #expect(try await store.ratings(placeId: SeededStore.placeID).ratings.count == acknowledged + 1)
    }

    /// A store with one rating and one favourite, on a tmpfs remounted read-only; with `leftoverWAL`, the rating
    /// is still only in the `-wal` file (as after a crash), so reading it needs the WAL, not just the main file.
    static func readOnlyStore(on fileSystem: TemporaryFileSystem, leftoverWAL: Bool) async throws -> String {
      let seeded = try await SeededStore()
      let path = fileSystem.directory.appendingPathComponent("beacon.sqlite").path
      do {
        let store = try Store.open(path: seeded.path)
        _ = try await store.addFavorite(placeId: SeededStore.placeID)
        if leftoverWAL {
          // Copied while the connection is open, before SQLite checkpoints (at close, or after 1 000 pages): the
          // rating and the favourite are only in the WAL.
          _ = try await store.addRating(placeId: SeededStore.placeID, stars: 5, comment: "kun i WAL")
          for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: seeded.path + suffix, toPath: path + suffix)
          }
        } else {
          _ = try await store.addRating(placeId: SeededStore.placeID, stars: 5, comment: "skrivebeskyttet")
        }
      }
      if !leftoverWAL { try FileManager.default.copyItem(atPath: seeded.path, toPath: path) }
      try fileSystem.remount(readOnly: true)
      return path
    }

    @Test(arguments: [false, true])
    func aStoreOnAReadOnlyFileSystemAnswersReadsAndRefusesWrites(leftoverWAL: Bool) async throws {
      // A running server is not affected by a directory turning read-only: SQLite writes through the
      // descriptors it already holds (and Linux refuses to remount a file system read-only while files on it
      // are open for writing). What can happen is starting on read-only storage.
      let fileSystem = try TemporaryFileSystem()
      defer { fileSystem.unmount() }
      let path = try await Self.readOnlyStore(on: fileSystem, leftoverWAL: leftoverWAL)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": path, "BEACON_OFFLINE": "1"])
      beacon.request("initialize", id: "init", params: [:])
      let initialized = try beacon.response(id: "init")
      #expect(initialized["result"]?["configuration"]?["storeReadOnly"] == true)
      let warning = try beacon.waitForMessage("the read-only warning") { $0["method"] == "window/logMessage" }
      #expect(warning["params"]?["type"] == 2)
      #expect(warning["params"]?["message"]?.stringValue?.contains("åpnet bare for lesing") == true)

      // Reads: ratings (the one in the WAL too), favourites, an offline search, settings.
      beacon.request("rating/list", id: 1, params: ["placeId": Self.placeID])
      #expect(try beacon.response(id: 1)["result"]?["ratings"]?.arrayValue?.count == 1)
      beacon.request("favorites/list", id: 2, params: [:])
      #expect(try beacon.response(id: 2)["result"]?["places"]?.arrayValue?.first?["id"] == Self.placeID)
      let center: JSONValue = ["lat": 59.91, "lon": 10.75]
      beacon.request("places/search", id: 3, params: ["center": center, "category": "cafe", "limit": 5])
      let search = try beacon.response(id: 3)
      let found = search["result"]?["places"]?.arrayValue ?? []
      #expect(found.map { $0["id"] } == [Self.placeID], "\(search)")
      #expect(found.first?["isFavorite"] == true)
      beacon.request("settings/get", id: 4, params: [:])
      #expect(try beacon.response(id: 4)["result"] != nil)

      // Writes: refused with the reason, in Norwegian, and nothing changes.
      beacon.request("rating/add", id: 5, params: ["placeId": Self.placeID, "stars": 2])
      beacon.request("favorites/remove", id: 6, params: ["placeId": Self.placeID])
      beacon.request("settings/update", id: 7, params: ["center": center])
      for id: JSONValue in [5, 6, 7] {
        let refused = try beacon.response(id: id)
        #expect(refused["error"]?["code"] == -33012, "\(id)")
        #expect(refused["error"]?["data"] == ["kind": "storageFailure", "reason": "readOnly"], "\(id)")
        #expect(
          refused["error"]?["message"] == "Databasen er bare åpnet for lesing, så endringen ble ikke lagret",
          "\(id)"
        )
      }
      beacon.request("rating/list", id: 8, params: ["placeId": Self.placeID])
      #expect(try beacon.response(id: 8)["result"]?["ratings"]?.arrayValue?.count == 1)
      #expect(try beacon.shutdownAndExit() == .exited(0))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aWriteToAReadOnlyStoreFromTheCommandLineIsOneLocalizedLine() async throws {
      let fileSystem = try TemporaryFileSystem()
      defer { fileSystem.unmount() }
      let path = try await Self.readOnlyStore(on: fileSystem, leftoverWAL: false)
      let result = try BeaconProcess.run(["--store", path, "--offline", "rate", SeededStore.placeID, "4"])
      #expect(result.termination == .exited(1))
      #expect(result.stdout.isEmpty)
      // One line, no SQL and no SQLite codes (those are in the log at debug level).
      #expect(
        result.stderr == "Databasen '\(path)' kan ikke skrives til (filsystemet er skrivebeskyttet); den er åpnet "
          + "bare for lesing, og endringer blir ikke lagret\n"
      )
      let english = try BeaconProcess.run(["--store", path, "--offline", "--locale", "en", "settings", "reset"])
      #expect(english.stderr.split(separator: "\n").count == 1, "\(english.stderr)")
      #expect(english.stderr.contains("(the file system is read-only)"), "\(english.stderr)")
      let logged = try BeaconProcess.run(
        ["--store", path, "--offline", "rate", SeededStore.placeID, "4"],
        environment: ["BEACON_LOG": "debug"]
      )
      #expect(logged.stderr.contains("SQLite error 8"), "the details are in the debug log: \(logged.stderr)")
      let warning = "Databasen '\(path)' kan ikke skrives til"
      #expect(logged.stderr.components(separatedBy: warning).count == 2, "the warning once: \(logged.stderr)")
    }

    @Test func aReadOnlyStoreThatNeedsAnUpgradeFailsInitializeClearly() async throws {
      let fileSystem = try TemporaryFileSystem()
      defer { fileSystem.unmount() }
      let path = fileSystem.directory.appendingPathComponent("beacon.sqlite").path
      do { _ = try Store.open(path: path, upTo: 1) }  // A store an older Beacon left behind.
      try fileSystem.remount(readOnly: true)
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": path, "BEACON_OFFLINE": "1"])
      beacon.request("initialize", id: 1, params: [:])
      let answer = try beacon.response(id: 1)
      #expect(answer["error"]?["code"] == -33010)
      #expect(answer["error"]?["data"]?["kind"] == "storeUnavailable")
      #expect(answer["error"]?["data"]?["path"] == .string(path))
      let message = try #require(answer["error"]?["message"]?.stringValue)
      #expect(
        message.hasPrefix(
          "Kan ikke åpne databasen '\(path)': filsystemet er skrivebeskyttet, og skjemaet (versjon 1) må oppgraderes "
            + "til versjon "
        ) && message.hasSuffix(", noe som ikke kan skrives"),
        "\(message)"
      )
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
    }
  }
}

/// A 1 MiB tmpfs mounted on a fresh temporary directory.
final class TemporaryFileSystem: Sendable {
  let directory: URL

  /// Whether this process may mount one (tried once).
  static let isAvailable: Bool = {
    guard geteuid() == 0, let probe = try? TemporaryFileSystem() else { return false }
    probe.unmount()
    return true
  }()

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-tmpfs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    guard Self.run("mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", directory.path]) else {
      try? FileManager.default.removeItem(at: directory)
      throw HarnessError("mount -t tmpfs failed")
    }
  }

  private var filler: String { directory.appendingPathComponent("filler").path }

  /// Writes a file until the file system has no room left.
  func fill() {
    let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x5A, count: 4096)
    while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// Deletes the file ``fill()`` wrote.
  func free() {
    unlink(filler)
  }

  func remount(readOnly: Bool) throws {
    let options = readOnly ? "remount,ro" : "remount,rw"
    guard Self.run("mount", ["-o", options, directory.path]) else { throw HarnessError("mount -o \(options) failed") }
  }

  /// Unmounts (lazily, in case a process still holds a file) and removes the directory.
  func unmount() {
    _ = Self.run("umount", ["-l", directory.path])
    try? FileManager.default.removeItem(at: directory)
  }

  private static func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
  }
}
