import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The blocks are read from the end back to the last block of nodes, then from the start: a file sorted as extracts
/// are (nodes, ways, relations) has each block decompressed once, and a file in any other order gives the same
/// features, the elements out of order looked for again.
@Suite struct PBFReadingOrderTests {
  typealias Block = PBFWriter.Block

  /// Made anew for each use: a static holding the blocks (enums with arrays as payload) is reported as a leak by
  /// LeakSanitizer, which does not see the pointers among the enum's tag bits.
  static var sortedBlocks: [Block] { PBFParallelDecodingTests.manyBlockList() }

  static func features(_ blocks: [Block], batch: Int) throws -> (summary: [String], decoded: Int) {
    let (features, decoded) = try PBFFeatureReader.readCounting(
      .bytes(PBFWriter.file(blocks), name: "city.osm.pbf"),
      batch: batch
    )
    return (PBFParallelDecodingTests.summary(features, positions: false).sorted(), decoded)
  }

  /// Reading in file order decompressed the 51 blocks, then the 10 of ways again (members) and the 40 of nodes again
  /// (positions): 101. Now each once, but for two batches at most, whatever the file's size: the blocks of ways in
  /// the batch of the relations that ask for members (decoded before they asked), and the blocks of nodes in the
  /// batch that reaches the last of them (read again from the start, with the positions the ways need).
  @Test(arguments: [1, 2, 7, 8])
  func aSortedFileHasEachBlockDecompressedOnce(batch: Int) throws {
    let (summary, decoded) = try Self.features(Self.sortedBlocks, batch: batch)
    #expect(summary.count == 450)
    #expect(summary.allSatisfy { !$0.contains("missingNodes") && !$0.contains("noGeometry") })
    #expect(decoded >= 52 && decoded <= 51 + 2 * batch - 1, "\(decoded) blocks decompressed")
    // One batch for the whole file: the reading of old.
    #expect(try Self.features(Self.sortedBlocks, batch: 64).decoded == 101)
  }

  /// Orders no extract has: relations or ways before the nodes they need, relations among ways, everything in one
  /// block; each read in batches of every size gives the sorted file's features.
  @Test(arguments: [1, 2, 3, 7, 64])
  func anyOrderOfBlocksGivesTheSameFeatures(batch: Int) throws {
    let blocks = Self.sortedBlocks
    let sorted = try Self.features(blocks, batch: batch).summary
    let nodes = Array(blocks[0..<40])
    let ways = Array(blocks[40..<50])
    let relations = [blocks[50]]
    var generator = GeoJSONFeatureScannerTests.Generator(state: 2611)
    let orders: [(String, [Block])] = [
      ("relations, ways, nodes", relations + ways + nodes),
      ("ways, nodes, relations", ways + nodes + relations),
      ("nodes, relations, ways", nodes + relations + ways),
      ("ways among nodes", Array(nodes[0..<20]) + ways + Array(nodes[20...]) + relations),
      ("shuffled", blocks.shuffled(using: &generator)),
      ("one block", [Block(blocks.flatMap(\.groups))]),
      ("relations first, in one block with ways", [Block(relations[0].groups + ways.flatMap(\.groups))] + nodes),
    ]
    for (name, order) in orders {
      #expect(try Self.features(order, batch: batch).summary == sorted, "\(name)")
      // Read in file order, as a file with a fault is, its ways on disk.
      let limits = PBFFeatureReader.Limits(runLength: 7, spillBytes: 300)
      let input = ImportInput.bytes(PBFWriter.file(order), name: "city.osm.pbf")
      let inOrder = try PBFFeatureReader.readCounting(input, batch: batch, limits: limits, inOrder: true).features
      #expect(PBFParallelDecodingTests.summary(inOrder, positions: false).sorted() == sorted, "\(name), in order")
    }
  }

  /// A fault anywhere is the first in the file, as reading one block after the other reports it: a damaged block of
  /// nodes comes before a damaged block of relations at the end, which is read first.
  @Test(arguments: [1, 8])
  func theFirstFaultInTheFileIsReportedWhereverTheReadingStarts(batch: Int) throws {
    let damaged = PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob([0x12, 0x05, 0x0A], compression: .raw))
    let blocks = Self.sortedBlocks
    var bytes = PBFWriter.file(Array(blocks[0..<20]))
    let first = bytes.count
    bytes += damaged
    bytes += Array(PBFWriter.file(Array(blocks[20...])).dropFirst(PBFWriter.file([]).count))
    bytes += damaged
    var handedOn = 0
    #expect(
      throws: BeaconError.importFailed(
        file: "city.osm.pbf",
        position: .byteOffset(first),
        reason: .pbfMalformed(message: "PrimitiveBlock")
      )
    ) {
      try PBFFeatureReader.read(.bytes(bytes, name: "city.osm.pbf"), batch: batch) { _ in handedOn += 1 }
    }
    // Read in file order after the fault at the end: the 20 blocks before the first fault gave their nodes.
    #expect(handedOn == 200)
  }

  /// Progress goes on while the ways and relations at the end are read (before any node is handed on), never goes
  /// back, and ends at the file's size.
  @Test func progressGrowsFromTheFirstBatchToTheWholeFile() throws {
    let bytes = PBFWriter.file(Self.sortedBlocks)
    let input = ImportInput.bytes(bytes, name: "city.osm.pbf")
    var reported: [Int] = []
    var beforeTheFirstFeature: Int?
    try PBFFeatureReader.read(input, batch: 2, progress: { reported.append(input.bytesRead) }) { _ in
      if beforeTheFirstFeature == nil { beforeTheFirstFeature = reported.count }
    }
    #expect(reported == reported.sorted())
    #expect(reported.last == bytes.count)
    #expect((beforeTheFirstFeature ?? 0) >= 5, "\(reported)")
  }

  /// A file whose blocks of nodes go down has them read again for the ways: progress counts that reading too, rather
  /// than sitting at the end while it goes on, and still never goes back.
  @Test(arguments: [1, 2, 8])
  func progressCountsTheBlocksOfNodesReadAgain(batch: Int) throws {
    let blocks = Self.sortedBlocks
    let bytes = PBFWriter.file(Array(blocks[40..<50]) + Array(blocks[0..<40].reversed()) + [blocks[50]])
    let input = ImportInput.bytes(bytes, name: "city.osm.pbf")
    var reported: [Int] = []
    var atTheLastNode = 0
    try PBFFeatureReader.read(input, batch: batch, progress: { reported.append(input.bytesRead) }) { feature in
      if feature.identity?.type == "node" { atTheLastNode = reported.last ?? 0 }
    }
    #expect(reported == reported.sorted())
    #expect(reported.last == bytes.count)
    // The nodes are about four fifths of the file: when the first reading ends, a little over half the work is done.
    #expect(
      atTheLastNode > bytes.count / 3 && atTheLastNode < bytes.count * 2 / 3,
      "\(atTheLastNode) of \(bytes.count)"
    )
    // The last batch of the first reading, and at least one of the second.
    #expect(reported.filter { $0 > atTheLastNode && $0 < bytes.count }.count >= 2)
  }
}
