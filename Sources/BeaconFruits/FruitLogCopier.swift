import BeaconCore
import BeaconPostgres

/// The fruits feature's part in `beacon store copy`: the log of eaten fruit (the catalogue is a cache, fetched again,
/// and left behind). A team's store keeps a log per user: the copy reads and writes the copying user's entries.
///
/// An entry the target already has — the same fruit, name, nutrition, time eaten and time logged — is not written
/// again (two such entries in the source need two in the target), so a second copy adds nothing. An entry keeps its
/// id when the target has not given it to another entry, else it gets a new one (and the server's id sequence is
/// moved past the copied ids).
package struct FruitLogCopier: SharedStoreCopier {
  /// A log entry as stored: its id and what it says.
  package struct LogRow: Sendable, Equatable {
    package var id: Int
    package var entry: Entry

    /// An entry with `id`.
    package init(id: Int, entry: Entry) {
      self.id = id
      self.entry = entry
    }
  }

  /// What a log entry says, besides its id: the same in the source and the target when it is the same entry.
  package struct Entry: Sendable, Hashable {
    package var fruitId: Int
    package var name: String
    package var calories: Double
    package var fat: Double
    package var sugar: Double
    package var carbohydrates: Double
    package var protein: Double
    package var eatenAt: Double
    package var loggedAt: Double

    /// The values of a row of ``FruitLogCopier/columns`` after its id.
    init(stored row: some StoredColumns) {
      fruitId = row.int(1) ?? 0
      name = row.string(2) ?? ""
      calories = row.double(3) ?? 0
      fat = row.double(4) ?? 0
      sugar = row.double(5) ?? 0
      carbohydrates = row.double(6) ?? 0
      protein = row.double(7) ?? 0
      eatenAt = row.double(8) ?? 0
      loggedAt = row.double(9) ?? 0
    }

    /// The values in the order of ``FruitLogCopier/columns`` after the id.
    var values: [Double] { [calories, fat, sugar, carbohydrates, protein, eatenAt, loggedAt] }

    /// The values in the order of ``FruitLogCopier/entryColumns``, for a SQLite statement.
    var sqliteValues: [any DatabaseValueConvertible] { [fruitId, name] + values.map { $0 } }

    /// The values in the order of ``FruitLogCopier/entryColumns``, for a PostgreSQL statement.
    var postgresValues: [(any PostgresBindable)?] { [fruitId, name] + values.map { $0 } }
  }

  /// The columns both stores have, in one order.
  static let columns = "id, " + entryColumns
  /// The columns after the id.
  static let entryColumns = "fruit_id, name, calories, fat, sugar, carbohydrates, protein, eaten_at, logged_at"
  /// The condition that finds a stored entry by what it says (parameters 1 to 9, `?` or `$n`).
  static func sameEntry(_ parameter: (Int) -> String) -> String {
    let names = ["fruit_id", "name", "calories", "fat", "sugar", "carbohydrates", "protein", "eaten_at", "logged_at"]
    return names.enumerated().map { "\($1) = \(parameter($0 + 1))" }.joined(separator: " AND ")
  }

  /// The copier.
  package init() {}

  package var name: String { "fruits" }
  package var sqliteTables: [String] { ["fruit_log"] }

  package func rows(in database: Database) throws -> [LogRow] {
    try database.query("SELECT \(Self.columns) FROM fruit_log ORDER BY id").map(Self.row)
  }

  package func rows(in connection: PostgresConnection, user: String) throws -> [LogRow] {
    try connection.query("SELECT \(Self.columns) FROM fruit_log WHERE user_name = $1 ORDER BY id", [user]).map(Self.row)
  }

  package func write(_ rows: [LogRow], into database: Database) throws -> [StoreCopyCount] {
    try Self.write(rows) { entry in
      try database.query(
        "SELECT count(*) FROM fruit_log WHERE \(Self.sameEntry { _ in "?" })",
        entry.sqliteValues
      ).first?.int(0) ?? 0
    } insert: { row in
      let taken = try !database.query("SELECT 1 FROM fruit_log WHERE id = ?", [row.id]).isEmpty
      let id: Int? = taken ? nil : row.id
      let values: [any DatabaseValueConvertible] = [id] + row.entry.sqliteValues
      try database.run("INSERT INTO fruit_log (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
    }
  }

  package func write(_ rows: [LogRow], into connection: PostgresConnection, user: String) throws -> [StoreCopyCount] {
    let counts = try Self.write(rows) { entry in
      try connection.query(
        "SELECT count(*) FROM fruit_log WHERE user_name = $10 AND \(Self.sameEntry { "$\($0)" })",
        entry.postgresValues + [user]
      ).first?.int(0) ?? 0
    } insert: { row in
      let taken = try !connection.query("SELECT 1 FROM fruit_log WHERE id = $1", [row.id]).isEmpty
      let values: [(any PostgresBindable)?] = [user] + row.entry.postgresValues
      if taken {
        try connection.query(
          """
          INSERT INTO fruit_log (user_name, \(Self.entryColumns))
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
          """,
          values
        )
      } else {
        try connection.query(
          "INSERT INTO fruit_log (user_name, \(Self.columns)) VALUES ($1, $11, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
          values + [row.id]
        )
      }
    }
    if counts.contains(where: { $0.added > 0 }) {
      // Entries logged later get ids after every id the copy kept.
      try connection.query(
        "SELECT setval(pg_get_serial_sequence('fruit_log', 'id'), (SELECT max(id) FROM fruit_log))"
      )
    }
    return counts
  }

  /// Writes the entries the target lacks: `stored` counts the target's entries that say the same (asked once per
  /// entry, before the copy writes one), `insert` writes one.
  private static func write(
    _ rows: [LogRow],
    stored: (Entry) throws -> Int,
    insert: (LogRow) throws -> Void
  ) throws -> [StoreCopyCount] {
    var count = StoreCopyCount(.fruit(.copiedLog))
    var there: [Entry: Int] = [:]
    for row in rows {
      let left = try there[row.entry] ?? stored(row.entry)
      if left > 0 {
        there[row.entry] = left - 1
        count.unchanged += 1
      } else {
        there[row.entry] = 0
        try insert(row)
        count.added += 1
      }
    }
    return [count]
  }

  private static func row(_ stored: some StoredColumns) -> LogRow {
    LogRow(id: stored.int(0) ?? 0, entry: Entry(stored: stored))
  }
}
