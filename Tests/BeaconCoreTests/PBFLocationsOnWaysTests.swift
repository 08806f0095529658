import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// PBFs with their nodes' positions on their ways (the optional feature `LocationsOnWays`, as
/// `osmium add-locations-to-ways` writes them, leaving out the untagged nodes): ways and multipolygons are placed from
/// those positions, as they would be from the nodes.
@Suite struct PBFLocationsOnWaysTests {
  typealias Node = PBFWriter.Node
  typealias Way = PBFWriter.Way

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/osm")

  static func read(fixture name: String) throws -> OSMImporter.Parsed {
    let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
    return try OSMImporter.read(.bytes(bytes, name: name))
  }

  static func read(_ bytes: [UInt8]) throws -> OSMImporter.Parsed {
    try OSMImporter.read(.bytes(bytes, name: "city.osm.pbf"))
  }

  /// `places` without the time they were read at.
  static func timeless(_ places: [Place]) -> [Place] {
    places.map {
      var place = $0
      place.fetchedAt = .distantPast
      return place
    }
  }

  /// The fixture is Helsinki.osm.pbf's restaurants, cafés and hotels (`osmium tags-filter`), their nodes' positions
  /// put on their ways and the untagged nodes left out (`osmium add-locations-to-ways`).
  @Test func helsinkiWithLocationsOnWaysGivesHelsinkisPlacesExactly() throws {
    let onWays = try Self.read(fixture: "Helsinki-locations-on-ways.osm.pbf")
    // libosmium's counts for this file (Scripts/pbf-reference.py, which reads it without a node location index).
    let counts = Dictionary(grouping: onWays.places, by: \.category).mapValues(\.count)
    #expect(counts == [.restaurant: 213, .cafe: 85, .hotel: 26])
    #expect(onWays.skipped == ["nameless": 6])
    // The two hotel ways and the multipolygon of Marski by Scandic, whose nodes the file does not have.
    let drawn = onWays.places.map(\.id).filter { !$0.hasPrefix("osm:node/") }.sorted()
    #expect(drawn == ["osm:relation/5608", "osm:way/123525580", "osm:way/123915163"])
    let plain = try Self.read(fixture: "Helsinki.osm.pbf")
    let plainByID = Dictionary(uniqueKeysWithValues: Self.timeless(plain.places).map { ($0.id, $0) })
    #expect(Set(plainByID.keys) == Set(onWays.places.map(\.id)))
    for place in Self.timeless(onWays.places) {
      let same = plainByID[place.id] == place
      #expect(same, "\(place.id)")
    }
  }

  /// A café drawn as a closed way, a hotel as a multipolygon of one outer way and a restaurant whose last node the
  /// writer did not find (osmium writes 214.7483647° for it), with a coordinate scale of their own.
  static func blocks(locationsOnWays: Bool) -> [PBFWriter.Block] {
    let square: [(lat: Double, lon: Double)] = [
      (59.91, 10.75), (59.91, 10.752), (59.912, 10.752), (59.912, 10.75), (59.91, 10.75),
    ]
    let triangle: [(lat: Double, lon: Double)] = [
      (-33.87, 151.2), (-33.86, 151.21), (-33.861, 151.19), (-33.87, 151.2),
    ]
    let line: [(lat: Double, lon: Double)] = [(60.17, 24.94), (60.171, 24.941), (214.748_364_7, 214.748_364_7)]
    var nodes: [Node] = []
    for (index, location) in (square.dropLast() + triangle.dropLast() + line.dropLast()).enumerated() {
      nodes.append(Node(id: Int64(100 + index), lat: location.lat, lon: location.lon))
    }
    func on(_ locations: [(lat: Double, lon: Double)]) -> [(lat: Double, lon: Double)]? {
      locationsOnWays ? locations : nil
    }
    let ways: [Way] = [
      Way(
        id: 1,
        refs: [100, 101, 102, 103, 100],
        tags: [("amenity", "cafe"), ("name", "Kvadrat")],
        locations: on(square)
      ),
      Way(id: 2, refs: [104, 105, 106, 104], locations: on(triangle)),
      Way(id: 3, refs: [107, 108, 109], tags: [("amenity", "restaurant"), ("name", "Halvveis")], locations: on(line)),
    ]
    let hotel = PBFWriter.Relation(
      id: 7,
      members: [(type: 1, id: 2, role: "outer")],
      tags: [("type", "multipolygon"), ("tourism", "hotel"), ("name", "Trekant")]
    )
    let scale = (granularity: Int64(1000), latOffset: Int64(-2_000_000), lonOffset: Int64(3_000))
    // With locations on the ways, the untagged nodes are left out, as osmium does.
    return (locationsOnWays ? [] : [PBFWriter.Block([.dense(nodes)])]) + [
      PBFWriter.Block(
        [.ways(ways)],
        granularity: scale.granularity,
        latOffset: scale.latOffset,
        lonOffset: scale.lonOffset
      ),
      PBFWriter.Block([.relations([hotel])]),
    ]
  }

  @Test func waysAndMultipolygonsArePlacedFromThePositionsOnTheWaysAsFromTheirNodes() throws {
    let fromNodes = try Self.read(PBFWriter.file(Self.blocks(locationsOnWays: false)))
    let onWays = try Self.read(PBFWriter.file(Self.blocks(locationsOnWays: true)))
    #expect(onWays.places.map(\.id) == ["osm:way/1", "osm:relation/7"])
    #expect(Self.timeless(onWays.places) == Self.timeless(fromNodes.places))
    #expect(onWays.skipped == ["missingNodes": 1], "the restaurant's third node has no position")
    #expect(fromNodes.skipped == ["missingNodes": 1])
    let cafe = try #require(onWays.places.first)
    #expect(abs(cafe.location.lat - 59.911) < 1e-9 && abs(cafe.location.lon - 10.751) < 1e-9, "\(cafe.location)")
    // Unsorted: the relation before the way it needs (read again for it).
    let reversed = try Self.read(PBFWriter.file(Self.blocks(locationsOnWays: true).reversed()))
    #expect(Self.timeless(reversed.places) == Self.timeless(onWays.places))
    #expect(reversed.skipped == onWays.skipped)
  }

  /// `osmium cat -f pbf,locations_on_ways=true` without a node index writes osmium's undefined position for every
  /// node, and a file merged from one with positions and one without has ways of both kinds: those ways are placed
  /// from their nodes in the file. They were skipped as `missingNodes`.
  @Test func aWayWithoutItsPositionsIsPlacedFromItsNodes() throws {
    let nodes = [
      Node(id: 1, lat: 60.1, lon: 24.9), Node(id: 2, lat: 60.1, lon: 24.901), Node(id: 3, lat: 60.101, lon: 24.901),
    ]
    let undefined = Array(repeating: (lat: 214.748_364_7, lon: 214.748_364_7), count: 4)
    let someUndefined = [(lat: 60.1, lon: 24.9), (214.748_364_7, 214.748_364_7), (60.101, 24.901), (60.1, 24.9)]
    func file(_ locations: [[(lat: Double, lon: Double)]?]) -> [UInt8] {
      let ways = locations.enumerated().map { index, located in
        Way(
          id: Int64(index + 1),
          refs: [1, 2, 3, 1],
          tags: [("amenity", "cafe"), ("name", "Kafé \(index + 1)")],
          locations: located
        )
      }
      return PBFWriter.file([PBFWriter.Block([.dense(nodes)]), PBFWriter.Block([.ways(ways)])])
    }
    let plain = try Self.read(file([nil, nil, nil]))
    #expect(plain.places.count == 3)
    let mixed = try Self.read(file([undefined, nil, someUndefined]))
    #expect(Self.timeless(mixed.places) == Self.timeless(plain.places))
    #expect(mixed.skipped.isEmpty, "\(mixed.skipped)")
  }

  @Test func aWayWithMorePositionsThanNodesIsMalformedAtItsBlock() {
    let way = Way(
      id: 1,
      refs: [1, 2, 3],
      tags: [("amenity", "cafe"), ("name", "Skjev")],
      locations: [(59.9, 10.7), (59.91, 10.71), (59.92, 10.72), (59.93, 10.73)]
    )
    let file = PBFWriter.file([PBFWriter.Block([.ways([way])])])
    #expect(
      throws: BeaconError.importFailed(
        file: "city.osm.pbf",
        position: .byteOffset(PBFWriter.file([]).count),
        reason: .pbfMalformed(message: "PrimitiveBlock")
      )
    ) {
      try Self.read(file)
    }
  }
}
