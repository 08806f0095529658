import Foundation

/// `place_cell` (migration 12) of an import's new places in bulk, as ``DeferredFacts`` does for their facts: inside
/// the import's transaction the insert trigger and the facts' insert trigger are dropped, and at its end (after the
/// facts are filled) one `INSERT … SELECT` in key order fills the new places' rows, the facts of the older places the
/// import changed are copied to their rows as the facts trigger would have (``refreshSQL``), and both triggers are
/// restored, word for word from `sqlite_schema`. A failure rolls the schema back with the rows.
///
/// The facts trigger is not limited to the older places but dropped: it fired on every fact a new place got (only to
/// find no row), each time running a trigger program and a statement journal (≈ 5 k instructions a place).
///
/// Used only while the stored triggers are migration 12's, word for word; triggers a later migration changed are
/// left alone (the import is then slower, not different).
struct DeferredCells {
  private let insertTrigger: String
  private let factsTrigger: String
  private let lastRowID: Int64

  /// Drops the insert trigger and the facts' insert trigger; `nil` (and nothing changed) when the triggers are not
  /// the ones ``PlaceCellSQL/fill(after:)`` and ``refreshSQL`` agree with.
  static func begin(database: Database, after lastRowID: Int64) throws -> DeferredCells? {
    func triggerSQL(_ name: String) throws -> String? {
      try database.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [name]).first?.string(0)
    }
    guard let insert = try triggerSQL("place_cell_inserted"), insert == expectedTrigger("place_cell_inserted"),
      let facts = try triggerSQL("place_cell_facts_inserted"), facts == expectedTrigger("place_cell_facts_inserted")
    else { return nil }
    try database.execute("DROP TRIGGER place_cell_inserted; DROP TRIGGER place_cell_facts_inserted;")
    return DeferredCells(insertTrigger: insert, factsTrigger: facts, lastRowID: lastRowID)
  }

  /// Fills the rows of the new places (their facts filled before; unless they were `filled` as they were written, by
  /// ``ImportWriter``), copies the facts of the older places in
  /// `refreshed` (those the import changed: their facts were written anew) to their rows, and restores the triggers.
  func finish(database: Database, refreshed: [Int64] = [], filled: Bool = false) throws {
    if !filled { try database.execute(PlaceCellSQL.fill(after: String(lastRowID))) }
    if !refreshed.isEmpty {
      let refresh = try database.statement(Self.refreshSQL)
      for rowid in refreshed {
        try refresh.bind([rowid])
        while try refresh.step() {}
      }
    }
    try database.execute(factsTrigger)
    try database.execute(insertTrigger)
  }

  /// The facts trigger's statement for the place at rowid `?1`, its `new` being the place's row of `place_fact`, or
  /// no facts without one (which the facts' delete trigger has already made them).
  static let refreshSQL = """
    UPDATE place_cell SET (diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway) = (
        SELECT diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway FROM place_fact WHERE place_rowid = ?1)
    WHERE place_rowid = ?1
      AND category = (SELECT category FROM place WHERE rowid = ?1)
      AND band = (SELECT CAST((latitude + 90) * 500 AS INTEGER) FROM place WHERE rowid = ?1)
      AND longitude = (SELECT longitude FROM place WHERE rowid = ?1)
    """

  /// Trigger `name` as migration 12 creates it (as `sqlite_schema` keeps it: from `CREATE` to `END`).
  static func expectedTrigger(_ name: String) -> String? {
    let create = "CREATE TRIGGER \(name) "
    guard let migration = Migrations.all.last(where: { $0.contains(create) }),
      let start = migration.range(of: create),
      let end = migration.range(of: "\nEND;", range: start.upperBound..<migration.endIndex)
    else { return nil }
    return String(migration[start.lowerBound..<end.lowerBound]) + "\nEND"
  }
}
