import Foundation

/// The full-text part of the update trigger, deferred to the end of an import for the places older than it (which
/// ``DeferredIndexes`` leaves to the trigger): an older place the import changes has its old full text taken out of
/// the index (`'delete'`) and its new text put in. Row by row, that leaves pending FTS5 data which SQLite makes FTS5
/// write out at the end of each following statement that has a statement journal (every upsert): a tiny segment
/// and merges, ≈ 200 k instructions for each changed place, and FTS5 then takes part in every statement's savepoints.
///
/// So during the import a TEMP trigger in place of the update trigger does the trigger's other statements (the
/// R*Tree's) and keeps each changed place's old full text, the first time (the text before the import: a `NOT
/// EXISTS` rather than `OR IGNORE`, which the upsert's own conflict handling would override), in a TEMP
/// table; at the end, one statement takes those texts out of the index and one puts the places' present texts in.
/// The index then holds what the row-by-row trigger would have left (a place changed twice: its text before the
/// import out, its last in). All of it is in the import's transaction, TEMP objects included.
///
/// New places whose full text ``DeferredIndexes`` puts in the index during the import (up to the rowid in the TEMP
/// table ``through``) are older places for this purpose: a later form of such a place (the file has it twice) has
/// its indexed text taken out and its last put in the same way.
///
/// Made from the update trigger's own text; a trigger of another shape is left alone (``init(trigger:after:)``).
struct DeferredFullTextUpdates {
  /// The TEMP table of the old texts.
  static let table = "beacon_import_fts_old"
  /// The TEMP trigger in place of the update trigger during the import.
  static let trigger = "beacon_import_place_updated"
  /// The TEMP table of the largest rowid whose full text is in the index (the older rows' at first; new rows'
  /// once ``DeferredIndexes`` indexes them during the import): the trigger acts on the rows up to it.
  static let through = "beacon_import_fts_through"
  /// Moves ``through`` to `?1`.
  static let moveSQL = "UPDATE temp.\(through) SET rowid = ?1"

  /// The SQL that creates the TEMP table and trigger.
  let begin: String
  /// The statements at the end, before the TEMP objects are dropped.
  let end: [String]

  /// The deferral of `trigger` (the stored update trigger) for rows up to `lastRowID`, or `nil` when it does not
  /// have one statement that deletes the old full text and one that inserts the new.
  init?(trigger: String, after lastRowID: Int64) {
    let on = "AFTER UPDATE ON place BEGIN"
    guard let begin = trigger.range(of: on), let end = trigger.range(of: "END", options: .backwards),
      begin.upperBound < end.lowerBound
    else { return nil }
    let delete = "INSERT INTO place_fts(place_fts, rowid, name, address, cuisine) VALUES ('delete', old.rowid,"
    let insert = "INSERT INTO place_fts(rowid, name, address, cuisine) VALUES (new.rowid,"
    var kept: [String] = []
    var oldTexts: String?
    var newTexts: String?
    for part in trigger[begin.upperBound..<end.lowerBound].split(separator: ";") {
      let statement = part.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !statement.isEmpty else { continue }
      if statement.hasPrefix(delete), statement.hasSuffix(")"), oldTexts == nil {
        oldTexts = String(statement.dropFirst(delete.count).dropLast())
      } else if statement.hasPrefix(insert), statement.hasSuffix(")"), newTexts == nil {
        newTexts = String(statement.dropFirst(insert.count).dropLast())
      } else if statement.contains("place_fts") {
        return nil
      } else {
        kept.append(statement + ";")
      }
    }
    guard let oldTexts, let newTexts else { return nil }
    self.begin = """
      CREATE TEMP TABLE \(Self.table) (rowid INTEGER PRIMARY KEY, name, address, cuisine);
      CREATE TEMP TABLE \(Self.through) (rowid INTEGER PRIMARY KEY);
      INSERT INTO temp.\(Self.through) (rowid) VALUES (\(lastRowID));
      CREATE TEMP TRIGGER \(Self.trigger) AFTER UPDATE ON main.place
      WHEN old.rowid <= \(lastRowID) OR old.rowid <= (SELECT rowid FROM temp.\(Self.through)) BEGIN
      \(kept.joined(separator: "\n"))
      INSERT INTO \(Self.table) (rowid, name, address, cuisine) SELECT old.rowid, \(oldTexts)
        WHERE NOT EXISTS (SELECT 1 FROM \(Self.table) WHERE rowid = old.rowid);
      END;
      """
    self.end = [
      """
      INSERT INTO place_fts(place_fts, rowid, name, address, cuisine)
        SELECT 'delete', rowid, name, address, cuisine FROM temp.\(Self.table) ORDER BY rowid
      """,
      """
      INSERT INTO place_fts(rowid, name, address, cuisine) SELECT new.rowid, \(newTexts)
        FROM main.place AS new WHERE new.rowid IN (SELECT rowid FROM temp.\(Self.table)) ORDER BY new.rowid
      """,
    ]
  }

  /// Undoes ``begin`` (after ``end``).
  static let drop = "DROP TRIGGER temp.\(trigger); DROP TABLE temp.\(table); DROP TABLE temp.\(through);"
}
