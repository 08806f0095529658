import BeaconJSON
import Foundation

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
  /// How many blocks are decoded at once (on as many threads as the machine has cores).
  private let batch: Int

  /// A way or relation waiting for node positions.
  private struct Pending {
    var id: Int64
    var tags: ImportTags
    var offset: Int
    /// A way's node ids, or a relation's outer member ways' ids.
    var refs: [Int64]
  }

  private var ways: [Pending] = []
  private var relations: [Pending] = []
  /// The node ids of members of wanted relations, by way id (filled in pass 2).
  private var memberWays: [Int64: [Int64]] = [:]
  /// The ids of the nodes wanted ways need (filled in passes 1 and 2).
  private var neededNodes = Set<Int64>()
  /// The positions of the nodes wanted ways need (filled in pass 3).
  private var locations: [Int64: Coordinate] = [:]
  /// The id ranges of each data block's nodes and ways, by the block's offset (filled in pass 1): the later
  /// passes decompress only the blocks that may hold what they look for.
  private var blockIDs: [Int: (nodes: ClosedRange<Int64>?, ways: ClosedRange<Int64>?)] = [:]

  /// The default ``batch``: a few blocks per core, so that no core waits long for the slowest block of a batch.
  static let defaultBatch = 4 * ProcessInfo.processInfo.activeProcessorCount

  private init(input: ImportInput, batch: Int) {
    self.input = input
    self.batch = max(1, batch)
  }

  /// The wanted objects of the file: nodes first, then ways, then relations, each in file order.
  static func read(_ input: ImportInput) throws(BeaconError) -> [OSMFeature] {
    try read(input, batch: defaultBatch)
  }

  /// ``read(_:)`` decoding `batch` blocks at a time (1: one block after the other, on the calling thread).
  static func read(_ input: ImportInput, batch: Int) throws(BeaconError) -> [OSMFeature] {
    var features: [OSMFeature] = []
    try read(input, batch: batch) { features.append($0) }
    return features
  }

  /// Calls `body` with each wanted object in the order of ``read(_:)``, as soon as it is known: nodes during the
  /// first pass, ways and relations after the last. What `body` was given before a failure is not taken back;
  /// an error `body` throws stops the reading and is thrown as it is.
  static func read(
    _ input: ImportInput,
    batch: Int = defaultBatch,
    _ body: (OSMFeature) throws(BeaconError) -> Void
  ) throws(BeaconError) {
    var reader = PBFFeatureReader(input: input, batch: batch)
    do throws(PBFFailure) {
      try reader.firstPass { feature throws(PBFFailure) in
        do throws(BeaconError) {
          try body(feature)
        } catch {
          throw PBFFailure(problem: .emptyInput, offset: 0, handedOn: error)
        }
      }
      if !reader.relations.isEmpty { try reader.memberPass() }
      if !reader.neededNodes.isEmpty { try reader.locationPass() }
    } catch {
      if let handedOn = error.handedOn { throw handedOn }
      // Not being able to read the input again is no fault of any byte in it.
      let position = error.problem == .pbfNeedsFile ? nil : ImportPosition.byteOffset(error.offset)
      throw .importFailed(file: input.name, position: position, reason: error.problem)
    }
    for way in reader.ways { try body(reader.way(way)) }
    for relation in reader.relations { try body(reader.relation(relation)) }
  }

  /// Whether tags make a restaurant, café or hotel (as ``OSMImporter`` decides).
  static func isWanted(_ tags: [String: String]) -> Bool {
    func tag(_ key: String) -> String? { tags[key]?.trimmingCharacters(in: .whitespaces) }
    return ["restaurant", "cafe"].contains(tag("amenity")) || tag("tourism") == "hotel"
  }

  // MARK: - Passes

  private mutating func firstPass(_ emit: (OSMFeature) throws(PBFFailure) -> Void) throws(PBFFailure) {
    var needed = Set<Int64>()
    let blocks = PBFBlockStream(input: input, batch: batch, selection: .all, filter: .candidates)
    try blocks.forEach { elements, offset throws(PBFFailure) in
      blockIDs[offset] = (elements.nodeIDs, elements.wayIDs)
      for node in elements.nodes where Self.isWanted(node.tags) {
        try emit(
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
    neededNodes = needed
  }

  private mutating func memberPass() throws(PBFFailure) {
    var found: [Int64: [Int64]] = [:]
    var needed = neededNodes
    let wanted = Set(relations.flatMap(\.refs))
    let sorted = wanted.sorted()
    let blocks = PBFBlockStream(input: input, batch: batch, selection: .ways, filter: .ids(wanted))
    try blocks.forEach(skip: { !Self.holdsAny(sorted, in: blockIDs[$0]?.ways) }) { elements, _ throws(PBFFailure) in
      for way in elements.ways {
        found[way.id] = way.refs
        needed.formUnion(way.refs)
      }
    }
    memberWays = found
    neededNodes = needed
  }

  private mutating func locationPass() throws(PBFFailure) {
    var found: [Int64: Coordinate] = [:]
    found.reserveCapacity(neededNodes.count)
    let sorted = neededNodes.sorted()
    let blocks = PBFBlockStream(input: input, batch: batch, selection: .nodes, filter: .ids(neededNodes))
    try blocks.forEach(skip: { !Self.holdsAny(sorted, in: blockIDs[$0]?.nodes) }) { elements, _ throws(PBFFailure) in
      for node in elements.nodes { found[node.id] = Coordinate(lat: node.lat, lon: node.lon) }
    }
    neededNodes = []
    locations = found
  }

  /// Whether some id of `sorted` (ascending) is in `range`.
  static func holdsAny(_ sorted: [Int64], in range: ClosedRange<Int64>?) -> Bool {
    guard let range else { return false }
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] <= range.upperBound
  }

  // MARK: - Geometry

  /// The positions of `refs`, or `nil` when some node is not in the file.
  private func positions(_ refs: [Int64]) -> [JSONValue]? {
    var positions: [JSONValue] = []
    positions.reserveCapacity(refs.count)
    for ref in refs {
      guard let location = locations[ref] else { return nil }
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

  private static func json(_ tags: [String: String]) -> ImportTags {
    ImportTags(strings: tags)
  }
}
