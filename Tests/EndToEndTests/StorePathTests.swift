import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// Only the default location's folders are created: a store path the user chose (`--store`, `BEACON_STORE`,
/// `initializationOptions.storePath`) in a folder that does not exist is refused with a clear error, and
/// nothing is created.
extension EndToEnd {
  @Suite struct StorePathTests {
    @Test func anExplicitStoreInAMissingFolderIsRefusedAndNothingIsCreated() throws {
      let temporary = TemporaryDirectory("beacon-paths")
      let directory = temporary.url
      let missing = directory.appendingPathComponent("no/such/dir").path
      let path = missing + "/s.sqlite"
      let result = try BeaconProcess.run(["--store", path, "--offline", "settings"])
      #expect(result.termination == .exited(1))
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == "Mappen '\(missing)' finnes ikke, så databasen '\(path)' kan ikke lages der; opprett mappen "
          + "eller velg en annen plassering\n"
      )
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("no").path))

      let english = try BeaconProcess.run(["--store", path, "--locale", "en", "settings"])
      #expect(english.stderr.hasPrefix("The folder '\(missing)' does not exist"), "\(english.stderr)")
      let environment = try BeaconProcess.run(["settings"], environment: ["BEACON_STORE": path])
      #expect(environment.termination == .exited(1))
      #expect(environment.stderr.hasPrefix("Mappen '\(missing)' finnes ikke"), "\(environment.stderr)")
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("no").path))
    }

    @Test func initializationOptionsStorePathInAMissingFolderFailsInitialize() throws {
      let temporary = TemporaryDirectory("beacon-paths")
      let directory = temporary.url
      let path = directory.appendingPathComponent("missing/s.sqlite").path
      let beacon = try BeaconProcess()
      beacon.request("initialize", id: 1, params: ["initializationOptions": ["storePath": .string(path)]])
      let error = try #require(try beacon.response(id: 1)["error"])
      #expect(error["code"] == -33010)
      #expect(
        error["data"] == [
          "kind": "storeUnavailable", "reason": "directoryMissing", "path": .string(path),
          "directory": .string(directory.appendingPathComponent("missing").path),
        ]
      )
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(1))
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("missing").path))
    }

    @Test func theDefaultLocationsFoldersAreCreated() throws {
      let temporary = TemporaryDirectory("beacon-paths")
      let home = temporary.url
      let result = try BeaconProcess.run(
        ["--offline", "settings"],
        environment: ["BEACON_STORE": nil, "HOME": home.path, "XDG_DATA_HOME": nil]
      )
      #expect(result.termination == .exited(0), "\(result.stderr)")
      #if os(macOS)
      let store = home.appendingPathComponent("Library/Application Support/Beacon/beacon.sqlite")
      #else
      let store = home.appendingPathComponent(".local/share/beacon/beacon.sqlite")
      #endif
      #expect(FileManager.default.fileExists(atPath: store.path))
    }
  }
}
