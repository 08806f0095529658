/// The wanted ways of a file, waiting for their nodes' positions in bounded memory, however many they are:
///
/// 1. each block's ways are kept packed in a ``ByteSpill``, and each of their refs is given a slot (the block's place
///    in the file, then the ref's place among the block's refs) and sorted by node id (``ExternalSort``);
/// 2. the nodes are merged with those refs: each node a ref names gives its position to the ref's slot, and those
///    positions are sorted by slot;
/// 3. the ways are read back in file order, each ref taking the next position if it is its slot's, none if the node
///    was not in the file.
///
/// In a file sorted as extracts are, the ways are those of the blocks after the nodes, and the nodes of step 2 are
/// the blocks of nodes as the reader hands them on (``match(_:)``). What that merge cannot place (``mergedInOrder``:
/// every ref when node ids do not ascend; else the refs of ways added once it had begun, as ways among the nodes are)
/// is looked for again: the caller offers the blocks of nodes that may hold those refs (``lookAgain()``,
/// ``mayHold(nodes:)``, ``offer(_:)``), the nodes a Bloom filter of them lets through (``NodeIDFilter``) are sorted by
/// id in runs on disk, and merged with those refs sorted again, a node's last copy in the file giving its position, as
/// reading the file in order would.
final class PBFWayJoin {
  /// A ref of a way: the node, and the ref's slot.
  struct Ref {
    var node: Int64
    var slot: Int64
  }

  /// A node offered while looking again: its id, its place among the nodes offered, and its position.
  struct Offered {
    var node: Int64
    var order: Int64
    var latitude: Double
    var longitude: Double
  }

  /// The position of the node of the ref at `slot`.
  struct Located {
    var slot: Int64
    var latitude: Double
    var longitude: Double
  }

  /// A block's ways, where they are in ``spill``; whether they came once the merge had begun, and the smallest and
  /// largest of their refs.
  fileprivate struct Chunk {
    var block: Int
    var offset: Int
    var bytes: Range<Int>
    var late: Bool
    var refs: ClosedRange<Int64>?
  }

  private var chunks: [Chunk] = []
  private let spill: ByteSpill
  private let refSort: ExternalSort<Ref>
  private let locatedSort: ExternalSort<Located>
  private let offeredSort: ExternalSort<Offered>
  /// While looking again: the nodes of the refs looked for, the stretches of ids they are in, and how many blocks of
  /// nodes were offered.
  private var lookingAgain = false
  private var filter: NodeIDFilter?
  private var buckets: NodeIDBuckets?
  private var blocksOffered: Int64 = 0
  /// The refs by node id, while nodes are merged with them, and the next one.
  private var sortedRefs: ExternalSort<Ref>.Sorted?
  private var nextRef: Ref?
  private var lastNode: Int64?
  /// How many refs wait for a position: in all, and those of ways added once the merge had begun.
  private(set) var refCount = 0
  private var lateRefCount = 0
  /// Whether the blocks of nodes merged so far came in ascending order of id, each with its positions.
  private var nodesAscending = true
  /// Whether a block of nodes was merged (the ways added after it are late).
  private var merging = false

  /// Whether the merge with the nodes in file order gave every ref its node's position, if the file has it; else
  /// the caller looks again (``lookAgain()``).
  var mergedInOrder: Bool { nodesAscending && lateRefCount == 0 }

  /// Whether the next block of nodes may be merged with refs, so that ``match(_:)`` needs its positions: refs wait,
  /// or none was merged yet (ways may come in the same batch).
  var needsPositions: Bool { nodesAscending && (refCount > lateRefCount || !merging) }

  /// At most `runLength` refs, as many positions and as many nodes looked for again in memory (with a filter of
  /// those refs, at most 32 MiB, and a bit for each of at most 2²³ stretches of their ids), and about `spillBytes`
  /// bytes of ways; the temporary files in the first of `directories` that works.
  init(runLength: Int, spillBytes: Int, directories: [String] = UnlinkedFile.directories) {
    spill = ByteSpill(memoryLimit: spillBytes, directories: directories)
    refSort = ExternalSort(runLength: runLength, directories: directories) { ($0.node, $0.slot) < ($1.node, $1.slot) }
    locatedSort = ExternalSort(runLength: runLength, directories: directories) { $0.slot < $1.slot }
    offeredSort = ExternalSort(runLength: runLength, directories: directories) {
      ($0.node, $0.order) < ($1.node, $1.order)
    }
  }

  /// Keeps the wanted ways of the block at place `block` in the file (its blob's index), which starts at `offset`;
  /// before ``lookAgain()``.
  func add(_ ways: [PBFFeatureReader.Pending], block: Int, offset: Int) throws(TemporaryFileError) {
    precondition(!lookingAgain, "ways added while looking again")
    guard !ways.isEmpty else { return }
    var bytes: [UInt8] = []
    var slot = Self.firstSlot(of: block)
    var (lowest, highest) = (Int64.max, Int64.min)
    for way in ways {
      let packed = way.packed
      Self.append(way.id, to: &bytes)
      Self.append(Int64(way.index), to: &bytes)
      Self.append(Int64(packed.count), to: &bytes)
      bytes += packed
      guard !way.hasLocations else { continue }
      for ref in way.refs {
        // Once the merge has begun, the refs are sorted when looking again.
        if !merging { try refSort.append(Ref(node: ref, slot: slot)) }
        (lowest, highest) = (min(lowest, ref), max(highest, ref))
        slot += 1
      }
    }
    let count = Int(slot - Self.firstSlot(of: block))
    refCount += count
    if merging { lateRefCount += count }
    let refs = lowest <= highest ? lowest...highest : nil
    chunks.append(Chunk(block: block, offset: offset, bytes: try spill.append(bytes), late: merging, refs: refs))
  }

  /// Merges the nodes of a block, the blocks given in file order, with the refs: the positions of those the refs name
  /// (`nil`: a block of nodes whose positions were not read, as none were needed when its batch began). The cost is a
  /// pass over the block's ids (that they ascend) and a binary search for each ref in the block.
  func match(_ nodes: PBFElements.NodePositions?) throws(TemporaryFileError) {
    merging = true
    guard nodesAscending, refCount > lateRefCount else { return }
    guard let nodes else {
      // Refs added in the same batch, before this block: its nodes went by unmerged.
      nodesAscending = false
      return
    }
    let ids = nodes.ids
    guard let first = ids.first, let last = ids.last else { return }
    if let lastNode, first <= lastNode {
      nodesAscending = false
      return
    }
    let ascending = ids.withUnsafeBufferPointer { ids in
      var index = 1
      while index < ids.count, ids[index - 1] < ids[index] { index += 1 }
      return index >= ids.count
    }
    guard ascending else {
      nodesAscending = false
      return
    }
    lastNode = last
    if sortedRefs == nil {
      sortedRefs = try refSort.sorted()
      nextRef = try sortedRefs?.next()
    }
    var index = 0
    while let ref = nextRef, ref.node <= last {
      index = ids.firstIndex(notBelow: ref.node, from: index)
      if ids[index] == ref.node {
        let position = nodes.coordinate(at: index)
        try locatedSort.append(Located(slot: ref.slot, latitude: position.lat, longitude: position.lon))
      }
      nextRef = try sortedRefs?.next()
    }
  }

  /// Looks again for what the merge in file order could not place, to be given the blocks of nodes in file order that
  /// ``mayHold(nodes:)`` (``offer(_:)``): the refs of the ways added late when the nodes ascended (what the merge
  /// found stays), else every ref (what it found is forgotten), sorted by node again from the ways kept.
  func lookAgain() throws(TemporaryFileError) {
    let again = nodesAscending ? chunks.filter(\.late) : chunks
    if !nodesAscending { locatedSort.removeAll() }
    // The refs not merged yet name no node of the file, or are sorted again.
    (sortedRefs, nextRef) = (nil, nil)
    refSort.removeAll()
    lookingAgain = true
    let ranges = again.compactMap(\.refs)
    guard let lowest = ranges.map(\.lowerBound).min(), let highest = ranges.map(\.upperBound).max() else { return }
    var filter = NodeIDFilter(expected: nodesAscending ? lateRefCount : refCount)
    var buckets = NodeIDBuckets(range: lowest...highest)
    for chunk in again {
      var slot = Self.firstSlot(of: chunk.block)
      for way in try ways(of: chunk) where !way.hasLocations {
        for ref in way.refs {
          filter.insert(ref)
          buckets.insert(ref)
          try refSort.append(Ref(node: ref, slot: slot))
          slot += 1
        }
      }
    }
    (self.filter, self.buckets) = (filter, buckets)
  }

  /// Whether a block of nodes with ids in `range` may hold a node looked for again.
  func mayHold(nodes range: ClosedRange<Int64>) -> Bool {
    buckets?.mayHoldAny(in: range) ?? false
  }

  /// Keeps the positions of the nodes of a block, the blocks given in file order after ``lookAgain()``, that some
  /// ref looked for may name.
  func offer(_ nodes: PBFElements.NodePositions) throws(TemporaryFileError) {
    guard let filter else { return }
    let first = blocksOffered << 32
    blocksOffered += 1
    for (index, node) in nodes.ids.enumerated() where filter.mayContain(node) {
      let position = nodes.coordinate(at: index)
      try offeredSort.append(
        Offered(node: node, order: first + Int64(index), latitude: position.lat, longitude: position.lon)
      )
    }
  }

  /// The ways in file order, each with its nodes' positions (`nil` for a node not in the file) unless it has them
  /// itself; after ``lookAgain()`` and ``offer(_:)`` when the merge in file order could not place every ref.
  func sorted() throws(TemporaryFileError) -> Ways {
    assert(mergedInOrder || lookingAgain, "the ways' nodes not looked for again")
    // The merge is over: the refs sorted by node go, and the filters.
    (sortedRefs, nextRef) = (nil, nil)
    (filter, buckets) = (nil, nil)
    if lookingAgain { try mergeOffered() }
    return Ways(join: self, chunks: chunks.sorted { $0.block < $1.block }, located: try locatedSort.sorted())
  }

  /// Merges the nodes offered with the refs: a node's last copy among them gives its position.
  private func mergeOffered() throws(TemporaryFileError) {
    var refs = try refSort.sorted()
    var nodes = try offeredSort.sorted()
    var node = try nodes.next()
    var found: Offered?
    while let ref = try refs.next() {
      if found?.node != ref.node {
        found = nil
        while let candidate = node, candidate.node <= ref.node {
          if candidate.node == ref.node { found = candidate }
          node = try nodes.next()
        }
      }
      if let found {
        try locatedSort.append(Located(slot: ref.slot, latitude: found.latitude, longitude: found.longitude))
      }
    }
  }

  /// The ways of ``sorted()``, one at a time.
  struct Ways {
    fileprivate let join: PBFWayJoin
    fileprivate var chunks: [Chunk]
    fileprivate var located: ExternalSort<Located>.Sorted
    private var nextChunk = 0
    private var ways: [PBFFeatureReader.Pending] = []
    private var nextWay = 0
    private var slot: Int64 = 0
    private var nextLocated: Located?
    private var started = false

    fileprivate init(join: PBFWayJoin, chunks: [Chunk], located: ExternalSort<Located>.Sorted) {
      (self.join, self.chunks, self.located) = (join, chunks, located)
    }

    /// The next way and its nodes' positions (see ``PBFWayJoin/sorted()``), `nil` after the last.
    mutating func next() throws(TemporaryFileError) -> (PBFFeatureReader.Pending, [Coordinate?]?)? {
      if !started {
        started = true
        nextLocated = try located.next()
      }
      while nextWay == ways.count {
        guard nextChunk < chunks.count else { return nil }
        ways = try join.ways(of: chunks[nextChunk])
        slot = PBFWayJoin.firstSlot(of: chunks[nextChunk].block)
        nextChunk += 1
        nextWay = 0
      }
      let way = ways[nextWay]
      nextWay += 1
      guard !way.hasLocations else { return (way, nil) }
      let refs = way.refs
      var positions: [Coordinate?] = []
      positions.reserveCapacity(refs.count)
      for _ in refs {
        if let found = nextLocated, found.slot == slot {
          positions.append(Coordinate(lat: found.latitude, lon: found.longitude))
          nextLocated = try located.next()
        } else {
          positions.append(nil)
        }
        slot += 1
      }
      return (way, positions)
    }
  }

  /// The first slot of the block at place `block`: a block has fewer refs than bytes, at most 32 MiB.
  private static func firstSlot(of block: Int) -> Int64 {
    Int64(block) << 32
  }

  /// The ways of `chunk`, in the block's order.
  private func ways(of chunk: Chunk) throws(TemporaryFileError) -> [PBFFeatureReader.Pending] {
    let bytes = try spill.read(chunk.bytes)
    var ways: [PBFFeatureReader.Pending] = []
    var offset = 0
    while offset < bytes.count {
      let id = Self.number(in: bytes, at: &offset)
      let index = Int(Self.number(in: bytes, at: &offset))
      let count = Int(Self.number(in: bytes, at: &offset))
      let packed = Array(bytes[offset..<offset + count])
      offset += count
      ways.append(PBFFeatureReader.Pending(id: id, offset: chunk.offset, index: index, packed: packed))
    }
    return ways
  }

  private static func append(_ number: Int64, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
  }

  private static func number(in bytes: [UInt8], at offset: inout Int) -> Int64 {
    defer { offset += 8 }
    return Int64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) })
  }
}
