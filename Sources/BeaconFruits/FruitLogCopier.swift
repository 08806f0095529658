import BeaconCore
import BeaconPostgres

/// The fruits feature's part in `beacon store copy`: the log of eaten fruit (the catalogue is a cache, fetched again,
/// and left behind). A team's store keeps a log per user: the copy reads and writes the copying user's entries.
///
/// An entry the target already has — the same fruit, name, nutrition, time eaten and time logged — is not written
/// again (two such entries in the source need two in the target), so a second copy adds nothing. An entry keeps its
/// id when the target has not given it to another entry; the others get new ids after every id kept (the server's
/// id sequence is moved past them).
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
    let (missing, count) = try Self.missing(rows) { entry in
      try database.query(
        "SELECT count(*) FROM fruit_log WHERE \(Self.sameEntry { _ in "?" })",
        entry.sqliteValues
      ).first?.int(0) ?? 0
    }
    let (kept, renumbered) = try Self.split(missing) { id in
      try !database.query("SELECT 1 FROM fruit_log WHERE id = ?", [id]).isEmpty
    }
    let insert = "INSERT INTO fruit_log (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    for row in kept { try database.run(insert, [row.id as any DatabaseValueConvertible] + row.entry.sqliteValues) }
    for row in renumbered {
      try database.run(insert, [Int?.none as any DatabaseValueConvertible] + row.entry.sqliteValues)
    }
    return [count]
  }

  package func write(_ rows: [LogRow], into connection: PostgresConnection, user: String) throws -> [StoreCopyCount] {
    let (missing, count) = try Self.missing(rows) { entry in
      try connection.query(
        "SELECT count(*) FROM fruit_log WHERE user_name = $10 AND \(Self.sameEntry { "$\($0)" })",
        entry.postgresValues + [user]
      ).first?.int(0) ?? 0
    }
    let (kept, renumbered) = try Self.split(missing) { id in
      try !connection.query("SELECT 1 FROM fruit_log WHERE id = $1", [id]).isEmpty
    }
    for row in kept {
      try connection.query(
        "INSERT INTO fruit_log (user_name, \(Self.columns)) VALUES ($1, $11, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        [user] + row.entry.postgresValues + [row.id]
      )
    }
    if !kept.isEmpty {
      // Entries given an id from now on (the renumbered ones first) get one after every id the copy kept.
      try connection.query(
        "SELECT setval(pg_get_serial_sequence('fruit_log', 'id'), (SELECT max(id) FROM fruit_log))"
      )
    }
    for row in renumbered {
      try connection.query(
        "INSERT INTO fruit_log (user_name, \(Self.entryColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        [user] + row.entry.postgresValues
      )
    }
    return [count]
  }

  /// The entries the target lacks and the count of the copy: `stored` counts the target's entries that say the same
  /// (an entry the source has twice needs two).
  private static func missing(
    _ rows: [LogRow],
    stored: (Entry) throws -> Int
  ) throws -> (missing: [LogRow], count: StoreCopyCount) {
    var count = StoreCopyCount(.fruit(.copiedLog))
    var left: [Entry: Int] = [:]
    var missing: [LogRow] = []
    for row in rows {
      let there = try left[row.entry] ?? stored(row.entry)
      left[row.entry] = max(there - 1, 0)
      if there > 0 {
        count.unchanged += 1
      } else {
        missing.append(row)
        count.added += 1
      }
    }
    return (missing, count)
  }

  /// `rows` split into those whose id is free in the target (`taken` says whether it is not), written first with
  /// their ids, and those that get a new one after them.
  private static func split(
    _ rows: [LogRow],
    taken: (Int) throws -> Bool
  ) throws -> (kept: [LogRow], renumbered: [LogRow]) {
    var kept: [LogRow] = []
    var renumbered: [LogRow] = []
    for row in rows {
      if try taken(row.id) { renumbered.append(row) } else { kept.append(row) }
    }
    return (kept, renumbered)
  }

  private static func row(_ stored: some StoredColumns) -> LogRow {
    LogRow(id: stored.int(0) ?? 0, entry: Entry(stored: stored))
  }
}
