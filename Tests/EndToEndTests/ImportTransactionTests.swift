import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `beacon import` as one transaction on the real binary: a re-import reports what changed and removes what is
/// gone from the file's area; a killed or cancelled import leaves the store exactly as it was.
extension EndToEnd {
  @Suite struct ImportTransactionTests {
    /// A directory with a store, removed at the end.
    final class Workspace {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-tx-\(UUID().uuidString)")

      init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }

      deinit { try? FileManager.default.removeItem(at: directory) }

      var storePath: String { directory.appendingPathComponent("store.sqlite").path }

      /// Writes `text` to `name` and returns its path.
      func write(_ text: String, to name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
      }

      /// Runs `beacon --store STORE arguments…` offline.
      func run(_ arguments: [String]) throws -> CommandResult {
        try BeaconProcess.run(["--store", storePath, "--offline"] + arguments, timeout: 120)
      }

      /// Runs a command that must succeed and returns its stdout.
      func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments)
        #expect(result.termination == .exited(0), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
      }

      /// The name of the stored place `id`, or `nil` when the store does not have it.
      func name(of id: String) throws -> String? {
        let result = try run(["details", id, "--json"])
        guard result.termination == .exited(0) else { return nil }
        return try JSONParser.parse(Array(result.stdout.utf8))["place"]?["name"]?.stringValue
      }

      /// Expects the store as `before` (`store check`'s report) describes it: the first import's places as they
      /// were, none of an interrupted import's.
      func expectAsBefore(_ before: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
          try succeed(["store", "check"], sourceLocation: sourceLocation) == before,
          sourceLocation: sourceLocation
        )
        #expect(try name(of: "osm:node/1") == "Alfa", sourceLocation: sourceLocation)
        #expect(try name(of: "osm:node/2") == "Beta", sourceLocation: sourceLocation)
        #expect(try name(of: "osm:node/1000") == nil, sourceLocation: sourceLocation)
      }
    }

    /// A cafe node near Oslo S.
    static func node(_ id: Int, _ name: String, lon: Double = 10.75, lat: Double = 59.91) -> String {
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"#
        + #""properties":{"@type":"node","@id":\#(id),"amenity":"cafe","name":"\#(name)"}}"#
    }

    static func collection(_ features: [String]) -> String {
      #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    /// The first import: five cafés in a box around Oslo S.
    static let first = collection([
      node(1, "Alfa", lon: 10.74, lat: 59.90), node(2, "Beta"), node(3, "Gamma"), node(4, "Delta"),
      node(5, "Epsilon", lon: 10.76, lat: 59.92),
    ])

    /// A workspace whose store holds ``first`` (and what `prepare` then writes), with `store check`'s report of it.
    static func storeWithFirstImport(
      _ prepare: (Workspace) throws -> Void = { _ in }
    ) throws -> (workspace: Workspace, before: String) {
      let workspace = try Workspace()
      _ = try workspace.succeed(["import", try workspace.write(first, to: "first.geojson")])
      try prepare(workspace)
      return (workspace, try workspace.succeed(["store", "check"]))
    }

    @Test func aReimportSaysWhatChangedRemovesWhatIsGoneAndKeepsRatedPlaces() throws {
      let workspace = try Workspace()
      _ = try workspace.succeed(["import", try workspace.write(Self.first, to: "first.geojson")])
      _ = try workspace.succeed(["rate", "osm:node/4", "5"])
      // Node 1 unchanged, node 2 renamed, node 3 and the rated node 4 gone, node 5 unchanged, node 6 new.
      let second = Self.collection([
        Self.node(1, "Alfa", lon: 10.74, lat: 59.90), Self.node(2, "Beta Bar"),
        Self.node(5, "Epsilon", lon: 10.76, lat: 59.92), Self.node(6, "Zeta"),
      ])
      let file = try workspace.write(second, to: "second.geojson")
      let summary = try workspace.succeed(["import", file])
      #expect(summary.contains("Nye: 1, endret: 1, uendret: 2, fjernet: 1"), "\(summary)")
      #expect(summary.contains("Beholdt 1 sted som ikke lenger er i filen"), "\(summary)")
      #expect(try workspace.name(of: "osm:node/2") == "Beta Bar")
      #expect(try workspace.name(of: "osm:node/3") == nil, "gone from the area: removed")
      #expect(try workspace.name(of: "osm:node/4") == "Delta", "rated: kept")
      #expect(try workspace.succeed(["details", "osm:node/4"]).contains("5"))

      let json = try JSONParser.parse(Array(try workspace.succeed(["import", file, "--json"]).utf8))
      #expect(json["added"] == 0)
      #expect(json["updated"] == 0)
      #expect(json["unchanged"] == 4)
      #expect(json["removed"] == 0)
      #expect(json["kept"] == 1, "node 4 is still rated and still gone")
      let english = try workspace.succeed(["--locale", "en", "import", file])
      #expect(english.contains("New: 0, updated: 0, unchanged: 4, removed: 0"), "\(english)")
      #expect(english.contains("Kept 1 place no longer in the file"), "\(english)")
      let nynorsk = try workspace.succeed(["--locale", "nn", "import", file])
      #expect(nynorsk.contains("Nye: 0, endra: 0, uendra: 4, fjerna: 0"), "\(nynorsk)")
    }

    @Test func placesOutsideTheAreaOrOfAnotherCategoryStay() throws {
      let workspace = try Workspace()
      let hotel =
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
        + #""properties":{"@type":"node","@id":50,"tourism":"hotel","name":"Hotell"}}"#
      let far = Self.node(60, "Langt unna", lon: 5.32, lat: 60.39)  // Bergen
      _ = try workspace.succeed(["import", try workspace.write(Self.collection([far, hotel]), to: "a.geojson")])
      _ = try workspace.succeed(["import", try workspace.write(Self.first, to: "b.geojson")])
      // Only cafés, in the box of Oslo: the hotel (another category) and the café in Bergen stay.
      let json = try JSONParser.parse(
        Array(
          try workspace.succeed([
            "import",
            try workspace.write(
              Self.collection([
                Self.node(1, "Alfa", lon: 10.74, lat: 59.90), Self.node(5, "Epsilon", lon: 10.76, lat: 59.92),
              ]),
              to: "c.geojson"
            ), "--json",
          ]).utf8
        )
      )
      #expect(json["removed"] == 3, "nodes 2, 3 and 4 lie in the box: \(json)")
      #expect(try workspace.name(of: "osm:node/50") == "Hotell")
      #expect(try workspace.name(of: "osm:node/60") == "Langt unna")
      #expect(try workspace.name(of: "osm:node/2") == nil)
    }

    /// A FeatureCollection of `count` cafés around Oslo S, starting with node 1 renamed and without node 2.
    static func bigCollection(count: Int) -> String {
      var features = [node(1, "Alfa omdøpt", lon: 10.74, lat: 59.90)]
      features.reserveCapacity(count)
      for index in 0..<count {
        let lon = 10.70 + Double(index % 1000) / 10_000
        let lat = 59.88 + Double(index / 1000) / 10_000
        features.append(node(1_000 + index, "Kafé \(index)", lon: lon, lat: lat))
      }
      return collection(features)
    }

    /// The file the interrupted imports read: 200 000 cafés (about 20 MB), made once for the suite.
    static let big = bigCollection(count: 200_000)

    /// Starts `beacon serve` on the workspace's store, sends an import of `file` and waits for its first progress
    /// report: a twentieth of the file read, thousands of places written in the import's transaction.
    static func startImport(of file: String, in workspace: Workspace) throws -> BeaconProcess {
      let beacon = try BeaconProcess(environment: ["BEACON_STORE": workspace.storePath, "BEACON_OFFLINE": "1"])
      try beacon.initialize()
      beacon.request("places/import", id: 9, params: ["path": .string(file), "workDoneToken": "big"])
      try beacon.waitForMessage("a progress report past 5 %", timeout: 120) { message in
        message["method"] == "$/progress" && message["params"]?["value"]?["kind"] == "report"
          && (message["params"]?["value"]?["percentage"]?.intValue ?? 0) >= 5
      }
      #expect(beacon.responses(id: 9).isEmpty, "the import is still running")
      return beacon
    }

    @Test func aKilledImportLeavesTheStoreExactlyAsItWas() throws {
      let (workspace, before) = try Self.storeWithFirstImport { _ = try $0.succeed(["rate", "osm:node/2", "4"]) }
      let big = try workspace.write(Self.big, to: "big.geojson")

      let beacon = try Self.startImport(of: big, in: workspace)
      #expect(kill(beacon.pid, SIGKILL) == 0)
      #expect(try beacon.waitForExit() == .signalled(SIGKILL))
      // A store with a few places is imported with a rollback journal (BulkJournal), which the next opener rolls
      // back: the file holds some of the killed import's pages until then.
      let journal = (try? FileManager.default.attributesOfItem(atPath: workspace.storePath + "-journal"))?[.size]
      #expect((journal as? NSNumber)?.intValue ?? 0 > 0, "the killed import left its rollback journal")

      // The same tables with the same rows, healthy; the old places as they were, none of the new ones.
      try workspace.expectAsBefore(before)
    }

    @Test func aCommandStartedDuringAFirstImportWaitsForItAndThenReadsItsPlaces() throws {
      let workspace = try Workspace()
      // Small enough that the sanitized build ends it within the command's wait for the store (30 s) on busy cores.
      let file = try workspace.write(Self.bigCollection(count: 6_000), to: "first.geojson")
      let beacon = try Self.startImport(of: file, in: workspace)
      // A first import writes with a rollback journal (BulkJournal): no other process can open the store until it
      // ends, so a command started meanwhile waits for it (the busy timeout, a few times over) instead of failing.
      #expect(FileManager.default.fileExists(atPath: workspace.storePath + "-journal"))
      #expect(try workspace.name(of: "osm:node/1000") == "Kafé 0")
      let answer = try beacon.response(id: 9, timeout: 120)
      #expect(answer.errorCode == nil, "\(answer)")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func aCancelledImportAnswersRequestCancelledAndLeavesTheStoreAsItWas() throws {
      let (workspace, before) = try Self.storeWithFirstImport()
      let big = try workspace.write(Self.big, to: "big.geojson")

      let beacon = try Self.startImport(of: big, in: workspace)
      beacon.notify("$/cancelRequest", params: ["id": 9])
      let answer = try beacon.response(id: 9, timeout: 120)
      #expect(answer.errorCode == -32800, "\(answer)")
      #expect(try beacon.shutdownAndExit() == .exited(0))

      try workspace.expectAsBefore(before)
    }

    @Test func ctrlCDuringAnImportRollsItBackAndTheServerExitsWith130() throws {
      let (workspace, before) = try Self.storeWithFirstImport()
      let big = try workspace.write(Self.big, to: "big.geojson")

      let beacon = try Self.startImport(of: big, in: workspace)
      #expect(kill(beacon.pid, SIGINT) == 0)
      #expect(try beacon.waitForExit(timeout: 60) == .exited(130))
      #expect(beacon.responses(id: 9).first?.errorCode == -32800, "\(beacon.responses(id: 9))")

      try workspace.expectAsBefore(before)
    }

    /// `beacon import` on the command line: Ctrl-C cancels the import, which rolls back (no journal is left for the
    /// next opener), says so in a sentence and exits with 130.
    ///
    /// The file is a FIFO the test writes 20 000 places into and then holds open, so Ctrl-C comes in the middle of
    /// the import however fast the machine is. When that write is done, the import has stored most of those places in
    /// its transaction: it reads 64 KiB at a time, and its reading thread stops at 16 batches of 256 places waiting
    /// for the writer.
    @Test func ctrlCDuringACommandLineImportRollsItBackAndSaysSo() throws {
      let (workspace, before) = try Self.storeWithFirstImport()
      let fifo = workspace.directory.appendingPathComponent("big.geojson").path
      try #require(mkfifo(fifo, 0o600) == 0)

      let beacon = try BeaconProcess(arguments: ["--store", workspace.storePath, "--offline", "import", fifo])
      let features = (0..<20_000).map { Self.node(1_000 + $0, "Kafé \($0)") }
      let firstPart = #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n") + ",\n"
      let writer = try FIFOWriter(path: fifo, timeout: 60)
      defer { writer.close() }
      try writer.write(Array(firstPart.utf8), timeout: 120)

      #expect(kill(beacon.pid, SIGINT) == 0)
      #expect(try beacon.waitForExit(timeout: 60) == .exited(130))
      try beacon.waitForOutputEnd()
      #expect(
        beacon.stderr.text.contains("Importen fra '\(fifo)' ble avbrutt; ingenting ble lagret"),
        "\(beacon.stderr.text)"
      )
      #expect(!FileManager.default.fileExists(atPath: workspace.storePath + "-journal"), "rolled back, not left hot")

      try workspace.expectAsBefore(before)
    }

    /// `beacon import -` whose pipe stays open and sends nothing more: Ctrl-C ends it all the same, with the store as
    /// it was.
    @Test func ctrlCEndsAnImportOfAPipeThatSendsNothingMore() throws {
      let (workspace, before) = try Self.storeWithFirstImport()

      let beacon = try BeaconProcess(arguments: ["--store", workspace.storePath, "--offline", "import", "-"])
      let records = (1000..<1010).map { "\u{1E}" + Self.node($0, "Kafé \($0)") + "\n" }.joined()
      beacon.send(Array(records.utf8))
      usleep(500_000)
      #expect(kill(beacon.pid, SIGINT) == 0)
      #expect(try beacon.waitForExit(timeout: 60) == .exited(130))
      try beacon.waitForOutputEnd()
      #expect(
        beacon.stderr.text.contains("Importen fra standard inn ble avbrutt; ingenting ble lagret"),
        "\(beacon.stderr.text)"
      )
      try workspace.expectAsBefore(before)
    }
  }
}
