import Foundation

/// The filters' facts (`place_fact`, migration 11) of an import's new places in bulk, as ``DeferredIndexes`` does
/// for the spatial and full-text indexes: the insert trigger reads each new place's details JSON in a statement of
/// its own, which doubles the cost of an insert. Inside the import's transaction that trigger is dropped (and the
/// update trigger limited to places older than the import, which keep their trigger path), and at its end one
/// set-based `INSERT … SELECT` fills the facts of all new places — unless ``ImportWriter`` wrote them with the places
/// (``ImportFacts``, which an import does) —; then both triggers are restored, word for word from `sqlite_schema`. A
/// failure rolls the schema back with the rows.
///
/// The bulk statement has the insert trigger's rules (it is migration 11's fill of the places stored before, for
/// the new rows only), so it is used only while the stored trigger is migration 11's, word for word; a trigger a
/// later migration changed is left alone (the import is then slower, not different).
struct DeferredFacts {
  private let insertTrigger: String
  private let updateTrigger: String
  private let lastRowID: Int64

  /// Drops the insert trigger and limits the update trigger to rows up to `lastRowID`; `nil` (and nothing changed)
  /// when the triggers are not the ones ``bulkSQL`` agrees with.
  static func begin(database: Database, after lastRowID: Int64) throws -> DeferredFacts? {
    func triggerSQL(_ name: String) throws -> String? {
      try database.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [name]).first?.string(0)
    }
    guard let insert = try triggerSQL("place_fact_inserted"), insert == expectedInsertTrigger,
      let update = try triggerSQL("place_fact_updated"), let limitedUpdate = limited(update, to: lastRowID)
    else { return nil }
    try database.execute("DROP TRIGGER place_fact_inserted; DROP TRIGGER place_fact_updated;")
    try database.execute(limitedUpdate)
    return DeferredFacts(insertTrigger: insert, updateTrigger: update, lastRowID: lastRowID)
  }

  /// Fills the facts of the new rows (unless they were `filled` as they were written, by ``ImportWriter``) and
  /// restores the triggers.
  func finish(database: Database, filled: Bool = false) throws {
    if !filled { try database.run(Self.bulkSQL, [lastRowID]) }
    try database.execute("DROP TRIGGER place_fact_updated")
    try database.execute(updateTrigger)
    try database.execute(insertTrigger)
  }

  /// The insert trigger as migration 11 creates it (as `sqlite_schema` keeps it: from `CREATE` to `END`).
  static let expectedInsertTrigger: String? = {
    guard let migration = Migrations.all.last(where: { $0.contains("CREATE TRIGGER place_fact_inserted") }),
      let start = migration.range(of: "CREATE TRIGGER place_fact_inserted"),
      let end = migration.range(of: "\nEND;", range: start.upperBound..<migration.endIndex)
    else { return nil }
    return String(migration[start.lowerBound..<end.lowerBound]) + "\nEND"
  }()

  /// The update trigger acting only on rows up to `lastRowID` (the new rows' facts are filled at the end).
  static func limited(_ trigger: String, to lastRowID: Int64) -> String? {
    guard trigger.contains("AFTER UPDATE OF details, cuisine ON place BEGIN"),
      let on = trigger.range(of: " ON place BEGIN")
    else { return nil }
    return trigger.replacingCharacters(in: on, with: " ON place WHEN old.rowid <= \(lastRowID) BEGIN")
  }

  /// The facts of every place after rowid `?1`, by the insert trigger's rules (migration 11's fill, limited to
  /// those rows): one row per place whose details or cuisine say anything. Unlike the migration, only a place with a
  /// cuisine gets a `#place` row (the others have a group only when their details say something), so no `HAVING`
  /// is needed and there is less to sort.
  static let bulkSQL = """
    WITH kv(r, k, v, c) AS (
      SELECT place.rowid, j.key, lower(trim(j.value)), place.cuisine
        FROM place, json_each(CASE WHEN json_valid(place.details) THEN place.details END, '$.properties.datasource.raw') AS j
        WHERE place.rowid > ?1 AND j.key IN ('cuisine', 'wheelchair', 'outdoor_seating', 'takeaway', 'diet:vegan',
          'diet:vegetarian', 'diet:gluten_free', 'diet:halal', 'diet:kosher')
      UNION ALL
      SELECT place.rowid, '#condition', lower(trim(j.value)), place.cuisine
        FROM place, json_each(CASE WHEN json_valid(place.details) THEN place.details END, '$.properties.categories') AS j
        WHERE place.rowid > ?1 AND lower(trim(j.value)) IN ('vegan', 'vegan.only', 'vegetarian', 'vegetarian.only',
          'gluten_free', 'gluten_free.only', 'halal', 'halal.only', 'kosher', 'kosher.only', 'wheelchair.yes',
          'wheelchair.limited')
      UNION ALL
      SELECT place.rowid, '#place', NULL, place.cuisine FROM place
        WHERE place.rowid > ?1 AND nullif(trim(place.cuisine), '') IS NOT NULL
    )
    INSERT OR REPLACE INTO place_fact (place_rowid, diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway)
      SELECT r,
    \(PlaceFactSQL.facts(cuisine: "max(c)"))
      FROM kv GROUP BY r
    """
}
