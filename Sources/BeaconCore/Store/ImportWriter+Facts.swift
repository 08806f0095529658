import Foundation

extension ImportWriter {
  /// The prepared statements with which ``ImportWriter`` keeps the facts (`place_fact`) of the places an import
  /// adds, as it writes them.
  struct FactStatements {
    private let insert: Statement
    private let delete: Statement
    private let rowID: Statement
    /// The insert trigger's statement (migration 11) on parameters: `?1` rowid, `?2` details, `?3` cuisine.
    private let bySQL: Statement

    init(database: Database) throws {
      insert = try database.statement(
        """
        INSERT OR REPLACE INTO place_fact (place_rowid, diet, diet_known, cuisine, wheelchair, outdoor_seating,
          takeaway) VALUES (?, ?, ?, ?, ?, ?, ?)
        """
      )
      delete = try database.statement("DELETE FROM place_fact WHERE place_rowid = ?")
      rowID = try database.statement("SELECT rowid FROM place WHERE id = ?")
      bySQL = try database.statement(Self.bySQL)
    }

    /// The facts of one place by the insert trigger's SQL, for facts ``ImportFacts`` leaves to it.
    static let bySQL = """
      INSERT OR REPLACE INTO place_fact (place_rowid, diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway)
      SELECT ?1,
      \(PlaceFactSQL.facts(cuisine: "?3"))
      \(PlaceFactSQL.triggerSource.replacingOccurrences(of: "new.details", with: "?2")
        .replacingOccurrences(of: "new.cuisine", with: "?3"))
      """

    /// The rowid of the place with `id`.
    func rowID(of id: String) throws(SQLiteError) -> Int64 {
      rowID.reset()
      defer { rowID.reset() }
      try rowID.bind(id, at: 1)
      guard try rowID.step() else { return 0 }
      return rowID.integer(at: 0)
    }

    /// Stores `facts` of `place` (at `rowid`), after removing the facts it had when `replacing`.
    func write(_ facts: ImportFacts, of place: Place, rowid: Int64, replacing: Bool) throws(SQLiteError) {
      if replacing {
        try delete.bind([rowid])
        while try delete.step() {}
      }
      switch facts {
      case .none:
        break
      case .row(let row):
        try insert.bind([
          rowid, row.diet, row.dietKnown, row.cuisine, row.wheelchair, row.outdoorSeating, row.takeaway,
        ])
        while try insert.step() {}
      case .unsure:
        try bySQL.bind([rowid, place.detailsJSON, place.cuisine])
        while try bySQL.step() {}
      }
    }
  }
}
