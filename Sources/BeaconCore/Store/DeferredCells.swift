import Foundation

/// `place_cell` (migration 12) of an import's new places in bulk, as ``DeferredFacts`` does for their facts: inside
/// the import's transaction the insert trigger is dropped and the facts trigger limited to places older than the
/// import, and at its end (after the facts are filled) one `INSERT … SELECT` in key order fills the new places'
/// rows; then both triggers are restored, word for word from `sqlite_schema`. A failure rolls the schema back with
/// the rows.
///
/// Used only while the stored insert trigger is migration 12's, word for word; a trigger a later migration changed
/// is left alone (the import is then slower, not different).
struct DeferredCells {
  private let insertTrigger: String
  private let factsTrigger: String
  private let lastRowID: Int64

  /// Drops the insert trigger and limits the facts trigger to rows up to `lastRowID`; `nil` (and nothing changed)
  /// when the triggers are not the ones ``PlaceCellSQL/fill(after:)`` agrees with.
  static func begin(database: Database, after lastRowID: Int64) throws -> DeferredCells? {
    func triggerSQL(_ name: String) throws -> String? {
      try database.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [name]).first?.string(0)
    }
    let on = "AFTER INSERT ON place_fact BEGIN"
    guard let insert = try triggerSQL("place_cell_inserted"), insert == expectedInsertTrigger,
      let facts = try triggerSQL("place_cell_facts_inserted"), let range = facts.range(of: on)
    else { return nil }
    let limitedFacts = facts.replacingCharacters(
      in: range,
      with: "AFTER INSERT ON place_fact WHEN new.place_rowid <= \(lastRowID) BEGIN"
    )
    try database.execute("DROP TRIGGER place_cell_inserted; DROP TRIGGER place_cell_facts_inserted;")
    try database.execute(limitedFacts)
    return DeferredCells(insertTrigger: insert, factsTrigger: facts, lastRowID: lastRowID)
  }

  /// Fills the rows of the new places (their facts filled before) and restores the triggers.
  func finish(database: Database) throws {
    try database.execute(PlaceCellSQL.fill(after: String(lastRowID)))
    try database.execute("DROP TRIGGER place_cell_facts_inserted")
    try database.execute(factsTrigger)
    try database.execute(insertTrigger)
  }

  /// The insert trigger as migration 12 creates it (as `sqlite_schema` keeps it: from `CREATE` to `END`).
  static let expectedInsertTrigger: String? = {
    guard let migration = Migrations.all.last(where: { $0.contains("CREATE TRIGGER place_cell_inserted") }),
      let start = migration.range(of: "CREATE TRIGGER place_cell_inserted"),
      let end = migration.range(of: "\nEND;", range: start.upperBound..<migration.endIndex)
    else { return nil }
    return String(migration[start.lowerBound..<end.lowerBound]) + "\nEND"
  }()
}
