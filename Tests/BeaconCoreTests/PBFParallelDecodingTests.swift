import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Blocks decoded in parallel batches give the same features, in the same order, as one block after the other;
/// faults are reported as reading in order would; and the counts stay libosmium's.
@Suite struct PBFParallelDecodingTests {
  typealias Node = PBFWriter.Node

  static let helsinki = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/osm/Helsinki.osm.pbf")

  /// Everything a feature says, as text (OSMFeature is not Equatable).
  static func summary(_ features: [OSMFeature], positions: Bool = true) -> [String] {
    features.map { feature in
      let tags = feature.tags.dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        .joined(separator: ";")
      let position = positions ? "\(feature.position)" : ""
      return "\(String(describing: feature.identity)) \(position) \(tags) \(feature.shape)"
    }
  }

  static func read(_ bytes: [UInt8], batch: Int, positions: Bool = true) throws -> [String] {
    summary(try PBFFeatureReader.read(.bytes(bytes, name: "city.osm.pbf"), batch: batch), positions: positions)
  }

  /// A file of many small blocks: dense nodes (wanted ones among them, with padded tag values and a repeated
  /// key), then ways over nodes of other blocks, then multipolygon relations over those ways.
  static func manyBlocks(nodeBlocksReversed: Bool = false) -> [UInt8] {
    PBFWriter.file(manyBlockList(nodeBlocksReversed: nodeBlocksReversed))
  }

  /// ``manyBlocks(nodeBlocksReversed:)``'s blocks: 40 of dense nodes, 10 of ways, 1 of relations.
  static func manyBlockList(nodeBlocksReversed: Bool = false) -> [PBFWriter.Block] {
    var blocks: [PBFWriter.Block] = []
    for block in 0..<40 {
      var nodes: [Node] = []
      for index in 0..<50 {
        let id = Int64(block * 50 + index + 1)
        var tags: [(String, String)] = []
        switch index % 10 {
        case 0: tags = [("amenity", "cafe"), ("name", "Kafé \(id)")]
        case 3: tags = [("tourism", " hotel "), ("name", "Hotell \(id)")]
        case 5: tags = [("amenity", "restaurant"), ("amenity", "bar"), ("name", "Not wanted \(id)")]
        case 7: tags = [("amenity", "bench")]
        default: break
        }
        let step = Double(id) * 1e-4
        nodes.append(Node(id: id, lat: 59.9 + step, lon: 10.7 - step, tags: tags))
      }
      blocks.append(PBFWriter.Block([.dense(nodes)], latOffset: Int64(block) * 1000))
    }
    if nodeBlocksReversed { blocks.reverse() }
    for block in 0..<10 {
      let ways = (0..<5).map { index -> PBFWriter.Way in
        let id = Int64(block * 5 + index + 1)
        // A closed ring over nodes spread across the node blocks.
        let refs: [Int64] = [id, id + 500, id + 1000, id + 1500, id]
        let tags: [(String, String)] = index == 4 ? [] : [("amenity", "restaurant"), ("name", "Way \(id)")]
        return PBFWriter.Way(id: id, refs: refs, tags: tags)
      }
      blocks.append(PBFWriter.Block([.ways(ways)]))
    }
    var relations: [PBFWriter.Relation] = []
    for index in 0..<10 {
      let id = Int64(index + 1)
      let member: (type: Int, id: Int64, role: String) = (type: 1, id: id * 5, role: "outer")
      let tags: [(String, String)] = [("type", "multipolygon"), ("tourism", "hotel"), ("name", "Relation \(id)")]
      relations.append(PBFWriter.Relation(id: id, members: [member], tags: tags))
    }
    blocks.append(PBFWriter.Block([.relations(relations)]))
    return blocks
  }

  @Test func helsinkiDecodesTheSameInParallelAsInOrder() throws {
    let bytes = try [UInt8](Data(contentsOf: Self.helsinki))
    let inOrder = try Self.read(bytes, batch: 1)
    #expect(inOrder.count == 330)
    for batch in [2, 3, PBFFeatureReader.defaultBatch, 64] {
      #expect(try Self.read(bytes, batch: batch) == inOrder, "batch \(batch)")
    }
  }

  @Test func aFileOfManyBlocksDecodesTheSameInParallelAsInOrder() throws {
    let bytes = Self.manyBlocks()
    let inOrder = try Self.read(bytes, batch: 1)
    // 40 blocks × (5 cafés + 5 hotels) nodes, 40 ways, 10 relations.
    #expect(inOrder.count == 400 + 40 + 10, "\(inOrder.count)")
    #expect(inOrder.allSatisfy { !$0.contains("missingNodes") && !$0.contains("noGeometry") })
    for batch in [2, 7, PBFFeatureReader.defaultBatch, 100] {
      #expect(try Self.read(bytes, batch: batch) == inOrder, "batch \(batch)")
    }
  }

  /// The later passes skip blocks by the id ranges the first pass saw; an unsorted file (node blocks in reverse
  /// order) loses nothing.
  @Test func anUnsortedFileGivesTheSameFeatures() throws {
    let sorted = try Self.read(Self.manyBlocks(), batch: 3, positions: false)
    let unsorted = try Self.read(Self.manyBlocks(nodeBlocksReversed: true), batch: 3, positions: false)
    #expect(unsorted.count == 450)
    #expect(unsorted.sorted() == sorted.sorted())
  }

  @Test func aBlockHoldsAnIdOnlyWhenOneIsInItsRange() {
    let ids: [Int64] = [-5, 3, 10, 40]
    #expect(ids.holdsAny(in: 3...3))
    #expect(ids.holdsAny(in: -9 ... -5))
    #expect(ids.holdsAny(in: 11...40))
    #expect(!ids.holdsAny(in: 4...9))
    #expect(!ids.holdsAny(in: 41...100))
    #expect(!ids.holdsAny(in: nil))
    #expect(!([] as [Int64]).holdsAny(in: 0...10))
  }

  @Test func aDamagedBlockIsReportedBeforeALaterTruncatedBlob() throws {
    var bytes = PBFWriter.file([PBFBadInputTests.cafe])
    let damagedAt = bytes.count
    bytes += PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob([0x12, 0x05, 0x0A], compression: .raw))
    bytes += Array(
      PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob(PBFBadInputTests.data, compression: .zlib))
        .dropLast(3)
    )
    for batch in [1, 8] {
      #expect(
        throws: BeaconError.importFailed(
          file: "city.osm.pbf",
          position: .byteOffset(damagedAt),
          reason: .pbfMalformed(message: "PrimitiveBlock")
        )
      ) {
        try PBFFeatureReader.read(.bytes(bytes, name: "city.osm.pbf"), batch: batch)
      }
    }
  }

  /// Counted by libosmium through pyosmium: `python3 Benchmarks/pbf_osmium.py Tests/Fixtures/osm/Helsinki.osm.pbf`
  /// (the wanted objects, named or not, and those with a location).
  @Test func helsinkiCountsAreLibosmiums() throws {
    let counts = try PBFDecoding.count(.file(path: Self.helsinki.path))
    #expect(counts == PBFDecoding.Counts(nodes: 327, ways: 2, relations: 1, located: 330))
  }
}
