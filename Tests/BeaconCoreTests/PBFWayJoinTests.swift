import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The wanted ways wait for their nodes' positions in ``PBFWayJoin``: in runs on disk or in memory, merged with the
/// nodes in file order or looked for again, they are placed as a pass over the file's nodes alone places them.
@Suite struct PBFWayJoinTests {
  typealias Block = PBFWriter.Block
  typealias Node = PBFWriter.Node
  typealias Way = PBFWriter.Way

  /// Limits that write every run and every block's ways to the temporary files, a few that write some, and the
  /// standard ones (all in memory for these files).
  static let limits = [
    PBFFeatureReader.Limits(runLength: 1, spillBytes: 1),
    PBFFeatureReader.Limits(runLength: 7, spillBytes: 300),
    PBFFeatureReader.Limits(),
  ]

  static func read(_ bytes: [UInt8], batch: Int, limits: PBFFeatureReader.Limits) throws -> [OSMFeature] {
    try PBFFeatureReader.readCounting(.bytes(bytes, name: "city.osm.pbf"), batch: batch, limits: limits).features
  }

  /// The features' summaries without their blocks' offsets, sorted.
  static func summary(_ features: [OSMFeature]) -> [String] {
    PBFParallelDecodingTests.summary(features, positions: false).sorted()
  }

  /// Nodes 1…60 in three blocks but 13, 27 and 45, with negative and positive coordinates and a block scale of its
  /// own; then ways over them: closed rings (a node twice), a node named by two ways, nodes not in the file, no node
  /// at all, a way with its positions on it, and untagged ways between.
  static func blocks() -> [Block] {
    var blocks: [Block] = []
    for block in 0..<3 {
      let nodes = (1...20).compactMap { index -> Node? in
        let id = Int64(block * 20 + index)
        guard ![13, 27, 45].contains(id) else { return nil }
        let tags: [(String, String)] = id % 9 == 0 ? [("amenity", "cafe"), ("name", "Kafé \(id)")] : []
        return Node(id: id, lat: -33.8 + Double(id) * 1e-3, lon: 151.2 - Double(id) * 7e-4, tags: tags)
      }
      blocks.append(Block([.dense(nodes)], granularity: block == 1 ? 1_000 : 100, latOffset: Int64(block) * 9_000))
    }
    let wanted: [(String, String)] = [("amenity", "restaurant")]
    blocks.append(
      Block([
        .ways([
          Way(id: 100, refs: [1, 2, 3, 1], tags: wanted + [("name", "Ring")]),
          Way(id: 101, refs: [3, 40, 59], tags: [("building", "yes")]),
          Way(id: 102, refs: [12, 13, 14], tags: wanted + [("name", "Missing 13")]),
        ])
      ])
    )
    blocks.append(
      Block([
        .ways([
          Way(id: 200, refs: [], tags: wanted + [("name", "No nodes")]),
          Way(id: 201, refs: [60, 3, 25, 60], tags: [("tourism", "hotel"), ("name", "Shares 3")]),
          Way(id: 202, refs: [70, 71], tags: wanted + [("name", "Beyond the nodes")]),
          Way(id: 203, refs: [50, 51], tags: wanted + [("name", "On the way")], locations: [(1, 2), (3, 4)]),
          Way(id: 205, refs: [4, 5, 6], tags: wanted + [("name", "After the way with positions")]),
          Way(id: 204, refs: [0, 1, 2], tags: wanted + [("name", "Before the nodes")]),
        ])
      ])
    )
    return blocks
  }

  /// The ways after the nodes (merged in file order) against the same ways among the nodes (the ways' block moved
  /// before the last block of nodes, so they are looked for again), whatever the limits and batches; each way against
  /// a pass over the nodes alone in ``waysOfAnUnsortedFileTakeTheirNodesLastPositions(batch:)``.
  @Test(arguments: [1, 2, 8])
  func joinedWaysArePlacedAsWaysAmongTheNodes(batch: Int) throws {
    let blocks = Self.blocks()
    let among = PBFWriter.file([blocks[0], blocks[1], blocks[3], blocks[4], blocks[2]])
    let reference = Self.summary(try Self.read(among, batch: batch, limits: PBFFeatureReader.Limits()))
    // 4 cafés (9, 18, 36, 54), 8 ways: 3 of them with a node not in the file, 1 with none.
    #expect(reference.count == 12)
    #expect(reference.filter { $0.contains("missingNodes") }.count == 3, "\(reference)")
    #expect(reference.filter { $0.contains("noGeometry") }.count == 1)
    for limits in Self.limits {
      let joined = try Self.read(PBFWriter.file(blocks), batch: batch, limits: limits)
      #expect(Self.summary(joined) == reference)
      // In file order: the nodes, then the ways of the first block, then the second's.
      #expect(
        joined.compactMap(\.identity).filter { $0.type == "way" }.map(\.id) == [100, 102, 200, 201, 202, 203, 205, 204]
      )
    }
  }

  /// The node ids going down after the ways were joined (blocks of nodes in reverse order, or a block whose ids go
  /// down): the ways are placed from the positions looked for again, as the sorted file's are.
  @Test(arguments: [1, 8])
  func nodesOutOfOrderAreLookedForAgain(batch: Int) throws {
    var blocks = Self.blocks()
    let sorted = Self.summary(try Self.read(PBFWriter.file(blocks), batch: batch, limits: PBFFeatureReader.Limits()))
    blocks.swapAt(0, 2)
    var reversedWithin = Self.blocks()
    if case .dense(let nodes) = reversedWithin[1].groups[0] { reversedWithin[1].groups[0] = .dense(nodes.reversed()) }
    for (name, order) in [("blocks reversed", blocks), ("a block reversed", reversedWithin)] {
      for limits in Self.limits {
        let summary = Self.summary(try Self.read(PBFWriter.file(order), batch: batch, limits: limits))
        #expect(summary == sorted, "\(name)")
      }
    }
  }

  /// The join itself: blocks added from the file's end back, nodes merged as they come, ways read back in file order
  /// with a position for each ref, `nil` for the nodes never met.
  @Test(arguments: [(1, 1), (2, 16), (100, 1 << 20)])
  func refsTakeThePositionsOfTheirSlots(runLength: Int, spillBytes: Int) throws {
    let join = PBFWayJoin(runLength: runLength, spillBytes: spillBytes)
    func way(_ id: Int64, _ refs: [Int64], offset: Int, index: Int) -> PBFFeatureReader.Pending {
      PBFFeatureReader.Pending(id: id, offset: offset, index: index, refs: refs, tags: ["name": "W\(id)"])
    }
    // Way 6 has its nodes' positions on it: its refs wait for none, and take no slot.
    let located = PBFFeatureReader.Pending(
      id: 6,
      offset: 900,
      index: 1,
      refs: [1, 2],
      tags: [:],
      latitudes: [10, 20],
      longitudes: [30, 40]
    )
    try join.add(
      [way(3, [5, 9, 5], offset: 900, index: 0), located, way(4, [2], offset: 900, index: 2)],
      block: 9,
      offset: 900
    )
    try join.add([way(1, [9, 1, 7], offset: 500, index: 0), way(2, [], offset: 500, index: 3)], block: 5, offset: 500)
    #expect(join.refCount == 7)
    var nodes = PBFElements.NodePositions(granularity: 100)
    for id: Int64 in [1, 2, 4, 5, 8, 9] {
      nodes.ids.append(id)
      nodes.latitudes.append(id * 1_000)
      nodes.longitudes.append(-id * 1_000)
    }
    try join.match(nodes)
    #expect(join.mergedInOrder)
    var ways = try join.sorted()
    var read: [(Int64, Int, [Coordinate?]?)] = []
    while let (way, positions) = try ways.next() { read.append((way.id, way.offset, positions)) }
    func at(_ id: Int64) -> Coordinate { Coordinate(lat: Double(id * 100_000) / 1e9, lon: Double(-id * 100_000) / 1e9) }
    #expect(read.map(\.0) == [1, 2, 3, 6, 4])
    #expect(read.map(\.1) == [500, 500, 900, 900, 900])
    #expect(read[0].2 == [at(9), at(1), nil])
    #expect(read[1].2 == [])
    #expect(read[2].2 == [at(5), at(9), at(5)])
    #expect(read[3].2 == nil)
    #expect(read[4].2 == [at(2)])
  }

  /// No directory where the ways can wait: the import's fault names the first, at no byte of the file.
  @Test func aTemporaryFileThatCannotBeMadeIsTheImportsFault() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))"
    let limits = PBFFeatureReader.Limits(runLength: 1, spillBytes: 1, directories: [missing])
    #expect(
      throws: BeaconError.importFailed(file: "city.osm.pbf", position: nil, reason: .temporaryFile(directory: missing))
    ) {
      try Self.read(PBFWriter.file(Self.blocks()), batch: 2, limits: limits)
    }
  }

  /// Ways added once the merge has begun: the merge in file order places the others; looking again places those, from
  /// the blocks offered, a node's last copy giving its position.
  @Test(arguments: [(1, 1), (2, 16), (100, 1 << 20)])
  func lookingAgainPlacesTheWaysAddedLate(runLength: Int, spillBytes: Int) throws {
    let join = PBFWayJoin(runLength: runLength, spillBytes: spillBytes)
    try join.add([Self.way(7, [3, 1, 3])], block: 1, offset: 10)
    try join.match(Self.nodes([1, 2, 3], [10, 20, 30]))
    #expect(join.mergedInOrder)
    // A way among the nodes: the nodes before it were merged without its refs.
    try join.add([Self.way(8, [2, 4])], block: 0, offset: 5)
    #expect(!join.mergedInOrder)
    try join.match(Self.nodes([4, 5], [40, 50]))
    try join.lookAgain()
    #expect(join.mayHold(nodes: 1...2) && join.mayHold(nodes: 4...9) && !join.mayHold(nodes: 5...9))
    try join.offer(Self.nodes([2, 3], [20, 30]))
    try join.offer(Self.nodes([4, 2], [40, 22]))
    #expect(try Self.placed(join) == [[Self.at(22), Self.at(40)], [Self.at(30), Self.at(10), Self.at(30)]])
  }

  /// Node ids that go down: every ref is looked for again, what the merge in file order found forgotten.
  @Test(arguments: [(1, 1), (100, 1 << 20)])
  func lookingAgainPlacesEveryRefWhenNodesGoDown(runLength: Int, spillBytes: Int) throws {
    let join = PBFWayJoin(runLength: runLength, spillBytes: spillBytes)
    try join.add([Self.way(7, [3, 1, 3]), Self.way(8, [6])], block: 1, offset: 10)
    try join.match(Self.nodes([1, 6], [10, 60]))
    try join.match(Self.nodes([5, 3], [50, 30]))
    #expect(!join.mergedInOrder)
    try join.lookAgain()
    try join.offer(Self.nodes([3, 1, 6], [30, 11, 60]))
    try join.offer(Self.nodes([5, 3], [50, 33]))
    #expect(try Self.placed(join) == [[Self.at(33), Self.at(11), Self.at(33)], [Self.at(60)]])
  }

  static func way(_ id: Int64, _ refs: [Int64]) -> PBFFeatureReader.Pending {
    PBFFeatureReader.Pending(id: id, offset: 0, index: Int(id), refs: refs, tags: [:])
  }

  /// Nodes at whole degrees of latitude (and as many hundred-millionths of west longitude).
  static func nodes(_ ids: [Int64], _ degrees: [Int64]) -> PBFElements.NodePositions {
    PBFElements.NodePositions(ids: ids, latitudes: degrees.map { $0 * 10_000_000 }, longitudes: degrees.map { -$0 })
  }

  static func at(_ degrees: Int64) -> Coordinate { Coordinate(lat: Double(degrees), lon: Double(-degrees * 100) / 1e9) }

  /// The positions of the join's ways, in file order.
  static func placed(_ join: PBFWayJoin) throws -> [[Coordinate?]?] {
    var ways = try join.sorted()
    var placed: [[Coordinate?]?] = []
    while let (_, positions) = try ways.next() { placed.append(positions) }
    return placed
  }

  /// Node ids going down, a node twice, or a block of nodes whose positions were not read while refs waited: the merge
  /// in file order cannot place every ref.
  @Test func nodesOutOfOrderOrUnreadAreNotMergedInOrder() throws {
    for (name, blocks) in [
      ("going down", [Self.nodes([1, 2], [0, 0]), Self.nodes([4, 3], [0, 0])]),
      ("a node twice", [Self.nodes([1, 3], [0, 0]), Self.nodes([3], [0])]),
      ("positions not read", [Self.nodes([1, 2], [0, 0]), nil]),
    ] {
      let join = PBFWayJoin(runLength: 2, spillBytes: 1)
      try join.add([Self.way(7, [3, 1])], block: 1, offset: 10)
      try join.match(blocks[0])
      #expect(join.mergedInOrder, "\(name)")
      try join.match(blocks[1])
      #expect(!join.mergedInOrder, "\(name)")
    }
  }

  /// Every wanted way's shape in orders no extract has (ways among or before the nodes, node ids going down, a node
  /// twice with two positions), whatever the limits, against a pass over the file's nodes alone (the last copy of a
  /// node wins, as reading the file in order gives).
  @Test(arguments: [1, 8])
  func waysOfAnUnsortedFileTakeTheirNodesLastPositions(batch: Int) throws {
    let blocks = Self.blocks()
    var twice = blocks
    twice.insert(Block([.dense([Node(id: 3, lat: 59.9, lon: 10.7), Node(id: 60, lat: -1, lon: -2)])]), at: 4)
    let orders: [(String, [Block])] = [
      ("ways among the nodes", [blocks[0], blocks[3], blocks[1], blocks[4], blocks[2]]),
      ("ways before the nodes", [blocks[4], blocks[3], blocks[0], blocks[1], blocks[2]]),
      ("nodes reversed", [blocks[2], blocks[1], blocks[0], blocks[3], blocks[4]]),
      ("a node twice, after the ways", twice),
      (
        "a block of nodes and ways, sorted otherwise",
        [blocks[0], blocks[1], Block(blocks[2].groups + blocks[3].groups, latOffset: 18_000), blocks[4]]
      ),
    ]
    for (name, order) in orders {
      let bytes = PBFWriter.file(order)
      let expected = try Self.expectedShapes(bytes)
      for limits in Self.limits {
        let features = try Self.read(bytes, batch: batch, limits: limits)
        let shapes = Dictionary(
          features.compactMap { $0.identity?.type == "way" ? ($0.identity!.id, "\($0.shape)") : nil },
          uniquingKeysWith: { first, _ in first }
        )
        #expect(shapes.count == 8, "\(name)")
        // Way 203 has its positions on it.
        for (id, shape) in shapes where id != 203 { #expect(shape == expected[Int64(id)], "\(name): way \(id)") }
      }
    }
  }

  /// A sorted file whose last block of nodes holds ways too (merged late), with a block of nodes no ref names between:
  /// looking again reads only the blocks of nodes that hold a late ref's node; the ways after the nodes are merged in
  /// order.
  @Test func lookingAgainReadsOnlyTheBlocksThatMayHoldALateRef() throws {
    let blocks = Self.blocks()
    let far = Block([.dense((1...20).map { Node(id: 1_000 + Int64($0), lat: 1, lon: 2) })])
    let late = Way(id: 300, refs: [2_000, 1], tags: [("amenity", "cafe"), ("name", "Far apart")])
    let mixed = Block([.dense([Node(id: 2_000, lat: 5, lon: 6)])] + blocks[3].groups + [.ways([late])])
    let file = PBFWriter.file([blocks[0], blocks[1], blocks[2], far, mixed, blocks[4]])
    let (features, decoded) = try PBFFeatureReader.readCounting(.bytes(file, name: "city.osm.pbf"), batch: 1)
    // From the end: blocks 5 and 4 (nodes: the reading from the start begins); from the start: 0–4; looking again for
    // nodes 1, 2, 3, 12, 13, 14 and 2 000: blocks 0 and 4, not 1, 2 or the far one between.
    #expect(decoded == 2 + 5 + 2)
    let expected = try Self.expectedShapes(file)
    for feature in features where feature.identity?.type == "way" {
      let id = Int64(feature.identity!.id)
      if id == 300 {
        #expect("\(feature.shape)".contains("[[6,5],[151.1993,-33.799]]"), "\(feature.shape)")
      } else if id != 203 {
        #expect("\(feature.shape)" == expected[id], "way \(id)")
      }
    }
    #expect(features.filter { $0.identity?.type == "way" }.count == 9)
  }

  /// What each way of ``blocks()`` (but the one with positions on it) should be in the file `bytes`, from its nodes'
  /// last positions in the file (read by the block decoder alone), by way id.
  static func expectedShapes(_ bytes: [UInt8]) throws -> [Int64: String] {
    var positions: [Int64: Coordinate] = [:]
    let input = ImportInput.bytes(bytes, name: "city.osm.pbf")
    let stream = PBFBlockStream(input: input, batch: 1, selection: [.nodes, .positions], filter: .ids([]))
    try stream.forEach { elements, _ throws(PBFFailure) in
      let nodes = elements.positions
      for index in nodes.ids.indices { positions[nodes.ids[index]] = nodes.coordinate(at: index) }
    }
    var shapes: [Int64: String] = [:]
    for case .ways(let ways) in Self.blocks().flatMap(\.groups) {
      for way in ways where way.locations == nil {
        let found = way.refs.compactMap { positions[$0] }
        let shape: OSMFeature.PBFShape =
          way.refs.isEmpty
          ? .noGeometry
          : found.count < way.refs.count
            ? .missingNodes
            : .geometry([
              "type": "LineString", "coordinates": .array(found.map { [.double($0.lon), .double($0.lat)] }),
            ])
        shapes[way.id] = "\(OSMFeature.Shape.pbf(shape))"
      }
    }
    return shapes
  }
}
