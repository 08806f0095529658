import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// An import into an empty store builds the R*Tree in one go (``RTreeBulkLoad``): the tree SQLite's own checker
/// accepts, with the very boxes row-by-row inserts store, finding the same places; and later imports and deletions
/// keep working on it.
@Suite struct RTreeBulkLoadTests {
  let directory = TemporaryDirectory()

  /// `count` restaurants spread over about 0.3° × 0.2° (three levels of nodes from 2 602 places on).
  static func places(count: Int, idOffset: Int = 0) -> [UInt8] {
    var lines: [UInt8] = []
    for index in 1...count {
      let lon = 10.5 + Double((index * 7_919) % 3_001) * 1e-4
      let lat = 59.8 + Double((index * 104_729) % 2_003) * 1e-4 - (index.isMultiple(of: 5) ? 0.000_012_345 : 0)
      let feature: JSONValue = [
        "type": "Feature",
        "geometry": ["type": "Point", "coordinates": [.double(lon), .double(lat)]],
        "properties": [
          "@type": "node", "@id": .int(index + idOffset), "amenity": "restaurant", "name": .string("Sted \(index)"),
        ],
      ]
      lines.append(0x1E)
      JSONWriter.write(feature, into: &lines)
      lines.append(0x0A)
    }
    return lines
  }

  @Test func anImportIntoAnEmptyStoreBuildsTheTreeRowByRowInsertsWould() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    let report = try await store.importPlaces(from: .bytes(Self.places(count: 3_000), name: "p.geojsonseq"), at: Date())
    #expect(report.tally.added == 3_000)
    let check = try await store.rtreeCheck()
    #expect(check.verdict == "ok")
    // Packed full: 59 leaves of 51 places (the most a node of the default 4 KiB page holds), 2 nodes above them and
    // the root (row-by-row inserts leave nodes part full: more of them).
    #expect(check.depth == 2)
    #expect(check.nodes == 59 + 2 + 1)
    #expect(check.bulk == check.rowByRow)
    #expect(check.bulk.count == 3_000)
    for box in [(59.85, 59.9, 10.55, 10.6), (59.8, 60.0, 10.5, 10.8), (59.9123, 59.9124, 10.6, 10.7)] {
      let found = try await store.rtreeSearch(box)
      #expect(found.bulk == found.rowByRow)
    }
    // A smaller second import (new places and moved ones) and deletions go into the packed tree row by row.
    var more = Self.places(count: 600, idOffset: 2_800)
    more.append(contentsOf: Self.places(count: 1))
    _ = try await store.importPlaces(from: .bytes(more, name: "q.geojsonseq"), at: Date())
    let after = try await store.rtreeCheck()
    #expect(after.verdict == "ok")
    #expect(after.bulk == after.rowByRow)
  }

  @Test func aBigImportIntoAStoreWithAFewPlacesPacksTheTreeOfAllOfThem() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    // A few places of another source (which the big import keeps, as it does the demo's).
    let other = Self.places(count: 60, idOffset: 10_000)
    _ = try await store.importPlaces(from: .bytes(other, name: "other.geojsonseq"), source: "other", at: Date())
    let report = try await store.importPlaces(
      from: .bytes(Self.places(count: 3_000, idOffset: 20_000), name: "p.geojsonseq"),
      at: Date()
    )
    #expect(report.tally.added == 3_000)
    let check = try await store.rtreeCheck()
    #expect(check.verdict == "ok")
    #expect(check.bulk == check.rowByRow)
    // Every place of the store, packed: 3 000 plus the 60 of the other source, in 60 full leaves, 2 nodes above them
    // and the root.
    #expect(check.bulk.count == 3_060)
    #expect(check.nodes == 60 + 2 + 1)
  }

  @Test func aTreeSortedInRunsOnDiskIsTheTreeSortedInMemory() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    _ = try await store.importPlaces(from: .bytes(Self.places(count: 3_000), name: "p.geojsonseq"), at: Date())
    let inMemory = try await store.rtreeTables()
    // Runs of 7 and 100 places: 429 and 30 runs merged, for the places and again for their leaves.
    for runLength in [7, 100] {
      #expect(try await store.refill(runLength: runLength))
      #expect(try await store.rtreeTables() == inMemory)
    }
    let check = try await store.rtreeCheck()
    #expect(check.verdict == "ok")
    #expect(check.bulk == check.rowByRow)
  }

  @Test func thePositionsAreReadFromPlaceCellOnlyWhenItHasARowForEveryPlace() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    _ = try await store.importPlaces(from: .bytes(Self.places(count: 600), name: "p.geojsonseq"), at: Date())
    #expect(try await store.positionsSQL().hasSuffix("FROM place_cell"))
    // A place without its row of `place_cell` (as while an import leaves the rows to its end): read from `place`,
    // and the tree built anew still has every place.
    let rebuilt = try await store.rebuildTreeWithoutOneCell()
    #expect(rebuilt.sql.hasSuffix("FROM place"))
    #expect(rebuilt.filled)
    let check = try await store.rtreeCheck()
    #expect(check.verdict == "ok")
    #expect(check.bulk == check.rowByRow)
    #expect(check.bulk.count == 600)
  }
}

extension Store {
  fileprivate func positionsSQL() throws -> String { try RTreeBulkLoad.positionsSQL(database: database) }

  /// Fills the R*Tree anew (as for an import after rowid 0), sorting in runs of `runLength`.
  fileprivate func refill(runLength: Int) throws -> Bool {
    try database.transaction { try RTreeBulkLoad.fill(database: database, after: 0, runLength: runLength) }
  }

  /// The rows of the R*Tree's three tables, byte for byte.
  fileprivate func rtreeTables() throws -> [[Row]] {
    try [
      database.query("SELECT nodeno, data FROM place_rtree_node ORDER BY nodeno"),
      database.query("SELECT rowid, nodeno FROM place_rtree_rowid ORDER BY rowid"),
      database.query("SELECT nodeno, parentnode FROM place_rtree_parent ORDER BY nodeno"),
    ]
  }

  /// Deletes one row of `place_cell`, then fills the R*Tree anew (as for an import after rowid 0): the positions'
  /// SQL then, and whether the tree was filled.
  fileprivate func rebuildTreeWithoutOneCell() throws -> (sql: String, filled: Bool) {
    try database.execute("DELETE FROM place_cell WHERE place_rowid = (SELECT max(place_rowid) FROM place_cell)")
    let sql = try RTreeBulkLoad.positionsSQL(database: database)
    let filled = try database.transaction { try RTreeBulkLoad.fill(database: database, after: 0) }
    return (sql, filled)
  }

  /// `rtreecheck()`'s verdict, the root's depth, the number of nodes, and the rows of `place_rtree` beside those of an R*Tree filled
  /// from `place` by row-by-row inserts (each row: rowid and the four stored floats).
  fileprivate func rtreeCheck() throws -> (verdict: String?, depth: Int?, nodes: Int?, bulk: [Row], rowByRow: [Row]) {
    let verdict = try database.query("SELECT rtreecheck('place_rtree')").first?.string(0)
    let rootDepth = try database.query("SELECT hex(substr(data, 1, 2)) FROM place_rtree_node WHERE nodeno = 1")
      .first?.string(0).flatMap { Int($0, radix: 16) }
    try database.execute(
      """
      DROP TABLE IF EXISTS temp.check_rtree;
      CREATE VIRTUAL TABLE temp.check_rtree USING rtree(place_rowid, min_latitude, max_latitude, min_longitude,
        max_longitude);
      INSERT INTO temp.check_rtree SELECT rowid, latitude, latitude, longitude, longitude FROM place;
      """
    )
    let bulk = try database.query("SELECT * FROM place_rtree ORDER BY place_rowid")
    let rowByRow = try database.query("SELECT * FROM temp.check_rtree ORDER BY place_rowid")
    let nodes = try database.query("SELECT count(*) FROM place_rtree_node").first?.int(0)
    return (verdict, rootDepth, nodes, bulk, rowByRow)
  }

  /// The rowids in a box (south, north, west, east), by the imported tree and by the row-by-row one.
  fileprivate func rtreeSearch(_ box: (Double, Double, Double, Double)) throws -> (bulk: [Row], rowByRow: [Row]) {
    func search(_ table: String) throws -> [Row] {
      try database.query(
        """
        SELECT place_rowid FROM \(table) WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ?
          AND min_longitude <= ? ORDER BY place_rowid
        """,
        [box.0, box.1, box.2, box.3]
      )
    }
    return (try search("place_rtree"), try search("temp.check_rtree"))
  }
}
