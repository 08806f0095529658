import BeaconTestSupport
import Foundation
import Testing

/// `beacon import FILE.osm.pbf` on real extracts (Tests/Fixtures/osm, ODbL) and on broken ones: the counts
/// libosmium finds with the same rules, and a clear error with the byte offset that leaves the store unchanged.
extension EndToEnd.HumanCLITests {
  static let osmFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/osm")

  /// Counted by libosmium 3 through pyosmium: `python3 Scripts/pbf-reference.py Tests/Fixtures/osm/*.osm.pbf`.
  static let helsinkiReference: (restaurant: Int, cafe: Int, hotel: Int, nameless: Int) = (213, 85, 26, 6)

  @Test func helsinkiPBFImportsWhatLibosmiumFinds() throws {
    let workspace = try Workspace()
    let file = Self.osmFixtures.appendingPathComponent("Helsinki.osm.pbf").path
    let json = try Self.parse(try workspace.succeed(["import", file, "--json"]))
    #expect(json["format"] == "pbf")
    #expect(json["imported"]?["restaurant"]?.intValue == Self.helsinkiReference.restaurant, "\(json)")
    #expect(json["imported"]?["cafe"]?.intValue == Self.helsinkiReference.cafe, "\(json)")
    #expect(json["imported"]?["hotel"]?.intValue == Self.helsinkiReference.hotel, "\(json)")
    #expect(json["skipped"]?["nameless"]?.intValue == Self.helsinkiReference.nameless, "\(json)")
    #expect(json["derivedIds"] == 0)
    // Marski by Scandic is a multipolygon relation (an outer and an inner ring): at its outer ring's centroid,
    // which is 60.167539257, 24.940974612 computed from libosmium's assembled outer ring (Scripts/pbf-reference.py).
    let found = try Self.parse(
      try workspace.succeed([
        "--offline", "search", "--text", "Marski", "--category", "hotel", "--near", "60.1699,24.9384", "--json",
      ])
    )
    let marski = try #require(found["places"]?.arrayValue?.first { $0["id"] == "osm:relation/5608" }, "\(found)")
    #expect(abs((marski["location"]?["lat"]?.doubleValue ?? 0) - 60.167_539_257) < 1e-8, "\(marski)")
    #expect(abs((marski["location"]?["lon"]?.doubleValue ?? 0) - 24.940_974_612) < 1e-8, "\(marski)")
  }

  @Test func aPBFWithNothingWantedSaysSoAndFails() throws {
    let workspace = try Workspace()
    let result = try workspace.run([
      "--locale", "en", "import", Self.osmFixtures.appendingPathComponent("test.osm.pbf").path,
    ])
    #expect(result.termination == .exited(1))
    #expect(result.stderr.contains("Found no named restaurants, cafés or hotels"), "\(result.stderr)")
    // A PBF's other objects are passed over unread, so no reason is counted: the file has thousands of objects.
    // It said "the file has no features".
    #expect(
      result.stderr.contains("(nothing in the file is tagged as a restaurant, café or hotel)"),
      "\(result.stderr)"
    )
  }

  @Test func aBrokenPBFNamesTheFileAndByteExitsNonZeroAndLeavesTheStoreAsItWas() throws {
    let workspace = try Workspace()
    let good = Self.osmFixtures.appendingPathComponent("Helsinki.osm.pbf").path
    _ = try workspace.succeed(["import", good])
    let search = ["--offline", "search", "--near", "60.1699,24.9384", "--category", "hotel", "--json"]
    let before = try Self.parse(try workspace.succeed(search))["places"]
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
    // Cut in the middle of the file: the blob there starts at a byte the message names.
    let cut = try workspace.write("", to: "cut.geojson")
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut))
    let result = try workspace.run(["import", cut])
    #expect(result.termination == .exited(1))
    #expect(
      result.stderr.contains("Kunne ikke importere '\(cut)' (byte "),
      "a PBF named .geojson is read as PBF: \(result.stderr)"
    )
    #expect(result.stderr.contains("filen slutter midt i en PBF-blokk; ingenting ble lagret"), "\(result.stderr)")
    // A lz4 blob, in English.
    var blob = ProtobufWriter()
    blob.field(2, varint: 10)
    blob.field(6, bytes: [1, 2, 3])
    let header = PBFWriter.file([])
    let lz4 = try workspace.write("", to: "lz4.osm.pbf")
    try Data(header + PBFWriter.frame(type: "OSMData", blob: blob.bytes)).write(to: URL(fileURLWithPath: lz4))
    let english = try workspace.run(["--locale", "en", "import", lz4])
    #expect(english.termination == .exited(1))
    #expect(
      english.stderr.contains("(byte \(header.count)): the blob is compressed with lz4, which Beacon cannot read"),
      "\(english.stderr)"
    )
    #expect(try Self.parse(try workspace.succeed(search))["places"] == before)
    #expect(before?.arrayValue?.count == 10)
  }

  /// `osmium cat … -o - -f pbf | beacon import -`: the pipe is copied to an unlinked temporary file (in TMPDIR)
  /// and read in passes from there, with the counts of the file itself.
  @Test func aPBFOnAPipeImportsWhatTheFileDoes() throws {
    let workspace = try Workspace()
    let bytes = try [UInt8](Data(contentsOf: Self.osmFixtures.appendingPathComponent("Helsinki.osm.pbf")))
    let spool = workspace.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
    var environment = workspace.environment
    environment["TMPDIR"] = spool.path
    let result = try BeaconProcess.run(
      ["--store", workspace.storePath, "import", "-", "--json"],
      environment: environment,
      stdin: bytes
    )
    #expect(result.termination == .exited(0), "\(result.stderr)")
    let json = try Self.parse(result.stdout)
    #expect(json["format"] == "pbf")
    #expect(json["imported"]?["restaurant"]?.intValue == Self.helsinkiReference.restaurant, "\(json)")
    #expect(json["imported"]?["cafe"]?.intValue == Self.helsinkiReference.cafe, "\(json)")
    #expect(json["imported"]?["hotel"]?.intValue == Self.helsinkiReference.hotel, "\(json)")
    #expect(json["skipped"]?["nameless"]?.intValue == Self.helsinkiReference.nameless, "\(json)")
    // The multipolygon relation (its member ways and their nodes need the later passes) is there.
    let found = try Self.parse(
      try workspace.succeed([
        "--offline", "search", "--text", "Marski", "--category", "hotel", "--near", "60.1699,24.9384", "--json",
      ])
    )
    #expect(found["places"]?.arrayValue?.contains { $0["id"] == "osm:relation/5608" } == true, "\(found)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty, "the spool file is unlinked")
  }

  @Test func aPBFOnAPipeWithTMPDIRMissingIsSpooledWhereSQLiteWouldSpoolIt() throws {
    // TMPDIR names no directory: the pipe is copied to /var/tmp or /tmp instead (where SQLite puts its own
    // temporary files then), and the import goes on. With no such directory at all, the fault says to set TMPDIR
    // (``ExternalSortTests``, ``ProtocolFaultMessageTests``).
    let workspace = try Workspace()
    let bytes = try [UInt8](Data(contentsOf: Self.osmFixtures.appendingPathComponent("Helsinki.osm.pbf")))
    var environment = workspace.environment
    environment["TMPDIR"] = workspace.directory.appendingPathComponent("no-such-directory").path
    let result = try BeaconProcess.run(
      ["--store", workspace.storePath, "--locale", "nn", "import", "-", "--json"],
      environment: environment,
      stdin: bytes
    )
    #expect(result.termination == .exited(0), "\(result.stderr)")
    let json = try Self.parse(result.stdout)
    #expect(json["imported"]?["restaurant"]?.intValue == Self.helsinkiReference.restaurant, "\(json)")
  }
}
