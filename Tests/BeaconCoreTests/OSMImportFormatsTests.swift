import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `OSMImporter` on the exports people really have: osmium's GeoJSON and GeoJSONSeq with and without ids,
/// and Overpass JSON. The fixtures have the shape osmium-tool 1.15 writes for a small extract: a café node, a
/// restaurant building (a closed way, written as a LineString and again as a MultiPolygon), a closed café way
/// (the same), an open hotel way and a hotel multipolygon relation.
@Suite struct OSMImportFormatsTests {
  /// The seven features of `osmium export extract.osm -f geojsonseq` (no options), in osmium's order: nodes,
  /// ways as LineStrings, then areas.
  static let osmiumFeatures = [
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"#
      + #""properties":{"amenity":"cafe","name":"Node Kafé"}}"#,
    #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.0,60.0],[10.002,60.0],[10.002,60.002],"#
      + #"[10.0,60.002],[10.0,60.0]]},"properties":{"amenity":"restaurant","building":"yes","name":"Bygg Restaurant"}}"#,
    #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[11.0,61.0],[11.002,61.0],[11.002,61.002],"#
      + #"[11.0,61.002],[11.0,61.0]]},"properties":{"amenity":"cafe","name":"Lukket Kafé"}}"#,
    #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[11.0,61.0],[11.002,61.0],[11.002,61.002]]},"#
      + #""properties":{"tourism":"hotel","name":"Åpen Linje"}}"#,
    #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[10.0,60.0],[10.002,60.0],"#
      + #"[10.002,60.002],[10.0,60.002],[10.0,60.0]]]]},"#
      + #""properties":{"amenity":"restaurant","building":"yes","name":"Bygg Restaurant"}}"#,
    #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[11.0,61.0],[11.002,61.0],"#
      + #"[11.002,61.002],[11.0,61.002],[11.0,61.0]]]]},"properties":{"amenity":"cafe","name":"Lukket Kafé"}}"#,
    #"{"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[12.0,62.0],[12.002,62.0],"#
      + #"[12.002,62.002],[12.0,62.002],[12.0,62.0]]]]},"properties":{"tourism":"hotel","name":"Relasjon Hotell"}}"#,
  ]

  /// `-a type,id`: osmium's `@type`/`@id` for each of ``osmiumFeatures`` (the areas keep their way's or
  /// relation's own type and id).
  static let osmiumAttributes = [
    #""@type":"node","@id":1,"#, #""@type":"way","@id":100,"#, #""@type":"way","@id":101,"#,
    #""@type":"way","@id":103,"#, #""@type":"way","@id":100,"#, #""@type":"way","@id":101,"#,
    #""@type":"relation","@id":200,"#,
  ]

  /// `-u type_id`: osmium's feature ids (an area's is twice its way's id, or twice its relation's plus one).
  static let osmiumUniqueIDs = ["n1", "w100", "w101", "w103", "a200", "a202", "a401"]

  static func withAttributes() -> [String] {
    zip(osmiumFeatures, osmiumAttributes).map { feature, attributes in
      feature.replacingOccurrences(of: #""properties":{"#, with: #""properties":{"# + attributes)
    }
  }

  static func withUniqueIDs() -> [String] {
    zip(osmiumFeatures, osmiumUniqueIDs).map { feature, id in
      feature.replacingOccurrences(of: #"{"type":"Feature","#, with: #"{"type":"Feature","id":"\#(id)","#)
    }
  }

  /// As `osmium export -f geojson` writes it.
  static func collection(_ features: [String]) -> String {
    "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
  }

  /// As `osmium export -f geojsonseq` writes it (`withSeparator: false`: `-x print_record_separator=false`).
  static func sequence(_ features: [String], withSeparator: Bool = true) -> String {
    features.map { (withSeparator ? "\u{1E}" : "") + $0 + "\n" }.joined()
  }

  static func parse(_ text: String, maxBytes: Int = .max) throws -> OSMImporter.Parsed {
    try OSMImporter.read(.bytes(Array(text.utf8), name: "extract"), maxBytes: maxBytes)
  }

  static let names = ["Node Kafé", "Bygg Restaurant", "Lukket Kafé", "Åpen Linje", "Relasjon Hotell"]

  // MARK: - Without ids

  @Test(arguments: [0, 1, 2])
  func anExportWithoutIDsImportsEveryPlaceOnceWithIDsFromTheirContent(form: Int) throws {
    let text = [
      Self.collection(Self.osmiumFeatures), Self.sequence(Self.osmiumFeatures),
      Self.sequence(Self.osmiumFeatures, withSeparator: false),
    ][form]
    let parsed = try Self.parse(text)
    #expect(parsed.places.map(\.name) == Self.names)
    #expect(parsed.places.allSatisfy { $0.id.hasPrefix("osm:content/") }, "\(parsed.places.map(\.id))")
    #expect(Set(parsed.places.map(\.id)).count == 5)
    #expect(parsed.derivedIDs == 5)
    #expect(parsed.skipped.isEmpty, "the closed ways' LineStrings are not duplicates: \(parsed.skipped)")
    #expect(parsed.format == [.geoJSON, .geoJSONSeq, .geoJSONSeq][form])
    // Stable: the same export, read again, gives the same ids.
    #expect(try Self.parse(text).places.map(\.id) == parsed.places.map(\.id))
    // The closed ways are at their area's centroid.
    let building = try #require(parsed.places.first { $0.name == "Bygg Restaurant" })
    #expect(abs(building.location.lat - 60.001) < 1e-9 && abs(building.location.lon - 10.001) < 1e-9)
  }

  @Test func theContentIDDependsOnCategoryNameAndRoundedPosition() {
    let here = Coordinate(lat: 59.91, lon: 10.75)
    let id = OSMImporter.contentID(category: .cafe, name: "Kaffe  Bar", location: here)
    #expect(id.count == "osm:content/".count + 16)
    #expect(OSMImporter.contentID(category: .cafe, name: " kaffe bar", location: here) == id)
    #expect(
      OSMImporter.contentID(category: .cafe, name: "Kaffe Bar", location: Coordinate(lat: 59.91001, lon: 10.75)) == id
    )
    #expect(OSMImporter.contentID(category: .restaurant, name: "Kaffe Bar", location: here) != id)
    #expect(OSMImporter.contentID(category: .cafe, name: "Kaffe Baren", location: here) != id)
    #expect(
      OSMImporter.contentID(category: .cafe, name: "Kaffe Bar", location: Coordinate(lat: 59.911, lon: 10.75)) != id
    )
  }

  // MARK: - With ids

  @Test(arguments: [false, true])
  func osmiumAttributesGiveOSMIDsAndAClosedWayCountsOnce(sequence: Bool) throws {
    let features = Self.withAttributes()
    let parsed = try Self.parse(sequence ? Self.sequence(features) : Self.collection(features))
    #expect(parsed.places.map(\.id) == ["osm:node/1", "osm:way/100", "osm:way/101", "osm:way/103", "osm:relation/200"])
    #expect(parsed.places.map(\.name) == Self.names)
    #expect(parsed.derivedIDs == 0)
    #expect(parsed.skipped.isEmpty, "\(parsed.skipped)")
  }

  @Test func osmiumUniqueTypeIDsMapAreasBackToTheirWayOrRelation() throws {
    let parsed = try Self.parse(Self.sequence(Self.withUniqueIDs()))
    #expect(parsed.places.map(\.id) == ["osm:node/1", "osm:way/100", "osm:way/101", "osm:way/103", "osm:relation/200"])
    #expect(parsed.skipped.isEmpty, "\(parsed.skipped)")
    let links = parsed.places.map { PlaceDetails(place: $0, rating: nil, isFavorite: false).links.openStreetMap }
    #expect(links.last == "https://www.openstreetmap.org/relation/200")
  }

  // MARK: - GeoJSONSeq

  @Test func aSequenceIsReadRecordByRecordAndNeedsNoMoreThanOneRecordInMemory() throws {
    let text = Self.sequence(Self.withAttributes())
    // Each record is under 400 bytes; the whole sequence is not.
    #expect(text.utf8.count > 1_000)
    let parsed = try Self.parse(text, maxBytes: 400)
    #expect(parsed.places.count == 5)
    // The same features as one FeatureCollection are read feature by feature too: the limit is per feature.
    #expect(try Self.parse(Self.collection(Self.withAttributes()), maxBytes: 400).places.count == 5)
  }

  @Test(arguments: [false, true])
  func aLongSequenceFileIsReadAcrossChunksAndLinesAreCountedToTheEnd(separator: Bool) throws {
    // About 1.4 MB: records cross the 64 KiB reads, and what was read is dropped along the way.
    let count = 4_000
    let note = String(repeating: "x", count: 200)
    var lines = (1...count).map { index in
      #"{"type":"Feature","id":"n\#(index)","geometry":{"type":"Point","coordinates":[10.\#(index),59.9]},"#
        + #""properties":{"amenity":"cafe","name":"Kafé nummer \#(index)","note":"\#(note)"}}"#
    }
    let directory = TemporaryDirectory()
    let path = directory.file("long.geojsonseq")
    try Data(Self.sequence(lines, withSeparator: separator).utf8).write(to: URL(fileURLWithPath: path))
    let parsed = try OSMImporter.read(try .file(path: path), maxBytes: 4_096)
    #expect(parsed.places.count == count)
    #expect(parsed.places.last?.id == "osm:node/\(count)")
    #expect(parsed.places.last?.name == "Kafé nummer \(count)")

    lines[count - 1] = String(lines[count - 1].prefix(30))
    try Data(Self.sequence(lines, withSeparator: separator).utf8).write(to: URL(fileURLWithPath: path))
    do {
      _ = try OSMImporter.read(try .file(path: path), maxBytes: 4_096)
      Issue.record("a cut last record must fail")
    } catch {
      guard case .importFailed(let file, let position, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(file == path)
      #expect(position == .lineColumn(line: count, column: 31))
    }
  }

  @Test func blankLinesAndCarriageReturnsBetweenRecordsAreFine() throws {
    let features = Self.withAttributes()
    let text = "\n" + features[0] + "\r\n\r\n" + features[1] + "\r\n" + features[4]
    let parsed = try Self.parse(text)
    #expect(parsed.places.map(\.id) == ["osm:node/1", "osm:way/100"])
  }

  @Test(arguments: [false, true])
  func aBrokenRecordNamesItsLineAndColumn(separator: Bool) throws {
    var lines = Self.withAttributes().map { (separator ? "\u{1E}" : "") + $0 }
    lines[2] = String(lines[2].prefix(40))
    let text = lines.joined(separator: "\n") + "\n"
    do {
      _ = try Self.parse(text)
      Issue.record("a broken record must fail")
    } catch let error as BeaconError {
      guard case .importFailed(let file, let position, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(file == "extract")
      #expect(position?.wireText.hasPrefix("line 3, column ") == true, "\(String(describing: position))")
    }
  }

  @Test func aRecordThatIsNotAFeatureNamesItsNumber() throws {
    let features = Self.withAttributes()
    let text = Self.sequence([features[0], #"{"type":"Point","coordinates":[1,2]}"#])
    #expect(throws: BeaconError.importFailed(file: "extract", position: .feature(2), reason: .notFeature)) {
      try Self.parse(text)
    }
  }

  @Test(arguments: ["", "  \n\n", "\u{FEFF}"])
  func anEmptyInputIsAnError(text: String) throws {
    #expect(throws: BeaconError.importFailed(file: "extract", position: nil, reason: .emptyInput)) {
      try Self.parse(text)
    }
  }

  @Test func osmXMLIsNamedWithTheWayToExportItAndACutPBFIsReadUpToItsCut() throws {
    // The start of `osmium cat city.osm -o city.osm.pbf` (a BlobHeader of type OSMHeader) and of an .osm file.
    let pbf: [UInt8] = [0, 0, 0, 0x0D, 0x0A, 0x09] + Array("OSMHeader".utf8) + [0x18, 0x38, 0x10, 0x2C]
    let xml = Array("<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\">\n".utf8)
    let xmlMessage = Self.refusal(xml)
    #expect(xmlMessage?.contains("OSM XML") == true, "\(String(describing: xmlMessage))")
    #expect(xmlMessage?.contains("osmium export") == true, "\(String(describing: xmlMessage))")
    #expect(
      Self.refusal(pbf) == "Could not import 'city' (byte 0): the file ends in the middle of a PBF block; "
        + "nothing was stored"
    )
  }

  /// The message (English unless asked) of the error reading `bytes` throws, or `nil` when it does not throw.
  static func refusal(_ bytes: [UInt8], in language: Language = .en) -> String? {
    do {
      _ = try OSMImporter.read(.bytes(bytes, name: "city"))
      return nil
    } catch {
      return error.message(in: language)
    }
  }

  @Test func theReasonsOfTheReadersAreSaidInNorwegian() throws {
    let pbf: [UInt8] = [0, 0, 0, 0x0D, 0x0A, 0x09] + Array("OSMHeader".utf8) + [0x18, 0x38, 0x10, 0x2C]
    #expect(
      Self.refusal(pbf, in: .nb) == "Kunne ikke importere 'city' (byte 0): filen slutter midt i en PBF-blokk; "
        + "ingenting ble lagret"
    )
    #expect(Self.refusal(pbf, in: .nn)?.contains("(byte 0): fila sluttar midt i ei PBF-blokk") == true)
    // A member of the document's top-level object other than `features` is read whole, up to the limit.
    let big = #"{"type":"FeatureCollection","note":""# + String(repeating: "x", count: 2 << 20) + #"","features":[]}"#
    do {
      _ = try OSMImporter.read(.bytes(Array(big.utf8), name: "city"), maxBytes: 2 << 20)
      Issue.record("over the limit must fail")
    } catch {
      #expect(
        error.message(in: .nb).contains(
          "filen er for stor; lag et mindre utdrag eller eksporter som GeoJSONSeq (grense: 2 MiB)"
        ),
        "\(error.message(in: .nb))"
      )
      #expect(error.message(in: .en).contains("the input is too large"))
    }
    let cut = Self.overpass.replacingOccurrences(
      of: #""version": 0.6,"#,
      with: #""remark": "runtime error: out of memory","#
    )
    #expect(
      Self.refusal(Array(cut.utf8), in: .nn)?.contains(
        "Overpass fullførte ikkje spørjinga: runtime error: out of memory"
      ) == true
    )
    #expect(Self.refusal([], in: .nb)?.contains("det er ingenting å lese") == true)
    // JSON syntax faults are said in the user's language too.
    let syntax = Self.refusal(Array(#"{"type": "FeatureCollection", "features": ["#.utf8), in: .nb)
    #expect(syntax?.contains("Unexpected") == false, "\(syntax ?? "")")
  }

  @Test func aSequenceOfNoRecordsHoldsNothing() throws {
    let parsed = try Self.parse("\u{1E}\n\u{1E}\n")
    #expect(parsed.places.isEmpty)
    #expect(parsed.format == .geoJSONSeq)
  }

  // MARK: - Overpass JSON

  static let overpass = """
    {
      "version": 0.6,
      "generator": "Overpass API 0.7.62.1",
      "osm3s": {"timestamp_osm_base": "2026-11-25T12:00:00Z", "copyright": "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL."},
      "elements": [
    {
      "type": "node",
      "id": 1,
      "lat": 59.91,
      "lon": 10.75,
      "tags": {"amenity": "cafe", "name": "Node Kafé", "opening_hours": "Mo-Fr 08:00-16:00"}
    },
    {
      "type": "way",
      "id": 100,
      "center": {"lat": 60.001, "lon": 10.001},
      "nodes": [10, 11, 12, 13, 10],
      "tags": {"amenity": "restaurant", "building": "yes", "name": "Bygg Restaurant", "cuisine": "pizza"}
    },
    {
      "type": "relation",
      "id": 200,
      "center": {"lat": 62.001, "lon": 12.001},
      "members": [{"type": "way", "ref": 102, "role": "outer"}],
      "tags": {"type": "multipolygon", "tourism": "hotel", "name": "Relasjon Hotell"}
    },
    {
      "type": "way",
      "id": 104,
      "bounds": {"minlat": 61.0, "minlon": 11.0, "maxlat": 61.002, "maxlon": 11.002},
      "tags": {"amenity": "cafe", "name": "Boks Kafé"}
    },
    {
      "type": "way",
      "id": 105,
      "nodes": [20, 21, 22],
      "tags": {"tourism": "hotel", "name": "Uten Senter"}
    },
    {"type": "node", "id": 10, "lat": 60.0, "lon": 10.0},
    {"type": "node", "id": 2, "lat": 59.9, "lon": 10.7, "tags": {"amenity": "bench"}}
      ]
    }
    """

  @Test func overpassJSONWithOutCenter() throws {
    let parsed = try Self.parse(Self.overpass)
    #expect(parsed.format == .overpass)
    #expect(parsed.places.map(\.id) == ["osm:node/1", "osm:way/100", "osm:relation/200", "osm:way/104"])
    #expect(parsed.places.map(\.category) == [.cafe, .restaurant, .hotel, .cafe])
    #expect(parsed.skipped == ["noCenter": 1, "otherKind": 2], "\(parsed.skipped)")
    let way = parsed.places[1]
    #expect(way.location == Coordinate(lat: 60.001, lon: 10.001))
    #expect(way.cuisine == "pizza")
    #expect(parsed.places[0].openingHours == "Mo-Fr 08:00-16:00")
    #expect(abs(parsed.places[3].location.lat - 61.001) < 1e-9)
    let details = PlaceDetails(place: parsed.places[2], rating: nil, isFavorite: false)
    #expect(details.links.openStreetMap == "https://www.openstreetmap.org/relation/200")
  }

  @Test func anOverpassAnswerCutShortByAnErrorIsRefused() throws {
    let text = Self.overpass.replacingOccurrences(
      of: #""version": 0.6,"#,
      with: #""version": 0.6, "remark": "runtime error: Query timed out in \"query\" at line 3 after 26 seconds.","#
    )
    let message = Self.refusal(Array(text.utf8))
    #expect(
      message?.contains("Overpass did not finish the query: runtime error: Query timed out") == true,
      "\(String(describing: message))"
    )
    #expect(message?.contains("nothing was stored") == true)
  }

  @Test func anOverpassElementWithABadCenterNamesIt() throws {
    let text =
      #"{"elements":[{"type":"way","id":1,"center":{"lat":95,"lon":10},"tags":{"amenity":"cafe","name":"X"}}]}"#
    #expect(throws: BeaconError.self) { try Self.parse(text) }
    do {
      _ = try Self.parse(text)
    } catch let error as BeaconError {
      guard case .importFailed(_, let position, _) = error else { return }
      #expect(position == .element(1))
    }
  }

  @Test func theFormatComesFromTheContentNotTheName() throws {
    for (text, format) in [
      (Self.overpass, OSMImportFormat.overpass), (Self.collection(Self.withAttributes()), .geoJSON),
      (Self.sequence(Self.withAttributes()), .geoJSONSeq),
      // Minified on one line, like overpass turbo's export and `[out:json]` with no pretty printing.
      (Self.collection(Self.withAttributes()).replacingOccurrences(of: "\n", with: ""), .geoJSON),
      (
        #"{"version":0.6,"elements":[{"type":"node","id":1,"lat":59.9,"lon":10.7,"tags":{"amenity":"cafe","name":"K"}}]}"#,
        .overpass
      ),
    ] {
      let parsed = try OSMImporter.read(.bytes(Array(text.utf8), name: "city.geojson"))
      #expect(parsed.format == format)
      #expect(!parsed.places.isEmpty)
    }
  }
}
