import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The writer's plain insert for the places a file gives first (``ImportWriter/insertSQL``, tried before the upsert)
/// leaves the store exactly as the upsert alone does: every table of the file, the full-text index's and the R*Tree's
/// shadow tables included, after a first import over older places, an unchanged re-import (every place in the store
/// already) and a changed one with new places and removals.
@Suite struct ImportInsertFirstTests {
  let directory = TemporaryDirectory()

  @Test func theInsertFirstLeavesTheStoreAsTheUpsertAloneDoes() async throws {
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    let files = [
      ImportCellsTests.features(count: 900, seed: 21),
      ImportCellsTests.features(count: 900, seed: 21),
      ImportCellsTests.features(count: 1_000, seed: 22).enumerated().filter { $0.offset % 4 != 1 }.map(\.element),
    ]
    var dumps: [[[String: [Row]]]] = []
    for insertsFirst in [true, false] {
      let store = try Store.open(path: directory.file("store-\(insertsFirst).sqlite"))
      // Older places, some under ids the files have: the plain insert finds them taken.
      try await store.upsert(
        (0..<60).map {
          Place(
            id: "osm:node/\($0 * 5)",
            name: "Gammelt \($0)",
            category: .restaurant,
            location: Coordinate(lat: 59.91, lon: 10.75 + Double($0) / 1_000),
            detailsJSON: #"{"properties":{"datasource":{"raw":{"diet:vegan":"yes"}}}}"#,
            source: "osm"
          )
        }
      )
      var after: [[String: [Row]]] = []
      for (index, features) in files.enumerated() {
        let report = try await store.importPlaces(
          from: .bytes(ImportFactTests.collection(features), name: "file \(index)"),
          at: date,
          parallel: false,
          fullTextBatch: 64,
          insertsFirst: insertsFirst
        )
        #expect(report.tally.added + report.tally.updated + report.tally.unchanged > 0)
        after.append(try await store.dump())
      }
      dumps.append(after)
    }
    let (insertFirst, upsertOnly) = (dumps[0], dumps[1])
    for (index, (one, other)) in zip(insertFirst, upsertOnly).enumerated() {
      #expect(one.keys.sorted() == other.keys.sorted(), "import \(index)")
      for table in one.keys.sorted() {
        // A Bool, so that a failure names the table rather than printing both dumps.
        let same = one[table] == other[table]
        #expect(same, "import \(index): table \(table) differs")
      }
      // The dump holds what it should: the places, their full text and their boxes.
      for table in ["place", "place_fts_data", "place_rtree_node", "place_cell", "place_fact", "imported_area"] {
        #expect(one[table]?.isEmpty == false, "import \(index): \(table) is empty")
      }
    }
    // The first import added places, the second changed none, the third removed some.
    #expect(insertFirst[0]["place"]?.count ?? 0 > 60)
    #expect(insertFirst[1]["place"] == insertFirst[0]["place"])
    #expect(insertFirst[2]["place"] != insertFirst[1]["place"])
  }
}

extension Store {
  /// Every row of every table in the file, by table (in each table's own order), with the R*Tree's boxes read through
  /// its virtual table too and the full-text index's every term instance.
  fileprivate func dump() throws -> [String: [Row]] {
    let tables = try database.query(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    var dump: [String: [Row]] = [:]
    for row in tables {
      // The full-text index cannot be scanned (contentless, without token counts): its terms are in `#fts5vocab`.
      guard let table = row.string(0), table != "place_fts" else { continue }
      let rowid = row.string(1)?.contains("WITHOUT ROWID") == true ? "" : "rowid, "
      let order = table == "place_rtree" ? " ORDER BY place_rowid" : ""
      dump[table] = try database.query("SELECT \(rowid)* FROM \"\(table)\"\(order)")
    }
    dump["#schema"] = try database.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name")
    dump["#fts5vocab"] = try fullTextInstances()
    return dump
  }

  /// The full-text index's every term instance (`fts5vocab`'s `instance` table), in order.
  private func fullTextInstances() throws -> [Row] {
    try database.execute("CREATE VIRTUAL TABLE temp.place_fts_instances USING fts5vocab(main, place_fts, instance)")
    defer { try? database.execute("DROP TABLE temp.place_fts_instances") }
    return try database.query("SELECT * FROM temp.place_fts_instances")
  }
}
