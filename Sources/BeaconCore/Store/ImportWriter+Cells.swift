import Foundation

extension ImportWriter {
  /// The prepared statements with which ``ImportWriter`` writes the rows of `place_cell` (migration 12) of the places
  /// an import adds, as it writes them, instead of ``DeferredCells``'s one statement at the end: the writer's thread
  /// then does it while the reading thread still reads, where the statement at the end overlapped nothing.
  ///
  /// A row is what the cells' insert trigger makes (``PlaceCellSQL/fill(after:)`` for one place): the place's
  /// category, band (the same SQL expression), position, rowid and source, and the facts just written to
  /// `place_fact` — from the ``ImportFacts`` row itself when Swift worked them out, read from `place_fact` when they
  /// were left to the SQL. `INSERT OR REPLACE`, so a place the file has twice ends with its last form's row (the
  /// cells' update trigger, which stays in place, has already moved the row when the position changed).
  struct CellStatements {
    private let insert: Statement
    private let insertReadingFacts: Statement

    init(database: Database) throws {
      insert = try database.statement(
        """
        INSERT OR REPLACE INTO place_cell (category, band, longitude, place_rowid, latitude, source, diet, diet_known,
          cuisine, wheelchair, outdoor_seating, takeaway)
        VALUES (?1, \(PlaceCellSQL.band("?2")), ?3, ?4, ?2, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
        """
      )
      insertReadingFacts = try database.statement(
        """
        INSERT OR REPLACE INTO place_cell (category, band, longitude, place_rowid, latitude, source, diet, diet_known,
          cuisine, wheelchair, outdoor_seating, takeaway)
        SELECT ?1, \(PlaceCellSQL.band("?2")), ?3, ?4, ?2, ?5, place_fact.diet, place_fact.diet_known,
          place_fact.cuisine, place_fact.wheelchair, place_fact.outdoor_seating, place_fact.takeaway
        FROM (SELECT ?4 AS r) LEFT JOIN place_fact ON place_fact.place_rowid = r
        """
      )
    }

    /// Writes the row of `place` (at `rowid`), whose facts `facts` were just written.
    func write(_ facts: ImportFacts, of place: Place, rowid: Int64) throws(SQLiteError) {
      let row: ImportFacts.Row?
      let statement: Statement
      switch facts {
      case .none: (row, statement) = (nil, insert)
      case .row(let facts): (row, statement) = (facts, insert)
      case .unsure: (row, statement) = (nil, insertReadingFacts)
      }
      statement.reset()
      try statement.bind(place.category.rawValue, at: 1)
      try statement.bind(place.location.lat, at: 2)
      try statement.bind(place.location.lon, at: 3)
      try statement.bind(rowid, at: 4)
      try statement.bind(place.source, at: 5)
      if statement !== insertReadingFacts {
        try statement.bind(row.map { Int64($0.diet) }, at: 6)
        try statement.bind(row.map { Int64($0.dietKnown) }, at: 7)
        try statement.bind(row?.cuisine, at: 8)
        try statement.bind(row?.wheelchair, at: 9)
        try statement.bind(row?.outdoorSeating.map(Int64.init), at: 10)
        try statement.bind(row?.takeaway.map(Int64.init), at: 11)
      }
      while try statement.step() {}
    }
  }
}
