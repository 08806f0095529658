import BeaconJSON
import Foundation

/// Reads the restaurants, cafés and hotels of an OSM PBF file as ``OSMFeature``s, so that memory grows with the
/// wanted objects rather than with the file, and each block is decompressed once where the file is sorted as
/// extracts are (nodes, then ways, then relations):
///
/// 1. the framing only (``PBFBlobIndex``): where the blocks are, and the header's required features;
/// 2. the blocks from the last back to the last one holding nodes: the wanted multipolygon relations (their outer
///    member ways' ids), then the wanted ways and those members (their node ids);
/// 3. the blocks before, from the first: the wanted nodes (with their position) and the positions of the nodes the
///    ways need.
///
/// The wanted ways wait in a ``PBFWayJoin``, written to temporary files past its ``Limits``, so that memory does not
/// grow with them: those of step 2 take their nodes' positions as step 3 merges the nodes with their refs. Ways met
/// among the nodes, or nodes whose ids do not ascend (an unsorted file), have the blocks of nodes that may hold their
/// nodes read once more for the join (``PBFWayJoin/lookAgain()``). The members of wanted relations wait in memory with
/// the positions they need.
///
/// What else comes out of that order (a relation after ways or among nodes) is looked for again in the blocks that
/// may hold it, as the passes of ``readInOrder(_:)`` do. A fault before step 3 starts the reading again in file order
/// (``readInOrder(_:)``: every block, its wanted ways to the join, then the ways again for members, then the nodes
/// again for positions), which reports the first fault in the file as reading one block after the other would.
///
/// A way (or relation) is at the centroid of its line or (outer) ring by ``GeoJSONGeometry``'s rules; one whose
/// nodes are not all in the file is `missingNodes`; a relation whose outer ways form no closed ring has no
/// usable geometry. Only objects tagged as a restaurant, café or hotel are returned (named or not:
/// ``OSMImporter`` counts the nameless ones).
struct PBFFeatureReader {
  private let input: ImportInput
  /// How many blocks are decoded at once (on as many threads as the machine has cores).
  private let batch: Int

  /// The wanted ways, waiting there for their nodes' positions.
  private let join: PBFWayJoin
  private var relations: [Pending] = []
  /// The node ids of members of wanted relations, by way id.
  private(set) var memberWays: [Int64: [Int64]] = [:]
  /// The positions of those members' nodes, by way id, for the members that have them on the way (`LocationsOnWays`).
  private(set) var memberLocations: [Int64: [Coordinate?]] = [:]
  /// The ids of the ways wanted relations have as members.
  private var memberIDs = Set<Int64>()
  /// The ids of the nodes members of wanted relations need.
  private var neededNodes = Set<Int64>()
  /// The positions of the nodes members of wanted relations need.
  private(set) var locations = PBFNodeLocations()
  /// The id ranges of each data block's nodes and ways, by the block's offset: the passes that look again
  /// decompress only the blocks that may hold what they look for.
  private var blockIDs: [Int: (nodes: ClosedRange<Int64>?, ways: ClosedRange<Int64>?)] = [:]
  /// How many blocks were decompressed and decoded (a block read again counts again).
  private var blocksDecoded = 0

  /// The default ``batch``: a few blocks per core, so that no core waits long for the slowest block of a batch.
  static let defaultBatch = 4 * ProcessInfo.processInfo.activeProcessorCount

  /// How much of the wanted ways ``PBFWayJoin`` holds in memory.
  struct Limits {
    /// How many refs (16 bytes each), positions (24 bytes) and, looking again, nodes (32 bytes) are sorted in
    /// memory, at most (looking again also holds a Bloom filter of the refs, at most 32 MiB, and 1 MiB of bits).
    var runLength = 1 << 19
    /// How many bytes of ways are held before they are written to a temporary file.
    var spillBytes = 8 << 20
    /// Where the temporary files are made: the first of these that works.
    var directories = UnlinkedFile.directories
  }

  private init(input: ImportInput, batch: Int, limits: Limits) {
    self.input = input
    self.batch = max(1, batch)
    join = PBFWayJoin(runLength: limits.runLength, spillBytes: limits.spillBytes, directories: limits.directories)
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

  /// Calls `body` with each wanted object in the order of ``read(_:)``, as soon as it is known: nodes as their blocks
  /// are read, ways and relations at the end; `progress` after each batch of blocks, with the input's
  /// ``ImportInput/bytesRead`` saying how far the reading has come. What `body` was given before a failure is not
  /// taken back; an error `body` throws stops the reading and is thrown as it is.
  static func read(
    _ input: ImportInput,
    batch: Int = defaultBatch,
    limits: Limits = Limits(),
    progress: () -> Void = {},
    _ body: (OSMFeature) throws(BeaconError) -> Void
  ) throws(BeaconError) {
    _ = try readCounting(input, batch: batch, limits: limits, progress: progress, body)
  }

  /// ``read(_:batch:)``, and how many blocks were decompressed on the way (each block once in a sorted file);
  /// `inOrder`: the reading in file order that a file with a fault gets (``readInOrder(_:)``), for tests.
  static func readCounting(
    _ input: ImportInput,
    batch: Int,
    limits: Limits = Limits(),
    inOrder: Bool = false
  ) throws(BeaconError) -> (features: [OSMFeature], blocks: Int) {
    var features: [OSMFeature] = []
    let blocks = try readCounting(input, batch: batch, limits: limits, inOrder: inOrder, progress: {}) {
      features.append($0)
    }
    return (features, blocks)
  }

  private static func readCounting(
    _ input: ImportInput,
    batch: Int,
    limits: Limits,
    inOrder: Bool = false,
    progress: () -> Void,
    _ body: (OSMFeature) throws(BeaconError) -> Void
  ) throws(BeaconError) -> Int {
    var reader = PBFFeatureReader(input: input, batch: batch, limits: limits)
    func emit(_ feature: OSMFeature) throws(PBFFailure) {
      do throws(BeaconError) {
        try body(feature)
      } catch {
        throw PBFFailure(problem: .emptyInput, offset: 0, handedOn: error)
      }
    }
    var blocks = 0
    do throws(PBFFailure) {
      var readEndFirst = false
      if !inOrder { readEndFirst = try reader.readEndFirst(emit, progress: progress) }
      if !readEndFirst {
        blocks = reader.blocksDecoded
        reader = PBFFeatureReader(input: input, batch: batch, limits: limits)
        try reader.readInOrder(emit)
      }
      reader.relations.sort { ($0.offset, $0.index) < ($1.offset, $1.index) }
      var joined = try Self.onDisk { () throws(TemporaryFileError) in try reader.join.sorted() }
      while let (way, positions) = try Self.onDisk({ () throws(TemporaryFileError) in try joined.next() }) {
        try emit(reader.way(way, joined: positions))
      }
      for relation in reader.relations { try emit(reader.relation(relation)) }
    } catch {
      throw error.beaconError(file: input.name)
    }
    return blocks + reader.blocksDecoded
  }

  // MARK: - Passes

  /// Reads in file order: every block (the wanted ways to ``join``), then the ways again for the members of
  /// relations, then the nodes again for the positions the members and the ways need.
  private mutating func readInOrder(_ emit: (OSMFeature) throws(PBFFailure) -> Void) throws(PBFFailure) {
    try firstPass(emit)
    if !relations.isEmpty { neededNodes.formUnion(try memberPass(Set(relations.flatMap(\.refs)))) }
    if !neededNodes.isEmpty { try locationPass(neededNodes) }
    guard !join.mergedInOrder else { return }
    try Self.onDisk { () throws(TemporaryFileError) in try join.lookAgain() }
    let blocks = PBFBlockStream(input: input, batch: batch, selection: [.nodes, .positions], filter: .ids([]))
    let skip = { [join, blockIDs] (offset: Int) in !(blockIDs[offset]?.nodes.map(join.mayHold(nodes:)) ?? false) }
    try blocks.forEach(skip: skip) { elements, _ throws(PBFFailure) in
      blocksDecoded += 1
      try Self.onDisk { () throws(TemporaryFileError) in try join.offer(elements.positions) }
    }
  }

  private mutating func firstPass(_ emit: (OSMFeature) throws(PBFFailure) -> Void) throws(PBFFailure) {
    let blocks = PBFBlockStream(input: input, batch: batch, selection: .all, filter: .candidates)
    var block = 0
    try blocks.forEach { elements, offset throws(PBFFailure) in
      blocksDecoded += 1
      blockIDs[offset] = (elements.nodeIDs, elements.wayIDs)
      for node in elements.nodes where Self.isWanted(node.tags) { try emit(Self.feature(node, offset)) }
      // No positions are read: the ways are looked for again.
      if elements.nodeIDs != nil { try Self.onDisk { () throws(TemporaryFileError) in try join.match(nil) } }
      let ways = Self.wantedWays(elements.ways, offset)
      try Self.onDisk { () throws(TemporaryFileError) in try join.add(ways, block: block, offset: offset) }
      block += 1
      relations += Self.wantedRelations(elements, offset)
    }
  }

  /// Keeps `way`, a member of wanted relations; the ids of the nodes whose positions it needs (none when it has
  /// them).
  private mutating func keepMember(_ way: PBFElements.Way) -> [Int64] {
    memberWays[way.id] = way.refs
    guard way.hasLocations else { return way.refs }
    memberLocations[way.id] = zip(way.latitudes, way.longitudes).map {
      PBFElements.coordinate(latitude: $0, longitude: $1)
    }
    return []
  }

  /// Steps 1–3 of the type's summary, then the ways again for members met out of order and the nodes again for
  /// positions asked for out of order; `false`, with nothing emitted, on a fault before step 3.
  private mutating func readEndFirst(
    _ emit: (OSMFeature) throws(PBFFailure) -> Void,
    progress: () -> Void
  ) throws(PBFFailure) -> Bool {
    guard let index = try PBFBlobIndex(input) else { return false }
    let blobs = index.blobs
    let total = max(1, blobs.reduce(0) { $0 + $1.dataSize })
    var done = 0
    // When the join's merge in file order turns out not to place every ref, the blocks before `start` are counted
    // twice from then on (some are read again): the fraction goes on from `base` over what is left (`rest`).
    var again = 0
    var (base, from, rest) = (0.0, 0, total)
    var reported = 0.0
    let file = input
    func report(_ bytes: Int) {
      done += bytes
      reported = max(reported, base + (1 - base) * Double(done - from) / Double(max(1, rest)))
      file.reportProgress(reported, of: total)
      progress()
    }
    func bytes(_ range: Range<Int>) -> Int { blobs[range].reduce(0) { $0 + $1.dataSize } }
    // Member ways asked for after blocks of ways were read, and node positions asked for after blocks of nodes were.
    var lateMembers = Set<Int64>()
    var lateNodes = Set<Int64>()
    var waysRead = false
    // From the end back to the last block holding nodes: relations before the ways of their members, ways before
    // the nodes they need.
    var start = blobs.endIndex
    while start > 0 {
      let range = index.batch(endingAt: start, count: batch)
      let stream = PBFBlockStream(
        input: input,
        batch: batch,
        selection: .all,
        filter: .candidatesOr(nodes: [], ways: memberIDs)
      )
      let results = stream.decode(blobs[range])
      blocksDecoded += range.count
      var asked = Set<Int64>()
      var wayBlocks: [PBFBlobIndex.Location] = []
      var reachedNodes = false
      for position in range.reversed() {
        guard position - range.lowerBound < results.count,
          case .success(let (elements, offset)) = results[position - range.lowerBound]
        else { return false }
        if elements.nodeIDs != nil {
          // This block and those before it are read from the start.
          reachedNodes = true
          start = position + 1
          break
        }
        blockIDs[offset] = (nil, elements.wayIDs)
        for relation in Self.wantedRelations(elements, offset) {
          relations.append(relation)
          for id in relation.refs where memberWays[id] == nil && !memberIDs.contains(id) {
            if waysRead { lateMembers.insert(id) } else { asked.insert(id) }
          }
        }
        try take(elements.ways, offset, block: position, into: &lateNodes)
        if elements.wayIDs != nil { wayBlocks.append(blobs[position]) }
      }
      // Members asked for in this batch may be in its blocks of ways, decoded before they were asked for.
      if !asked.isEmpty, !wayBlocks.isEmpty {
        let again = PBFBlockStream(input: input, batch: batch, selection: .ways, filter: .ids(asked))
        blocksDecoded += wayBlocks.count
        for result in again.decode(wayBlocks[...]) {
          guard case .success(let (elements, _)) = result else { return false }
          try take(elements.ways, -1, into: &lateNodes)
        }
      }
      memberIDs.formUnion(asked)
      waysRead = waysRead || !wayBlocks.isEmpty
      if reachedNodes { break }
      report(bytes(range))
      start = range.lowerBound
    }
    // From the start: nodes, with the positions the ways need.
    locations.ask(for: neededNodes)
    var next = 0
    while next < start {
      let range = index.batch(startingAt: next, before: start, count: batch)
      let positions = join.needsPositions
      let stream = PBFBlockStream(
        input: input,
        batch: batch,
        selection: positions ? PBFPrimitiveBlock.Selection.all.union(.positions) : .all,
        filter: .candidatesOr(nodes: neededNodes, ways: memberIDs)
      )
      blocksDecoded += range.count
      for (position, result) in zip(range, stream.decode(blobs[range])) {
        let (elements, offset) = try result.get()
        blockIDs[offset] = (elements.nodeIDs, elements.wayIDs)
        for node in elements.nodes {
          if Self.isWanted(node.tags) { try emit(Self.feature(node, offset)) }
          locations.record(node.id, lat: node.lat, lon: node.lon)
        }
        if elements.nodeIDs != nil {
          try Self.onDisk { () throws(TemporaryFileError) in try join.match(positions ? elements.positions : nil) }
        }
        // Ways and relations among nodes: an unsorted file.
        try take(elements.ways, offset, block: position, nodesRead: true, into: &lateNodes)
        for relation in Self.wantedRelations(elements, offset) {
          relations.append(relation)
          lateMembers.formUnion(relation.refs.filter { memberWays[$0] == nil })
        }
      }
      if again == 0, !join.mergedInOrder {
        again = bytes(0..<start)
        (base, from, rest) = (reported, done, total - done + again)
      }
      report(bytes(range))
      next = range.upperBound
    }
    neededNodes = []  // In `locations` now.
    if !lateMembers.isEmpty { lateNodes.formUnion(try memberPass(lateMembers)) }
    if !join.mergedInOrder {
      try Self.onDisk { () throws(TemporaryFileError) in try join.lookAgain() }
      let nodes = index.filter { blockIDs[$0.offset]?.nodes.map(join.mayHold(nodes:)) ?? false }
      // The blocks not read again are done.
      report(again - nodes.blobs.reduce(0) { $0 + $1.dataSize })
      try offerAgain(nodes, report: report)
    }
    lateNodes = lateNodes.filter { !locations.hasRead($0) }
    if !lateNodes.isEmpty { try locationPass(lateNodes) }
    input.reportProgress(1, of: total)
    progress()
    return true
  }

  /// Takes a block's wanted ways (at `offset`; a negative one: members only, the block's ways already taken) and
  /// the members among its ways, asking for the positions of their nodes: in ``neededNodes`` while no block of nodes
  /// was read, else in `late`. The wanted ways of a block at place `block` in the file go to ``join``.
  private mutating func take(
    _ blockWays: [PBFElements.Way],
    _ offset: Int,
    block: Int? = nil,
    nodesRead: Bool = false,
    into late: inout Set<Int64>
  ) throws(PBFFailure) {
    var needed: [Int64] = []
    if let block, offset >= 0 {
      let wanted = Self.wantedWays(blockWays, offset)
      try Self.onDisk { () throws(TemporaryFileError) in try join.add(wanted, block: block, offset: offset) }
    }
    for way in blockWays where memberIDs.contains(way.id) || offset < 0 {
      needed += keepMember(way)
    }
    if nodesRead { late.formUnion(needed) } else { neededNodes.formUnion(needed) }
  }

  /// Reads the ways with the ids `wanted` (members of relations) in the blocks whose ways' ids may hold them, and
  /// returns the ids of the nodes they need.
  private mutating func memberPass(_ wanted: Set<Int64>) throws(PBFFailure) -> Set<Int64> {
    var needed = Set<Int64>()
    let sorted = wanted.sorted()
    let blocks = PBFBlockStream(input: input, batch: batch, selection: .ways, filter: .ids(wanted))
    try blocks.forEach(skip: { !sorted.holdsAny(in: blockIDs[$0]?.ways) }) { elements, _ throws(PBFFailure) in
      blocksDecoded += 1
      for way in elements.ways {
        needed.formUnion(keepMember(way))
      }
    }
    return needed
  }

  /// Offers the blocks of nodes of `index` (those that may hold a node the join looks for again) to ``join``, in file
  /// order, a batch at a time, `report` given the bytes of each batch (``PBFWayJoin/lookAgain()``).
  private mutating func offerAgain(_ index: PBFBlobIndex, report: (Int) -> Void) throws(PBFFailure) {
    let stream = PBFBlockStream(input: input, batch: batch, selection: [.nodes, .positions], filter: .ids([]))
    var next = 0
    while next < index.blobs.count {
      let range = index.batch(startingAt: next, before: index.blobs.count, count: batch)
      blocksDecoded += range.count
      for result in stream.decode(index.blobs[range]) {
        let (elements, _) = try result.get()
        try Self.onDisk { () throws(TemporaryFileError) in try join.offer(elements.positions) }
      }
      report(index.blobs[range].reduce(0) { $0 + $1.dataSize })
      next = range.upperBound
    }
  }

  /// Reads the positions of the nodes with the ids `needed` in the blocks whose nodes' ids may hold them.
  private mutating func locationPass(_ needed: Set<Int64>) throws(PBFFailure) {
    locations.ask(for: needed)
    let sorted = needed.sorted()
    let blocks = PBFBlockStream(input: input, batch: batch, selection: .nodes, filter: .ids(needed))
    try blocks.forEach(skip: { !sorted.holdsAny(in: blockIDs[$0]?.nodes) }) { elements, _ throws(PBFFailure) in
      blocksDecoded += 1
      for node in elements.nodes { locations.record(node.id, lat: node.lat, lon: node.lon) }
    }
  }

  /// What `work` gives, a failure of its temporary files (``PBFWayJoin``'s) thrown as the reading's.
  private static func onDisk<Value>(_ work: () throws(TemporaryFileError) -> Value) throws(PBFFailure) -> Value {
    do throws(TemporaryFileError) {
      return try work()
    } catch {
      throw PBFFailure(error)
    }
  }
}
