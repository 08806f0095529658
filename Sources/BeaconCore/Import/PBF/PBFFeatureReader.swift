import BeaconJSON

/// Reads the restaurants, cafés and hotels of an OSM PBF file as ``OSMFeature``s, in passes so that memory
/// grows with the wanted objects rather than with the file:
///
/// 1. every block: the header's required features, the wanted nodes (with their position), the wanted ways
///    (their node ids) and the wanted multipolygon relations (their outer member ways' ids);
/// 2. only when relations want member ways: the ways again, for those members' node ids;
/// 3. only when ways need nodes: the nodes again, keeping the positions of those node ids alone.
///
/// A way (or relation) is at the centroid of its line or (outer) ring by ``GeoJSONGeometry``'s rules; one whose
/// nodes are not all in the file is `missingNodes`; a relation whose outer ways form no closed ring has no
/// usable geometry. Only objects tagged as a restaurant, café or hotel are returned (named or not:
/// ``OSMImporter`` counts the nameless ones).
struct PBFFeatureReader {
  private let input: ImportInput

  /// A way or relation waiting for node positions.
  private struct Pending {
    var id: Int64
    var tags: [String: JSONValue]
    var offset: Int
    /// A way's node ids, or a relation's outer member ways' ids.
    var refs: [Int64]
  }

  private var features: [OSMFeature] = []
  private var ways: [Pending] = []
  private var relations: [Pending] = []
  /// The node ids of members of wanted relations, by way id (filled in pass 2).
  private var memberWays: [Int64: [Int64]] = [:]
  /// The positions of the nodes wanted ways need (filled in pass 3).
  private var locations: [Int64: Coordinate] = [:]

  init(input: ImportInput) {
    self.input = input
  }

  /// The wanted objects of the file: nodes first, then ways, then relations, each in file order.
  static func read(_ input: ImportInput) throws(BeaconError) -> [OSMFeature] {
    var reader = PBFFeatureReader(input: input)
    do {
      try reader.firstPass()
      if !reader.relations.isEmpty { try reader.memberPass() }
      if !reader.locations.isEmpty { try reader.locationPass() }
    } catch {
      // Not being able to read the input again is no fault of any byte in it.
      let position = error.problem == .pbfNeedsFile ? nil : ImportPosition.byteOffset(error.offset)
      throw .importFailed(file: input.name, position: position, reason: error.problem)
    }
    return reader.features + reader.ways.map(reader.way) + reader.relations.map(reader.relation)
  }

  /// Whether tags make a restaurant, café or hotel (as ``OSMImporter`` decides).
  static func isWanted(_ tags: [String: String]) -> Bool {
    func tag(_ key: String) -> String? { tags[key]?.trimmingCharacters(in: .whitespaces) }
    return ["restaurant", "cafe"].contains(tag("amenity")) || tag("tourism") == "hotel"
  }

  // MARK: - Passes

  /// Calls `body` with each data block of the file (after checking its header), decoded for `selection`.
  private static func blocks(
    _ input: ImportInput,
    _ selection: PBFPrimitiveBlock.Selection,
    _ body: (PBFElements, Int) throws(PBFFailure) -> Void
  ) throws(PBFFailure) {
    guard input.rewind() else { throw PBFFailure(problem: .pbfNeedsFile, offset: 0) }
    var blobs = PBFBlobReader(input: input)
    var first = true
    while let blob = try blobs.next() {
      defer { first = false }
      if first {
        guard blob.type == "OSMHeader" else { throw PBFFailure(problem: .pbfNoHeader, offset: blob.offset) }
        let header: PBFHeaderBlock
        do {
          header = try PBFHeaderBlock(try PBFBlobReader.decompress(blob))
        } catch let failure as PBFFailure {
          throw failure
        } catch {
          throw PBFFailure(problem: .pbfMalformed(message: "HeaderBlock"), offset: blob.offset)
        }
        if let feature = header.unsupportedFeature {
          throw PBFFailure(problem: .pbfUnsupportedFeature(name: feature), offset: blob.offset)
        }
        continue
      }
      guard blob.type == "OSMData" else { continue }  // Unknown blob types are skipped, as the format says.
      let elements: PBFElements
      do {
        elements = try PBFPrimitiveBlock(try PBFBlobReader.decompress(blob)).elements(selection)
      } catch let failure as PBFFailure {
        throw failure
      } catch {
        throw PBFFailure(problem: .pbfMalformed(message: "PrimitiveBlock"), offset: blob.offset)
      }
      try body(elements, blob.offset)
    }
    if first { throw PBFFailure(problem: .emptyInput, offset: 0) }
  }

  private mutating func firstPass() throws(PBFFailure) {
    var needed = Set<Int64>()
    try Self.blocks(input, .all) { elements, offset throws(PBFFailure) in
      for node in elements.nodes where Self.isWanted(node.tags) {
        features.append(
          OSMFeature(
            position: .byteOffset(offset),
            tags: Self.json(node.tags),
            identity: ("node", Int(node.id)),
            shape: .pbf(.point(Coordinate(lat: node.lat, lon: node.lon)))
          )
        )
      }
      for way in elements.ways where Self.isWanted(way.tags) {
        ways.append(Pending(id: way.id, tags: Self.json(way.tags), offset: offset, refs: way.refs))
        needed.formUnion(way.refs)
      }
      for relation in elements.relations where relation.tags["type"] == "multipolygon" && Self.isWanted(relation.tags) {
        let outer = relation.members.filter { $0.kind == .way && ($0.role == "outer" || $0.role.isEmpty) }
        relations.append(
          Pending(id: relation.id, tags: Self.json(relation.tags), offset: offset, refs: outer.map(\.id))
        )
      }
    }
    for id in needed { locations[id] = Coordinate(lat: .nan, lon: .nan) }
  }

  private mutating func memberPass() throws(PBFFailure) {
    let wanted = Set(relations.flatMap(\.refs))
    var found: [Int64: [Int64]] = [:]
    try Self.blocks(input, .ways) { elements, _ throws(PBFFailure) in
      for way in elements.ways where wanted.contains(way.id) {
        found[way.id] = way.refs
        for ref in way.refs where locations[ref] == nil { locations[ref] = Coordinate(lat: .nan, lon: .nan) }
      }
    }
    memberWays = found
  }

  private mutating func locationPass() throws(PBFFailure) {
    var found = locations
    try Self.blocks(input, .nodes) { elements, _ throws(PBFFailure) in
      for node in elements.nodes where found[node.id] != nil {
        found[node.id] = Coordinate(lat: node.lat, lon: node.lon)
      }
    }
    locations = found
  }

  // MARK: - Geometry

  /// The positions of `refs`, or `nil` when some node is not in the file.
  private func positions(_ refs: [Int64]) -> [JSONValue]? {
    var positions: [JSONValue] = []
    positions.reserveCapacity(refs.count)
    for ref in refs {
      guard let location = locations[ref], !location.lat.isNaN else { return nil }
      positions.append([.double(location.lon), .double(location.lat)])
    }
    return positions
  }

  private func way(_ way: Pending) -> OSMFeature {
    var shape = OSMFeature.PBFShape.missingNodes
    if way.refs.isEmpty {
      shape = .noGeometry
    } else if let positions = positions(way.refs) {
      shape = .geometry(["type": "LineString", "coordinates": .array(positions)])
    }
    return OSMFeature(
      position: .byteOffset(way.offset),
      tags: way.tags,
      identity: ("way", Int(way.id)),
      shape: .pbf(shape)
    )
  }

  private func relation(_ relation: Pending) -> OSMFeature {
    var shape = OSMFeature.PBFShape.noGeometry
    var members: [[Int64]] = []
    for id in relation.refs {
      guard let refs = memberWays[id] else {
        shape = .missingNodes
        break
      }
      members.append(refs)
    }
    if members.count == relation.refs.count, let rings = PBFRings.assemble(members) {
      var polygons: [JSONValue] = []
      for ring in rings {
        guard let positions = positions(ring) else {
          shape = .missingNodes
          break
        }
        polygons.append([.array(positions)])
      }
      if polygons.count == rings.count { shape = .geometry(["type": "MultiPolygon", "coordinates": .array(polygons)]) }
    }
    return OSMFeature(
      position: .byteOffset(relation.offset),
      tags: relation.tags,
      identity: ("relation", Int(relation.id)),
      shape: .pbf(shape)
    )
  }

  private static func json(_ tags: [String: String]) -> [String: JSONValue] {
    tags.mapValues { .string($0) }
  }
}
