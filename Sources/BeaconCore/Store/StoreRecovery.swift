import BeaconJSON
import Foundation

/// Checking a store file and copying what can still be read out of a damaged one into a fresh store
/// (`beacon store check`, `beacon store recover`).
///
/// SQLite's own `.recover` belongs to its command-line shell, not the library, so this reads the damaged file
/// table by table and row by row through a read-only connection, skips rows it cannot read, and writes what it
/// can into a new store with the current schema. The damaged file is never written.
package enum StoreRecovery {
  /// What could be read of one table.
  package struct TableCount: Sendable, Equatable {
    /// The table's name in the schema (`place`, `rating`, …).
    package var table: String
    /// Rows read (for a check) or copied (for a recovery).
    package var rows: Int
    /// Whether rows were lost: a part of the table could not be read, or (recovery) a row could not be stored.
    package var damaged: Bool
  }

  /// The verdict of ``check(path:)``.
  package struct CheckReport: Sendable, Equatable {
    /// Whether SQLite's integrity check passed and every table could be read to its end.
    package var isHealthy: Bool
    /// Whether the file could be opened as a database at all.
    package var isReadable: Bool
    /// SQLite's integrity report (its own words, for the log), empty when healthy.
    package var problems: [String]
    /// What each of Beacon's tables holds that can be read.
    package var tables: [TableCount]
  }

  /// The result of ``recover(from:to:)``.
  package struct RecoveryReport: Sendable, Equatable {
    /// The new store.
    package var output: String
    /// What was copied from each table.
    package var tables: [TableCount]
  }

  /// Checks the store at `path` without changing it.
  ///
  /// - Throws: ``BeaconError/storeUnavailable(path:reason:)`` when there is no file at `path`.
  package static func check(path: String) throws(BeaconError) -> CheckReport {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .storeUnavailable(path: path, reason: .noSuchFile)
    }
    guard let source = openReadOnly(path) else {
      return CheckReport(isHealthy: false, isReadable: false, problems: ["not a database"], tables: [])
    }
    var problems: [String]
    do {
      problems = try source.query("PRAGMA integrity_check(100)").compactMap { $0.string(0) }.filter { $0 != "ok" }
    } catch {
      problems = ["\(error)"]
    }
    var tables: [TableCount] = []
    for table in tablesIn(source) {
      var count = TableCount(table: table, rows: 0, damaged: false)
      count.damaged = !scan(source, table: table, columns: ["rowid"]) { _ in count.rows += 1 }
      tables.append(count)
    }
    let healthy = problems.isEmpty && !tables.contains(where: \.damaged)
    return CheckReport(isHealthy: healthy, isReadable: true, problems: problems, tables: tables)
  }

  /// Copies every row that can be read from the store at `path` into a new store at `output`, made with the core's
  /// migrations and the given features' (those the program is built with, as `Store.open` takes them).
  ///
  /// - Throws: ``BeaconError/storeUnavailable(path:reason:)`` when `output` already exists (nothing is
  ///   overwritten) or cannot be created, and when nothing at all can be read from `path`.
  package static func recover(
    from path: String,
    to output: String,
    migrations: [StoreMigration] = []
  ) throws(BeaconError) -> RecoveryReport {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .storeUnavailable(path: path, reason: .noSuchFile)
    }
    guard !FileManager.default.fileExists(atPath: output) else {
      throw .storeUnavailable(path: output, reason: .outputExists)
    }
    guard let source = openReadOnly(path) else {
      // Not "damaged, run store check and store recover": this is store recover, and check says the same.
      throw .storeUnavailable(path: path, reason: .unreadable)
    }
    let target: Database
    do {
      target = try Database(path: output)
      let all = Migrations.all(adding: migrations)
      for index in all.indices {
        try target.execute(all[index])
        try target.execute("PRAGMA user_version = \(index + 1)")
      }
    } catch {
      throw .storeUnavailable(path: output, reason: StoreUnavailableReason(error))
    }
    var tables: [TableCount] = []
    do {
      let sourceColumns = Set(tablesIn(source))
      try target.transaction {
        for table in beaconTables(in: target) {
          var count = TableCount(table: table.name, rows: 0, damaged: false)
          let readable = sourceColumns.contains(table.name) ? columns(of: table.name, in: source) : []
          let shared = table.columns.filter(readable.contains)
          guard !shared.isEmpty else {
            count.damaged = true
            tables.append(count)
            continue
          }
          let names = shared.map(quoted).joined(separator: ", ")
          let placeholders = shared.map { _ in "?" }.joined(separator: ", ")
          // A table the triggers of the tables copied before it have filled (`place_fact`, made from `place`'s
          // details): the rows they made stay, and only rows they did not make are copied. Copied plainly, each of its
          // rows was a conflict, and a sound table was reported as unreadable.
          let rowsCount = "SELECT count(*) FROM \(quoted(table.name))"
          let derived = (try target.query(rowsCount).first?.int(0) ?? 0) > 0
          let insert =
            "INSERT \(derived ? "OR IGNORE " : "")INTO \(quoted(table.name)) (\(names)) VALUES (\(placeholders))"
          let complete = scan(source, table: table.name, columns: shared) { values in
            do {
              try target.run(insert, values)
              count.rows += 1
            } catch {
              count.damaged = true
            }
          }
          if derived { count.rows = try target.query(rowsCount).first?.int(0) ?? 0 }
          if !complete { count.damaged = true }
          tables.append(count)
        }
      }
    } catch {
      throw .storeUnavailable(path: output, reason: StoreUnavailableReason(error))
    }
    return RecoveryReport(output: output, tables: tables)
  }

  /// The language the file's settings keep (a `settings/update` of `locale`), read without changing the file; `nil`
  /// when it keeps none or cannot be read.
  package static func storedLanguage(path: String) -> Language? {
    guard let database = try? Database(path: path, mode: .readOnly),
      let text = try? database.query("SELECT value FROM setting WHERE key = 'locale'").first?.string(0),
      let tag = (try? JSONParser.parse(Array(text.utf8)))?.stringValue
    else { return nil }
    return Language(bcp47: tag)
  }

  // MARK: - Reading a damaged file

  /// A read-only connection that can at least read the schema, or `nil`.
  ///
  /// An import killed mid-way leaves its rollback journal beside the store (``BulkJournal``). Only a connection that
  /// can write undoes it, as the next command that opens the store does; read-only, the file would be read as the
  /// half-written import, and a sound store called unreadable. So the journal is rolled back first, the way every
  /// other command does it, when the file can be written at all.
  static func openReadOnly(_ path: String) -> Database? {
    if FileManager.default.fileExists(atPath: path + "-journal") { _ = try? Database(path: path) }
    return (try? Database(path: path, mode: .readOnly)) ?? (try? Database(path: path, mode: .immutable))
  }

  /// Reads `columns` of every row of `table` it can, in rowid order, calling `row` for each; returns whether
  /// the whole table could be read.
  ///
  /// Each row is fetched on its own (`rowid > last`), so a damaged page costs the rows on it, not the rest of the
  /// table: after a failure the scan jumps ahead by growing steps until reading works again, then narrows the
  /// jump down (by bisection) to the first rowid after which it works, so readable rows are not skipped.
  static func scan(
    _ database: Database,
    table: String,
    columns: [String],
    row: ([DatabaseValue]) -> Void
  ) -> Bool {
    let sql =
      "SELECT rowid, \(columns.map(quoted).joined(separator: ", ")) FROM \(quoted(table)) "
      + "WHERE rowid > ? ORDER BY rowid LIMIT 1"
    return scan(
      reading: { bound in
        do {
          return .some(
            try database.query(sql, [bound]).first.flatMap { found in
              guard case .integer(let rowid) = found.values[0] else { return nil }
              return (rowid, Array(found.values.dropFirst()))
            }
          )
        } catch {
          return nil
        }
      },
      row: row
    )
  }

  /// ``scan(_:table:columns:row:)``'s walk over the rows, `read(bound)` giving the first row after `bound` (its rowid
  /// and values): `.some(nil)` when there is none, `nil` when it cannot be read.
  ///
  /// A damaged page can hold rowids out of order, so that `rowid > bound` gives a row at or below the bound: such a row
  /// counts as unreadable too, or the walk would go back to rows it has read and read them for ever.
  static func scan(
    reading read: (Int64) -> (rowid: Int64, values: [DatabaseValue])??,
    row: ([DatabaseValue]) -> Void
  ) -> Bool {
    func next(after bound: Int64) -> (rowid: Int64, values: [DatabaseValue])?? {
      guard let found = read(bound) else { return nil }
      if let found, found.rowid <= bound { return nil }
      return .some(found)
    }
    var last = Int64.min
    var complete = true
    while true {
      if let found = next(after: last) {
        guard let found else { return complete }
        row(found.values)
        last = found.rowid
        continue
      }
      complete = false
      // Jump: `failed` is the largest bound known to fail, `resumed` the first known to work.
      var failed = last
      var step: Int64 = 1
      var resumed: Int64?
      while resumed == nil {
        let (bound, overflow) = last.addingReportingOverflow(step)
        if overflow { return false }
        if next(after: bound) == nil {
          failed = bound
          let (doubled, tooLarge) = step.multipliedReportingOverflow(by: 2)
          if tooLarge { return false }
          step = doubled
        } else {
          resumed = bound
        }
      }
      // Narrow: the smallest bound after which reading works again (floor averages cannot overflow).
      var high = resumed ?? failed
      var low = failed
      while low < high - 1 {
        let middle = (low >> 1) + (high >> 1) + (low & high & 1)
        if next(after: middle) == nil { low = middle } else { high = middle }
      }
      last = high
    }
  }

  // MARK: - Schema

  /// One ordinary table of Beacon's schema and its columns.
  struct Table {
    var name: String
    var columns: [String]
  }

  /// The ordinary tables of a store with Beacon's schema (not virtual tables and their shadow tables, which
  /// triggers fill), in the order they were created, so a table comes after the tables it refers to.
  static func beaconTables(in database: Database) -> [Table] {
    tablesIn(database).map { Table(name: $0, columns: columns(of: $0, in: database)) }
  }

  /// The ordinary tables of `database`, in creation order. Tables without rowid are left out: the one the schema
  /// has, `place_cell` (migration 12), is made by triggers from `place` and `place_fact`, as the shadow tables are.
  static func tablesIn(_ database: Database) -> [String] {
    let kinds = (try? database.query("PRAGMA table_list")) ?? []
    let ordinary = Set(
      kinds.filter { $0.string(2) == "table" && $0.string(0) == "main" && $0.int(4) != 1 }.compactMap { $0.string(1) }
    )
    let ordered = (try? database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid")) ?? []
    return ordered.compactMap { $0.string(0) }.filter { ordinary.contains($0) && !$0.hasPrefix("sqlite_") }
  }

  /// The column names of `table` in `database` (empty when its schema cannot be read).
  static func columns(of table: String, in database: Database) -> [String] {
    ((try? database.query("SELECT name FROM pragma_table_info(?)", [table])) ?? []).compactMap { $0.string(0) }
  }

  /// `name` as an SQL identifier.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
