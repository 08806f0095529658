import Foundation

extension ImportWriter {
  /// The prepared statements with which ``ImportWriter`` keeps the facts (`place_fact`) of the places an import
  /// adds, as it writes them.
  struct FactStatements {
    private let insert: Statement
    private let delete: Statement
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
        // Bound one by one: an array of existentials costs ≈ 3 k instructions a place.
        insert.reset()
        try insert.bind(rowid, at: 1)
        try insert.bind(Int64(row.diet), at: 2)
        try insert.bind(Int64(row.dietKnown), at: 3)
        try insert.bind(row.cuisine, at: 4)
        try insert.bind(row.wheelchair, at: 5)
        try insert.bind(row.outdoorSeating.map(Int64.init), at: 6)
        try insert.bind(row.takeaway.map(Int64.init), at: 7)
        while try insert.step() {}
      case .unsure:
        try bySQL.bind([rowid, place.detailsJSON, place.cuisine])
        while try bySQL.step() {}
      }
    }
  }
}
