import BeaconTestSupport
import Testing

@testable import BeaconCore

/// OSM PBF files written by ``PBFWriter`` for every edge of the format, read by ``OSMImporter`` like any import.
@Suite struct PBFImportTests {
  typealias Node = PBFWriter.Node
  typealias Way = PBFWriter.Way

  static func read(_ bytes: [UInt8]) throws -> OSMImporter.Parsed {
    try OSMImporter.read(.bytes(bytes, name: "city.osm.pbf"))
  }

  static func place(_ parsed: OSMImporter.Parsed, _ id: String) throws -> Place {
    try #require(parsed.places.first { $0.id == id }, "\(parsed.places.map(\.id))")
  }

  static func isNear(_ a: Coordinate, _ lat: Double, _ lon: Double) -> Bool {
    abs(a.lat - lat) < 1e-7 && abs(a.lon - lon) < 1e-7
  }

  @Test(arguments: [PBFWriter.Compression.zlib, .raw])
  func denseNodesAcrossBlocksKeepTheirIdsCoordinatesAndTags(compression: PBFWriter.Compression) throws {
    // Delta coding restarts in each block; negative ids and coordinates on both sides of 0; untagged nodes
    // between tagged ones; a tag with an empty value (an empty string in the table besides index 0).
    let first = PBFWriter.Block([
      .dense([
        Node(id: -3, lat: -33.8688, lon: 151.2093, tags: [("amenity", "cafe"), ("name", "Sydney Flat White")]),
        Node(id: 5, lat: 0.5, lon: -0.25),
        Node(
          id: 9,
          lat: -0.5,
          lon: 0.25,
          tags: [("amenity", "restaurant"), ("name", "Null Island Grill"), ("note", "")]
        ),
      ])
    ])
    let second = PBFWriter.Block([
      .dense([
        Node(id: 10, lat: 59.9139, lon: 10.7522),
        Node(
          id: 11,
          lat: 59.9127,
          lon: 10.7461,
          tags: [("tourism", "hotel"), ("name", "Hotell Oslo"), ("stars", "4")]
        ),
        Node(id: 12, lat: -22.9068, lon: -43.1729, tags: [("amenity", "bench")]),
      ])
    ])
    let parsed = try Self.read(PBFWriter.file([first, second], compression: compression))
    #expect(parsed.format == .pbf)
    #expect(parsed.places.map(\.id) == ["osm:node/-3", "osm:node/9", "osm:node/11"])
    #expect(Self.isNear(try Self.place(parsed, "osm:node/-3").location, -33.8688, 151.2093))
    #expect(Self.isNear(try Self.place(parsed, "osm:node/9").location, -0.5, 0.25))
    let hotel = try Self.place(parsed, "osm:node/11")
    #expect(Self.isNear(hotel.location, 59.9127, 10.7461))
    #expect(hotel.category == .hotel)
    #expect(hotel.detailsJSON?.contains(#""stars":"4""#) == true)
    #expect(parsed.skipped.isEmpty, "only wanted kinds are read: \(parsed.skipped)")
  }

  @Test func granularityAndOffsetsScaleCoordinates() throws {
    let nodes = [Node(id: 1, lat: 69.6492, lon: 18.9553, tags: [("amenity", "cafe"), ("name", "Tromsø Kaffe")])]
    let block = PBFWriter.Block([.nodes(nodes)], granularity: 1000, latOffset: 60_000_000_000, lonOffset: -5_000)
    let parsed = try Self.read(PBFWriter.file([block]))
    #expect(Self.isNear(try Self.place(parsed, "osm:node/1").location, 69.6492, 18.9553))
  }

  /// A node's position is the double nearest its 7-decimal coordinates, the one a reader of osmium's GeoJSON of the
  /// same file gets: importing the GeoJSON after the PBF (or the other way) finds the places unchanged. Multiplying
  /// by 1e-9 gave 24.935395600000003 for 24.9353956.
  @Test func positionsAreTheNearestDoublesToTheirDecimals() throws {
    let coordinates: [(Double, Double)] = [
      (60.1699, 24.9353956), (60.1712345, 24.9414566), (-33.8688197, 151.2092955), (0.0000001, -0.0000001),
      (89.9999999, -179.9999999), (59.9138688, 10.7522454), (-0.1234567, 100.9876543),
    ]
    var nodes: [Node] = []
    for (index, (lat, lon)) in coordinates.enumerated() {
      nodes.append(Node(id: Int64(index + 1), lat: lat, lon: lon, tags: [("amenity", "cafe"), ("name", "K\(index)")]))
    }
    for group in [PBFWriter.Group.dense(nodes), .nodes(nodes)] {
      let parsed = try Self.read(PBFWriter.file([PBFWriter.Block([group])]))
      for (index, (lat, lon)) in coordinates.enumerated() {
        let location = try Self.place(parsed, "osm:node/\(index + 1)").location
        #expect(location.lat == lat && location.lon == lon, "\(location) for \(lat), \(lon)")
      }
    }
  }

  @Test func namelessWantedNodesAreCountedAndOthersIgnored() throws {
    let block = PBFWriter.Block([
      .nodes([
        Node(id: 1, lat: 1, lon: 1, tags: [("amenity", "cafe")]),
        Node(id: 2, lat: 1, lon: 1, tags: [("amenity", "cafe"), ("name", "  ")]),
        Node(id: 3, lat: 1, lon: 1, tags: [("amenity", " cafe "), ("name", "Kafé Én")]),
      ])
    ])
    let parsed = try Self.read(PBFWriter.file([block]))
    #expect(parsed.places.map(\.name) == ["Kafé Én"])
    #expect(parsed.skipped == ["nameless": 2])
  }

  /// A square restaurant building (closed way, nodes in an earlier block), an open way, a way with a node the
  /// extract lacks, and a multipolygon relation of two outer ways that close a ring only together.
  static func waysFile() -> [UInt8] {
    let corners: [Node] = [
      Node(id: 100, lat: 60.0, lon: 10.0), Node(id: 101, lat: 60.0, lon: 10.002),
      Node(id: 102, lat: 60.001, lon: 10.002),
      Node(id: 103, lat: 60.001, lon: 10.0), Node(id: 200, lat: -10.0, lon: -20.0),
      Node(id: 201, lat: -10.0, lon: -19.99),
    ]
    let ring: [Node] = [
      Node(id: 300, lat: 1.0, lon: 1.0), Node(id: 301, lat: 1.0, lon: 1.004), Node(id: 302, lat: 1.002, lon: 1.004),
      Node(id: 303, lat: 1.002, lon: 1.0),
    ]
    let ways = PBFWriter.Block([
      .ways([
        Way(id: 7, refs: [100, 101, 102, 103, 100], tags: [("amenity", "restaurant"), ("name", "Kvadraten")]),
        Way(id: 8, refs: [200, 201], tags: [("tourism", "hotel"), ("name", "Langhuset")]),
        Way(id: 9, refs: [100, 999_999, 101], tags: [("amenity", "cafe"), ("name", "Utenfor kartet")]),
        Way(id: 20, refs: [300, 301, 302]),
        Way(id: 21, refs: [300, 303, 302]),
        Way(id: 22, refs: [300, 888_888]),
      ])
    ])
    let relations = PBFWriter.Block([
      .relations([
        .init(
          id: 50,
          members: [(1, 20, "outer"), (1, 21, "outer"), (0, 100, "")],
          tags: [("type", "multipolygon"), ("amenity", "cafe"), ("name", "Ringen")]
        ),
        .init(
          id: 51,
          members: [(1, 22, "outer")],
          tags: [("type", "multipolygon"), ("amenity", "cafe"), ("name", "Halvringen")]
        ),
        .init(id: 52, members: [(1, 20, "outer")], tags: [("type", "route"), ("amenity", "cafe"), ("name", "Rute")]),
      ])
    ])
    return PBFWriter.file([PBFWriter.Block([.dense(corners)]), PBFWriter.Block([.dense(ring)]), ways, relations])
  }

  @Test func waysAndMultipolygonsAreAtTheirCentroidAndWaysWithMissingNodesAreCounted() throws {
    let parsed = try Self.read(Self.waysFile())
    #expect(parsed.places.map(\.id) == ["osm:way/7", "osm:way/8", "osm:relation/50"])
    #expect(Self.isNear(try Self.place(parsed, "osm:way/7").location, 60.0005, 10.001))
    #expect(Self.isNear(try Self.place(parsed, "osm:way/8").location, -10.0, -19.995))
    #expect(Self.isNear(try Self.place(parsed, "osm:relation/50").location, 1.001, 1.002))
    // Way 9 lacks a node; relation 51's ring does not close (its way lacks a node too, but it cannot close).
    #expect(parsed.skipped == ["missingNodes": 1, "unsupportedGeometry": 1], "\(parsed.skipped)")
    #expect(ImportMessage.skipReason("missingNodes").text(in: .nb) == "med noder som mangler i utdraget")
  }

  @Test func aFileOfNothingWantedSaysWhatWasSkipped() throws {
    let block = PBFWriter.Block([.ways([Way(id: 9, refs: [1, 2], tags: [("amenity", "cafe"), ("name", "Borte")])])])
    let parsed = try Self.read(PBFWriter.file([block]))
    #expect(parsed.places.isEmpty)
    #expect(parsed.skipped == ["missingNodes": 1])
  }
}
