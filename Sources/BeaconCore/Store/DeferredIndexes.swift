import Foundation

/// Index maintenance of an import's new places in bulk: the spatial (R*Tree) and full-text (FTS5) indexes are kept
/// in step with the place table by triggers, row by row, which is most of the cost of a big import. Inside the
/// import's transaction the insert trigger is dropped (and the update trigger limited to places older than the
/// import, its full text deferred to the end as well: ``DeferredFullTextUpdates``), and at its end one `INSERT … SELECT` per statement of the insert trigger indexes all new places at once;
/// then both triggers are restored, word for word. All of it is in the transaction: a failure rolls the schema back
/// with the rows.
///
/// The bulk statements are made from the insert trigger's own text (its `VALUES (new.…)` read from the new rows),
/// so they index exactly as the trigger would. A trigger of another shape is left alone (the import is then slower,
/// not different).
struct DeferredIndexes {
  private let insertTrigger: String
  private let updateTrigger: String
  private let bulkStatements: [String]
  private let lastRowID: Int64
  /// The update trigger's full text deferred too, or `nil` (the update trigger limited to the older rows instead).
  private let updates: DeferredFullTextUpdates?
  /// The new rows whose full text is in the index already (``indexFullText(through:database:)``): up to this rowid.
  private(set) var fullTextThrough: Int64

  /// Drops the insert trigger and limits the update trigger to rows up to `lastRowID` (with its full text deferred,
  /// ``DeferredFullTextUpdates``, when it can be); `nil` (and nothing changed) when the triggers do not have the
  /// expected shape.
  static func begin(database: Database, after lastRowID: Int64) throws -> DeferredIndexes? {
    func triggerSQL(_ name: String) throws -> String? {
      try database.query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [name]).first?.string(0)
    }
    guard let insert = try triggerSQL("place_inserted"), let update = try triggerSQL("place_updated"),
      let bulk = bulkStatements(of: insert, after: lastRowID),
      let limitedUpdate = limited(update, to: lastRowID)
    else { return nil }
    let updates = DeferredFullTextUpdates(trigger: update, after: lastRowID)
    try database.execute("DROP TRIGGER place_inserted; DROP TRIGGER place_updated;")
    try database.execute(updates?.begin ?? limitedUpdate)
    return DeferredIndexes(
      insertTrigger: insert,
      updateTrigger: update,
      bulkStatements: bulk,
      lastRowID: lastRowID,
      updates: updates,
      fullTextThrough: lastRowID
    )
  }

  /// Puts the full text of the new rows up to `rowid` in the index now, during the import, rather than at its end
  /// (which overlaps nothing, where the writer's thread has time while the reading thread reads): the insert
  /// trigger's full-text statement over the rows after ``fullTextThrough`` up to `rowid`. A later update of such a row
  /// takes its text out and puts the new one in at the end (``DeferredFullTextUpdates``), so this does nothing
  /// without that deferral.
  mutating func indexFullText(through rowid: Int64, database: Database) throws(SQLiteError) {
    guard updates != nil, rowid > fullTextThrough,
      let statement = Self.fullTextStatement(of: insertTrigger, after: fullTextThrough)
    else { return }
    try database.defineWithoutApostrophes()
    try database.execute("\(statement) AND new.rowid <= \(rowid)")
    try database.run(DeferredFullTextUpdates.moveSQL, [rowid])
    fullTextThrough = rowid
  }

  /// The bulk full-text statement of `trigger` (see ``bulkStatements(of:after:)``), without `replace` calls.
  private static func fullTextStatement(of trigger: String, after rowid: Int64) -> String? {
    bulkStatements(of: trigger, after: rowid)?.first { $0.hasPrefix("INSERT INTO place_fts") }.map(withoutReplaceCalls)
  }

  /// Indexes the new rows (an empty R*Tree in bulk, ``RTreeBulkLoad``; the full text of those after
  /// ``fullTextThrough``) and restores the triggers.
  func finish(database: Database) throws {
    // The full text's apostrophes are removed in one pass rather than by six `replace` calls a column (the same
    // text; two thirds of the full-text index's cost).
    try database.defineWithoutApostrophes()
    let later = Self.bulkStatements(of: insertTrigger, after: fullTextThrough) ?? bulkStatements
    for (statement, fromLater) in zip(bulkStatements, later).map({ (Self.withoutReplaceCalls($0), $1) }) {
      // The full text of the rows indexed during the import is there already.
      if statement.hasPrefix("INSERT INTO place_fts") {
        try database.execute(Self.withoutReplaceCalls(fromLater))
        continue
      }
      // An empty R*Tree is built in one go rather than row by row (``RTreeBulkLoad``).
      if RTreeBulkLoad.isPlaceInsert(statement, after: lastRowID),
        try RTreeBulkLoad.fill(database: database, after: lastRowID)
      {
        continue
      }
      try database.execute(statement)
    }
    if let updates {
      for statement in updates.end.map(Self.withoutReplaceCalls) { try database.execute(statement) }
      try database.execute(DeferredFullTextUpdates.drop)
    } else {
      try database.execute("DROP TRIGGER place_updated")
    }
    try database.execute(updateTrigger)
    try database.execute(insertTrigger)
  }

  /// `statement` with each of ``Database/apostrophesReplaced(_:)``'s `replace` chains of a `new.` column (name,
  /// address, cuisine) as one call of ``Database/withoutApostrophesFunction``.
  static func withoutReplaceCalls(_ statement: String) -> String {
    var statement = statement
    for column in ["name", "address", "cuisine"] {
      statement = statement.replacingOccurrences(
        of: Database.apostrophesReplaced("new.\(column)"),
        with: "\(Database.withoutApostrophesFunction)(new.\(column))"
      )
    }
    return statement
  }

  /// The statements of the insert trigger's body as `INSERT … SELECT` over the rows after `lastRowID`.
  static func bulkStatements(of trigger: String, after lastRowID: Int64) -> [String]? {
    guard let begin = trigger.range(of: "ON place BEGIN"), let end = trigger.range(of: "END", options: .backwards),
      begin.upperBound < end.lowerBound
    else { return nil }
    let body = trigger[begin.upperBound..<end.lowerBound]
    var statements: [String] = []
    for part in body.split(separator: ";") {
      let statement = part.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !statement.isEmpty else { continue }
      guard statement.hasPrefix("INSERT INTO "), let values = statement.range(of: " VALUES ("),
        statement.hasSuffix(")")
      else { return nil }
      let target = statement[..<values.lowerBound]
      let expressions = statement[values.upperBound..<statement.index(before: statement.endIndex)]
      statements.append("\(target) SELECT \(expressions) FROM place AS new WHERE new.rowid > \(lastRowID)")
    }
    return statements.isEmpty ? nil : statements
  }

  /// The update trigger acting only on rows up to `lastRowID` (the new rows are indexed at the end).
  static func limited(_ trigger: String, to lastRowID: Int64) -> String? {
    guard let on = trigger.range(of: "AFTER UPDATE ON place BEGIN") else { return nil }
    return trigger.replacingCharacters(
      in: on,
      with: "AFTER UPDATE ON place WHEN old.rowid <= \(lastRowID) BEGIN"
    )
  }
}
