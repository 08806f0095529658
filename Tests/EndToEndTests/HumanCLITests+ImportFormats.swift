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

/// `beacon import` on the exports people really have: osmium's GeoJSON without ids, GeoJSONSeq with
/// and without RS, Overpass JSON, the standard input, and files with nothing to import.
extension EndToEnd.HumanCLITests {
  /// What `osmium export city.osm -f geojsonseq` (osmium-tool 1.15, no `-a type,id`) writes for a café node, a
  /// restaurant building (a closed way: once as a LineString, once as a MultiPolygon) and a bench.
  static let osmiumFeaturesWithoutIDs = [
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.76,59.92]},"#
      + #""properties":{"amenity":"cafe","name":"Kaffekoppen"}}"#,
    #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.761,59.921],[10.762,59.921],"#
      + #"[10.762,59.922],[10.761,59.922],[10.761,59.921]]},"#
      + #""properties":{"amenity":"restaurant","building":"yes","name":"Fjellstua Bistro"}}"#,
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.763,59.923]},"properties":{"amenity":"bench"}}"#,
    #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[10.761,59.921],[10.762,59.921],"#
      + #"[10.762,59.922],[10.761,59.922],[10.761,59.921]]]]},"#
      + #""properties":{"amenity":"restaurant","building":"yes","name":"Fjellstua Bistro"}}"#,
  ]

  /// The same with `-a type,id`.
  static var osmiumFeaturesWithIDs: [String] {
    zip(
      osmiumFeaturesWithoutIDs,
      [#""@type":"node","@id":1,"#, #""@type":"way","@id":7,"#, "", #""@type":"way","@id":7,"#]
    )
    .map { $0.replacingOccurrences(of: #""properties":{"#, with: #""properties":{"# + $1) }
  }

  static func geoJSON(_ features: [String]) -> String {
    "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
  }

  static func geoJSONSeq(_ features: [String], separator: Bool) -> String {
    features.map { (separator ? "\u{1E}" : "") + $0 + "\n" }.joined()
  }

  @Test func anOsmiumExportWithoutIDsIsImportedWithANoteAndReimportingDoesNotDuplicate() throws {
    let workspace = try Workspace()
    let file = try workspace.write(Self.geoJSON(Self.osmiumFeaturesWithoutIDs), to: "city.geojson")
    let result = try workspace.run(["import", file])
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Importerte 2 steder"), "\(result.stdout)")
    #expect(result.stdout.contains("1 restaurant"))
    #expect(result.stdout.contains("1 kafé"))
    #expect(result.stdout.contains("Hoppet over 1 objekt:"), "the closed way counts once: \(result.stdout)")
    #expect(result.stdout.contains("2 av stedene har ingen OpenStreetMap-id"), "\(result.stdout)")
    #expect(result.stdout.contains("osmium export -a type,id"))

    let json = try Self.parse(try workspace.succeed(["import", file, "--json"]))
    #expect(json["total"] == 2)
    #expect(json["derivedIds"] == 2)
    #expect(json["format"] == "geojson")

    let english = try workspace.succeed(["--locale", "en", "import", file])
    #expect(english.contains("2 of the places have no OpenStreetMap id"), "\(english)")
    let nynorsk = try workspace.succeed(["--locale", "nn", "import", file])
    #expect(nynorsk.contains("2 av stadene har ingen OpenStreetMap-id"), "\(nynorsk)")

    // Imported three times: still one of each.
    for (category, name) in [("restaurant", "Fjellstua Bistro"), ("cafe", "Kaffekoppen")] {
      let found = try Self.parse(
        try workspace.succeed(["--offline", "search", "--near", "59.92,10.76", "--category", category, "--json"])
      )
      let names = found["places"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
      #expect(names.filter { $0 == name }.count == 1, "\(names)")
    }
  }

  @Test(arguments: [true, false])
  func geoJSONSeqIsReadWithOrWithoutRecordSeparators(separator: Bool) throws {
    let workspace = try Workspace()
    // The name says GeoJSON; the content decides.
    let file = try workspace.write(Self.geoJSONSeq(Self.osmiumFeaturesWithIDs, separator: separator), to: "x.geojson")
    let result = try workspace.run(["import", file, "--json"])
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    let json = try Self.parse(result.stdout)
    #expect(json["format"] == "geojsonseq")
    #expect(json["total"] == 2)
    #expect(json["derivedIds"] == 0)
    #expect(json["skipped"] == ["otherKind": 1])
    let details = try workspace.succeed(["--offline", "details", "osm:way/7"])
    #expect(details.contains("Fjellstua Bistro"), "\(details)")
  }

  @Test func overpassJSONWithOutCenterIsRead() throws {
    let workspace = try Workspace()
    let overpass = """
      {
        "version": 0.6,
        "generator": "Overpass API 0.7.62.1",
        "elements": [
      {
        "type": "node",
        "id": 101,
        "lat": 59.92,
        "lon": 10.76,
        "tags": {"amenity": "cafe", "name": "Kaffekoppen"}
      },
      {
        "type": "way",
        "id": 7,
        "center": {"lat": 59.9215, "lon": 10.7615},
        "nodes": [1, 2, 3, 4, 1],
        "tags": {"amenity": "restaurant", "building": "yes", "name": "Fjellstua Bistro"}
      },
      {
        "type": "relation",
        "id": 9,
        "center": {"lat": 59.923, "lon": 10.763},
        "members": [{"type": "way", "ref": 8, "role": "outer"}],
        "tags": {"type": "multipolygon", "tourism": "hotel", "name": "Hotell Nord"}
      }
        ]
      }
      """
    let file = try workspace.write(overpass, to: "overpass.json")
    let result = try workspace.run(["import", file])
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Importerte 3 steder"), "\(result.stdout)")
    let details = try workspace.succeed(["--offline", "details", "osm:relation/9"])
    #expect(details.contains("Hotell Nord"), "\(details)")
    #expect(details.contains("https://www.openstreetmap.org/relation/9"), "\(details)")
  }

  @Test func importDashReadsAPipe() throws {
    let workspace = try Workspace()
    let input = Self.geoJSONSeq(Self.osmiumFeaturesWithIDs, separator: true)
    let result = try BeaconProcess.run(
      ["--store", workspace.storePath, "import", "-"],
      environment: workspace.environment,
      stdin: Array(input.utf8)
    )
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Importerte 2 steder fra standard inn:"), "\(result.stdout)")
    let json = try BeaconProcess.run(
      ["--store", workspace.storePath, "import", "-", "--json"],
      environment: workspace.environment,
      stdin: Array(Self.geoJSON(Self.osmiumFeaturesWithIDs).utf8)
    )
    #expect(json.termination == .exited(0), "stderr: \(json.stderr)")
    let parsed = try Self.parse(json.stdout)
    #expect(parsed["file"] == "-")
    #expect(parsed["format"] == "geojson")
    #expect(parsed["total"] == 2)
    let details = try workspace.succeed(["--offline", "details", "osm:node/1"])
    #expect(details.contains("Kaffekoppen"), "\(details)")
  }

  @Test func importDashOfAnEmptyPipeFailsAndStoresNothing() throws {
    let workspace = try Workspace()
    let result = try BeaconProcess.run(
      ["--store", workspace.storePath, "import", "-"],
      environment: workspace.environment
    )
    #expect(result.termination == .exited(1))
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(result.stderr.contains("Kunne ikke importere standard inn: det er ingenting å lese"), "\(result.stderr)")
    #expect(!result.stderr.contains("'-'"), "\(result.stderr)")
  }

  @Test func importDashFromATerminalSaysToPipeAndDoesNotWait() throws {
    let workspace = try Workspace()
    let (master, name) = try Self.openPseudoTerminal()
    defer { close(master) }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw HarnessError("cannot open \(name) (errno \(errno))") }
    let process = Process()
    process.executableURL = try BeaconBinary.url()
    process.arguments = ["--store", workspace.storePath, "--locale", "en", "import", "-"]
    process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BEACON_") }
    let stderr = Pipe()
    process.standardInput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    try process.run()
    close(terminal)
    let collected = OutputCollector(handle: stderr.fileHandleForReading, name: "stderr", parsesMessages: false)
    let deadline = Date(timeIntervalSinceNow: 15)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    _ = collected.waitForEnd(timeout: 5)
    #expect(process.terminationReason == .exit && process.terminationStatus == 1, "it must not wait for the terminal")
    #expect(collected.text.contains("reads the standard input, but it is a terminal"), "\(collected.text)")
  }

  @Test func aFileWithNothingToImportExitsNonZeroAndSaysWhy() throws {
    let workspace = try Workspace()
    let benches = Self.geoJSON([
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.76,59.92]},"properties":{"amenity":"bench"}}"#,
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.76,59.92]},"properties":{"amenity":"cafe"}}"#,
    ])
    let file = try workspace.write(benches, to: "benches.geojson")
    let result = try workspace.run(["import", file])
    #expect(result.termination == .exited(1))
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(
      result.stderr.contains("Fant ingen restauranter, kafeer eller hoteller med navn i '\(file)'"),
      "\(result.stderr)"
    )
    #expect(result.stderr.contains("ingenting ble lagret"))
    #expect(result.stderr.contains("1 uten navn"))
    let english = try workspace.run(["--locale", "en", "import", file, "--json"])
    #expect(english.termination == .exited(1))
    #expect(english.stderr.contains("Found no named restaurants, cafés or hotels"), "\(english.stderr)")
    #expect(english.stderr.contains("1 not a restaurant, café or hotel"))
    let empty = try workspace.run(["import", try workspace.write(Self.geoJSON([]), to: "empty.geojson")])
    #expect(empty.termination == .exited(1))
    #expect(
      empty.stderr.contains("(ingenting i filen er merket som restaurant, kafé eller hotell)"),
      "\(empty.stderr)"
    )
  }
}
