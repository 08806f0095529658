import Foundation

/// Builds `place_rtree` in one go when an import brings at least as many places as the tree had (a first import, or
/// a big one into a store with a few places, such as the demo's): the boxes of all places packed into full nodes
/// (Sort-Tile-Recursive: sorted by longitude into vertical slices, each slice by latitude), written straight into the
/// R*Tree's own tables (`place_rtree_node`, `_rowid`, `_parent`) in SQLite's node format, inside the import's
/// transaction. Inserting row by row makes the R*Tree choose a subtree, split nodes and reinsert cells for every
/// place: most of an import's index time. A smaller import goes in by `INSERT` as before.
///
/// The boxes are those SQLite's R*Tree stores for a point (32-bit floats rounded outwards, as its `rtreeValueDown` and
/// `rtreeValueUp` do), so searches find the same places; `rtreecheck()` accepts the tree.
enum RTreeBulkLoad {
  /// The bulk statement ``DeferredIndexes`` makes of `place_inserted`'s R*Tree insert for rows after `lastRowID`.
  static func isPlaceInsert(_ statement: String, after lastRowID: Int64) -> Bool {
    statement == """
      INSERT INTO place_rtree SELECT new.rowid, new.latitude, new.latitude, new.longitude, new.longitude \
      FROM place AS new WHERE new.rowid > \(lastRowID)
      """
  }

  /// One cell: a place's rowid (or a child node's number) and its box.
  private struct Cell {
    var id: Int64
    var minLatitude: Float
    var maxLatitude: Float
    var minLongitude: Float
    var maxLongitude: Float

    var centreLatitude: Float { (minLatitude + maxLatitude) / 2 }
    var centreLongitude: Float { (minLongitude + maxLongitude) / 2 }
  }

  /// How many values the sorts of ``fill(database:after:)`` hold in memory (``ExternalSort``): 24 MiB of cells and
  /// 16 MiB of the leaf each place is in, whatever the number of places; up to about a million places, nothing is
  /// written to disk.
  static let runLength = 1 << 20

  /// A place and the leaf node it is in.
  private struct Leaf {
    var rowid: Int64
    var node: Int64
  }

  /// Fills `place_rtree` with the places after `lastRowID` in one go when they are at least as many as the tree has
  /// (a first import, or a big one into a store with a few places, such as the demo's): the tree is then built anew
  /// from all places, packed. Returns `false` (nothing done) otherwise, or when the root node has an unexpected size.
  ///
  /// Memory is bounded: the places are sorted in runs of at most `runLength` (``ExternalSort``), and of the tree
  /// only a slice of places and the levels above the leaves (one cell a leaf) are held.
  static func fill(database: Database, after lastRowID: Int64, runLength: Int = runLength) throws -> Bool {
    guard
      let size = try database.query("SELECT length(data) FROM place_rtree_node WHERE nodeno = 1").first?.int(0),
      size >= 4 + 24 * 4,
      let indexed = try database.query("SELECT count(*) FROM place_rtree_rowid").first?.int(0),
      // The rows after `lastRowID` (new rows take the next rowid, and an import deletes none before its end): unlike
      // `count(*)` over them, no walk of the whole table.
      let last = try database.query("SELECT max(rowid) FROM place").first?.int(0),
      last - Int(lastRowID) >= indexed
    else { return false }
    try database.execute("DELETE FROM place_rtree_node; DELETE FROM place_rtree_rowid; DELETE FROM place_rtree_parent;")
    let capacity = (size - 4) / 24
    let (sql, count) = try positions(database: database)
    guard count > 0 else {
      // No places at all: the empty root an R*Tree starts with.
      try database.run(
        "INSERT INTO place_rtree_node (nodeno, data) VALUES (1, ?)",
        [DatabaseValue.blob(Array(repeating: 0, count: size))]
      )
      return true
    }
    // Sort-Tile-Recursive: the places by longitude into vertical slices, each slice by latitude, and each `capacity`
    // places in a row of that order a leaf (a slice holds a whole number of leaves).
    let byLongitude = ExternalSort<Cell>(runLength: runLength, expected: count) {
      ($0.centreLongitude, $0.id) < ($1.centreLongitude, $1.id)
    }
    let rows = try database.statement(sql)
    defer { rows.reset() }
    while try rows.step() {
      let latitude = rows.real(at: 1)
      let longitude = rows.real(at: 2)
      try byLongitude.append(
        Cell(
          id: rows.integer(at: 0),
          minLatitude: down(latitude),
          maxLatitude: up(latitude),
          minLongitude: down(longitude),
          maxLongitude: up(longitude)
        )
      )
    }
    rows.reset()
    let writeNode = try database.statement("INSERT OR REPLACE INTO place_rtree_node (nodeno, data) VALUES (?, ?)")
    let writeParent = try database.statement("INSERT INTO place_rtree_parent (nodeno, parentnode) VALUES (?, ?)")
    func writeCells(_ cells: ArraySlice<Cell>, node: Int64, depth: Int) throws {
      try writeNode.bind([node, DatabaseValue.blob(blob(cells, depth: depth, size: size))])
      while try writeNode.step() {}
    }
    // The leaves, numbered from 2 on (the root is node 1), or the root when all places fit one node.
    let leaves = (count + capacity - 1) / capacity
    let sliceSize = Int(Double(leaves).squareRoot().rounded(.up)) * capacity
    let byRowID = ExternalSort<Leaf>(runLength: runLength, expected: count) { $0.rowid < $1.rowid }
    var level: [Cell] = []
    level.reserveCapacity(leaves)
    var slice: [Cell] = []
    slice.reserveCapacity(min(sliceSize, count))
    func writeSlice() throws {
      slice.sort { ($0.centreLatitude, $0.id) < ($1.centreLatitude, $1.id) }
      for start in stride(from: 0, to: slice.count, by: capacity) {
        let leaf = slice[start..<min(start + capacity, slice.count)]
        let node = leaves == 1 ? 1 : Int64(level.count + 2)
        try writeCells(leaf, node: node, depth: 0)
        for cell in leaf { try byRowID.append(Leaf(rowid: cell.id, node: node)) }
        level.append(bounds(of: leaf, id: node))
      }
      slice.removeAll(keepingCapacity: true)
    }
    try byLongitude.forEachSorted { cell in
      slice.append(cell)
      if slice.count == sliceSize { try writeSlice() }
    }
    if !slice.isEmpty { try writeSlice() }
    try writeRowIDs(byRowID, database: database)
    guard leaves > 1 else { return true }
    // The levels above, each from the one below (one cell a leaf: in memory), sorted in place in groups of
    // neighbouring cells; their nodes are numbered on from the leaves', and a level that fits one node is the root.
    var depth = 1
    var nextNode = Int64(leaves + 2)
    while true {
      let groups = level.count <= capacity ? [level.indices] : packed(&level, capacity: capacity)
      let isRoot = groups.count == 1
      var parents: [Cell] = []
      for range in groups {
        let group = level[range]
        let node = isRoot ? 1 : nextNode
        if !isRoot { nextNode += 1 }
        try writeCells(group, node: node, depth: isRoot ? depth : 0)
        for cell in group { try write(writeParent, cell.id, node) }
        parents.append(bounds(of: group, id: node))
      }
      if isRoot { break }
      level = parents
      depth += 1
    }
    return true
  }

  /// The positions of all places (rowid, latitude, longitude): from `place_cell` when it has a row for every place,
  /// as it has unless an import leaves its new places' rows to its end (``DeferredCells``): its rows are a tenth as
  /// long as `place`'s (no details), so a tenth of the pages are read. From `place` otherwise.
  static func positionsSQL(database: Database) throws -> String {
    try positions(database: database).sql
  }

  /// ``positionsSQL(database:)``, and how many places there are.
  private static func positions(database: Database) throws -> (sql: String, count: Int) {
    let counts = try database.query("SELECT (SELECT count(*) FROM place), (SELECT count(*) FROM place_cell)").first
    let places = counts?.int(0) ?? 0
    let sql =
      places == counts?.int(1)
      ? "SELECT place_rowid, latitude, longitude FROM place_cell"
      : "SELECT rowid, latitude, longitude FROM place"
    return (sql, places)
  }

  /// How many rows of `place_rtree_rowid` one statement writes (two parameters each, under SQLite's oldest limit of
  /// 999).
  static let rowIDBatch = 256

  /// Writes the leaf of each place to `place_rtree_rowid`, in rowid order (consecutive keys, which SQLite appends
  /// without a search of the B-tree): ``rowIDBatch`` rows a statement, the rest one by one; a statement a row would
  /// cost more in its start and end than the row's append does.
  private static func writeRowIDs(_ leaves: ExternalSort<Leaf>, database: Database) throws {
    let values = repeatElement("(?, ?)", count: rowIDBatch).joined(separator: ", ")
    let batch = try database.statement("INSERT INTO place_rtree_rowid (rowid, nodeno) VALUES \(values)")
    let single = try database.statement("INSERT INTO place_rtree_rowid (rowid, nodeno) VALUES (?, ?)")
    var pending: [Leaf] = []
    pending.reserveCapacity(rowIDBatch)
    try leaves.forEachSorted { leaf in
      pending.append(leaf)
      guard pending.count == rowIDBatch else { return }
      batch.reset()
      for (offset, leaf) in pending.enumerated() {
        try batch.bind(leaf.rowid, at: Int32(2 * offset + 1))
        try batch.bind(leaf.node, at: Int32(2 * offset + 2))
      }
      while try batch.step() {}
      pending.removeAll(keepingCapacity: true)
    }
    for leaf in pending { try write(single, leaf.rowid, leaf.node) }
  }

  /// Runs `statement` on the two integers (bound one by one: an array of existentials costs more than the insert).
  private static func write(_ statement: Statement, _ first: Int64, _ second: Int64) throws(SQLiteError) {
    statement.reset()
    try statement.bind(first, at: 1)
    try statement.bind(second, at: 2)
    while try statement.step() {}
  }

  /// `cells` sorted in place into groups of at most `capacity` that lie near each other (Sort-Tile-Recursive): the
  /// ranges of the groups.
  private static func packed(_ cells: inout [Cell], capacity: Int) -> [Range<Int>] {
    let nodes = (cells.count + capacity - 1) / capacity
    let slices = Int(Double(nodes).squareRoot().rounded(.up))
    let sliceSize = slices * capacity
    cells.sort { ($0.centreLongitude, $0.id) < ($1.centreLongitude, $1.id) }
    var groups: [Range<Int>] = []
    groups.reserveCapacity(nodes + slices)
    var start = 0
    while start < cells.count {
      let end = min(start + sliceSize, cells.count)
      cells[start..<end].sort { ($0.centreLatitude, $0.id) < ($1.centreLatitude, $1.id) }
      var index = start
      while index < end {
        groups.append(index..<min(index + capacity, end))
        index += capacity
      }
      start = end
    }
    return groups
  }

  /// The box around `cells`, as the cell of node `id`.
  private static func bounds(of cells: ArraySlice<Cell>, id: Int64) -> Cell {
    guard var box = cells.first else {
      return Cell(id: id, minLatitude: 0, maxLatitude: 0, minLongitude: 0, maxLongitude: 0)
    }
    box.id = id
    for cell in cells.dropFirst() {
      box.minLatitude = min(box.minLatitude, cell.minLatitude)
      box.maxLatitude = max(box.maxLatitude, cell.maxLatitude)
      box.minLongitude = min(box.minLongitude, cell.minLongitude)
      box.maxLongitude = max(box.maxLongitude, cell.maxLongitude)
    }
    return box
  }

  /// A node as SQLite's R*Tree stores it: the depth (the root's; 0 in other nodes) and the number of cells as
  /// big-endian 16-bit numbers, then each cell's 64-bit id and four 32-bit floats, big-endian, zeros to `size`.
  private static func blob(_ cells: ArraySlice<Cell>, depth: Int, size: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    bytes.append(UInt8(truncatingIfNeeded: depth >> 8))
    bytes.append(UInt8(truncatingIfNeeded: depth))
    bytes.append(UInt8(truncatingIfNeeded: cells.count >> 8))
    bytes.append(UInt8(truncatingIfNeeded: cells.count))
    func append(_ value: Float) { withUnsafeBytes(of: value.bitPattern.bigEndian) { bytes.append(contentsOf: $0) } }
    for cell in cells {
      withUnsafeBytes(of: UInt64(bitPattern: cell.id).bigEndian) { bytes.append(contentsOf: $0) }
      // Four calls, not a loop over an array (one allocation a cell).
      append(cell.minLatitude)
      append(cell.maxLatitude)
      append(cell.minLongitude)
      append(cell.maxLongitude)
    }
    bytes.append(contentsOf: repeatElement(0, count: size - bytes.count))
    return bytes
  }

  /// SQLite's `rtreeValueDown`: `value` as a float no larger than it.
  static func down(_ value: Double) -> Float {
    let float = Float(value)
    guard Double(float) > value else { return float }
    return Float(value * (value < 0 ? 1 + 1 / 8_388_608.0 : 1 - 1 / 8_388_608.0))
  }

  /// SQLite's `rtreeValueUp`: `value` as a float no smaller than it.
  static func up(_ value: Double) -> Float {
    let float = Float(value)
    guard Double(float) < value else { return float }
    return Float(value * (value < 0 ? 1 - 1 / 8_388_608.0 : 1 + 1 / 8_388_608.0))
  }
}
