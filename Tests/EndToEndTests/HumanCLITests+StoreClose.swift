import Foundation
import JSONRPC
import Testing

/// One-shot commands close the store before the process exits: the WAL is checkpointed into the file and the
/// `-wal` and `-shm` files are gone when `beacon` has ended, every time (and so is the rollback journal a first
/// import writes with).
extension EndToEnd.HumanCLITests {
  /// How many times each command runs; a close cut short by the exit showed up about once in ten runs.
  static let closeRounds = 5

  @Test func oneShotCommandsLeaveNoWALBesideTheStore() throws {
    let workspace = try Workspace()
    let file = try workspace.write(Self.osmExport, to: "oslo.geojson")
    let leftovers = ["-wal", "-shm", "-journal"].map { workspace.storePath + $0 }
    for round in 1...Self.closeRounds {
      for arguments in [["--offline", "import", file, "--json"], ["--offline", "settings", "reset", "--json"]] {
        let result = try workspace.run(arguments)
        #expect(result.termination == .exited(0), "round \(round), \(arguments): \(result.stderr)")
        for leftover in leftovers {
          #expect(
            !FileManager.default.fileExists(atPath: leftover),
            "round \(round): beacon \(arguments.joined(separator: " ")) left \(leftover)"
          )
        }
      }
    }
    // The file alone holds the imported places: a copy without any `-wal` finds them.
    let copy = workspace.directory.appendingPathComponent("copy.sqlite").path
    try FileManager.default.copyItem(atPath: workspace.storePath, toPath: copy)
    let found = try BeaconProcess.run(
      ["--store", copy, "--offline", "search", "--near", "59.92,10.76", "--category", "cafe", "--json"],
      environment: workspace.environment
    )
    #expect(found.termination == .exited(0), "\(found.stderr)")
    let names = try Self.parse(found.stdout)["places"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(Set(names).isSuperset(of: ["Kaffekoppen", "Kafé Sør"]), "\(found.stdout)")
  }
}
