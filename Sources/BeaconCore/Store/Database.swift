import Foundation

#if canImport(SQLite3)
import SQLite3  // Apple platforms ship SQLite as a module.
#else
import CSQLite
#endif

/// One SQLite connection: opened with WAL, `synchronous=NORMAL`, foreign keys and a busy timeout.
///
/// Not `Sendable`: exactly one owner (the ``Store`` actor) uses it, so SQLite runs in multi-thread
/// mode without its own mutexes. Prepared statements are cached per SQL text and finalized with the
/// connection.
package final class Database {
  let handle: OpaquePointer
  /// The file path, `:memory:`, or empty: a private temporary file, which SQLite deletes when it closes the
  /// connection.
  let path: String
  private var statements: [String: Statement] = [:]
  /// The statements of hot paths by ``StatementSlot`` number (see `Database+Slots.swift`), `nil` until first used.
  var slots: [Statement?] = []
  /// Whether ``defineWithoutApostrophes()`` defined its function (redefining one fails while a statement runs).
  var definesWithoutApostrophes = false
  /// Whether ``close()`` has closed the connection; every later statement then fails with `SQLITE_MISUSE`.
  private(set) var isClosed = false

  /// How a connection opens its file.
  enum Mode {
    /// Read and write, creating the file if needed (the normal case).
    case readWrite
    /// Read only, with SQLite's usual locking (needs the `-shm` file to exist or be creatable).
    case readOnly
    /// Read only, as a file nobody changes (`immutable=1`): no locks and no `-shm`, for storage where not even
    /// that can be created. Changes another process makes meanwhile are not seen.
    case immutable
  }

  /// Opens (creating if needed) the database at `path`.
  ///
  /// A new file is created with mode 0600 and its directory with 0700 before SQLite opens it. The read-only
  /// modes never create anything. An empty `path` opens a private temporary file, in SQLite's temporary
  /// directory, which SQLite deletes when the connection closes.
  init(path: String, mode: Mode = .readWrite, busyTimeoutMilliseconds: Int32 = 5_000) throws(SQLiteError) {
    self.path = path
    _ = SQLiteLibrary.configured
    let writes = mode == .readWrite || path == ":memory:" || path.isEmpty
    let isFile = writes && path != ":memory:" && !path.isEmpty
    if isFile { try Self.createPrivately(path) }
    var connection: OpaquePointer?
    let access = writes ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
    let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(writes ? path : Self.uri(path, immutable: mode == .immutable), &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let message = connection.map(Self.message) ?? String(cString: sqlite3_errstr(code))
      let number = connection.map(sqlite3_system_errno) ?? 0
      // "Whether or not an error occurs when it is opened, resources associated with the database
      // connection handle should be released by passing it to sqlite3_close()."
      sqlite3_close_v2(connection)
      throw SQLiteError(code: code, message: message, systemErrno: number == 0 ? nil : number)
    }
    handle = connection
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    do {
      // How long opening keeps trying while another connection holds the file: the busy timeout six times over.
      let deadline = DispatchTime.now() + .milliseconds(Int(busyTimeoutMilliseconds) * 6)
      while true {
        do {
          // Reading the schema first makes a file that is not a database fail here, not later.
          _ = try query("SELECT count(*) FROM sqlite_schema")
          if isFile { _ = try query("PRAGMA journal_mode = WAL") }
          try execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
          break
        } catch  where error.isBusy && DispatchTime.now() < deadline {
          // A new file that other processes are creating and migrating at this moment, or one a first import
          // writes with a rollback journal (``BulkJournal``): trying again rides them out, as a transaction does.
          // SQLite's busy handler does not wait for every lock (not for `journal_mode = WAL` while another
          // connection writes with a rollback journal), so the tries are a moment apart.
          Thread.sleep(forTimeInterval: 0.02)
        }
      }
    } catch {
      statements.removeAll()
      slots.removeAll()
      sqlite3_close_v2(handle)
      throw error
    }
  }

  /// Opens `path` read-only: with locking where the `-shm` file can be used, else as an immutable file;
  /// `nil` when neither works.
  ///
  /// Not as an immutable file when a rollback journal is left beside it (an import with ``BulkJournal`` that did not
  /// end): the file then holds pages of the unfinished import, which only a connection that can write undoes.
  static func readOnly(path: String) -> Database? {
    if let database = try? Database(path: path, mode: .readOnly) { return database }
    guard !hasLeftoverJournal(path: path) else { return nil }
    return try? Database(path: path, mode: .immutable)
  }

  /// Whether a non-empty rollback journal (`-journal`) lies beside `path`.
  static func hasLeftoverJournal(path: String) -> Bool {
    let size = (try? FileManager.default.attributesOfItem(atPath: path + "-journal"))?[.size] as? NSNumber
    return (size?.intValue ?? 0) > 0
  }

  /// Whether SQLite holds the file read-only (opened so, or fallen back to it because the file is write-protected).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// `path` as a read-only SQLite URI; `%`, `?` and `#` are escaped so they stay part of the path.
  static func uri(_ path: String, immutable: Bool) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3f"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    // An absolute path gets an empty authority (`file:///…`), so one starting with `//` is not read as a host.
    let prefix = path.hasPrefix("/") ? "file://" : "file:"
    return prefix + escaped + "?mode=ro" + (immutable ? "&immutable=1" : "")
  }

  deinit {
    if !isClosed { close() }
  }

  /// Finalizes the cached statements and closes the connection now, on the caller's thread: the last connection to
  /// close checkpoints the WAL and removes the `-wal` and `-shm` files before this returns. Idempotent; a process
  /// that is about to exit closes its store this way instead of leaving it to `deinit` on whichever thread lets go
  /// last.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    statements.removeAll()
    slots.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Whether the file at ``path`` is no longer the one this connection opened (`SQLITE_FCNTL_HAS_MOVED`).
  var hasMoved: Bool {
    guard path != ":memory:", !isClosed else { return false }
    var moved: Int32 = 0
    return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
  }

  /// What every statement after ``close()`` fails with.
  private static var closedError: SQLiteError { SQLiteError(code: SQLITE_MISUSE, message: "the store is closed") }

  /// SQLite's current error message for `connection`.
  static func message(_ connection: OpaquePointer) -> String {
    String(cString: sqlite3_errmsg(connection))
  }

  /// Creates the file with mode 0600 (and missing directories with 0700) if it does not exist yet.
  private static func createPrivately(_ path: String) throws(SQLiteError) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    if !FileManager.default.fileExists(atPath: directory) {
      do {
        try FileManager.default.createDirectory(
          atPath: directory,
          withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700]
        )
      } catch {
        let number = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
        throw SQLiteError(
          code: SQLITE_CANTOPEN,
          message: "cannot create directory '\(directory)'",
          systemErrno: number.map { Int32(truncatingIfNeeded: $0) }
        )
      }
    }
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      Foundation.close(descriptor)
    } else if errno != EISDIR {
      let number = errno
      throw SQLiteError(code: SQLITE_CANTOPEN, message: String(cString: strerror(number)), systemErrno: number)
    }
  }

  /// Runs SQL without parameters, possibly several statements (migrations, pragmas).
  func execute(_ sql: String) throws(SQLiteError) {
    if isClosed { throw Self.closedError }
    var error: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &error)
    if code != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? Self.message(handle)
      sqlite3_free(error)
      throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
    }
  }

  /// Runs one statement with bound values and returns its rows.
  @discardableResult
  package func query(_ sql: String, _ values: [any DatabaseValueConvertible] = []) throws(SQLiteError) -> [Row] {
    let statement = try prepared(sql)
    try statement.bind(values)
    var rows: [Row] = []
    let columns = statement.columnCount
    while try statement.step() {
      rows.append(Row(values: (0..<columns).map(statement.column)))
    }
    return rows
  }

  /// Runs one statement with bound values and reads each row where it stands with `read` (no ``Row`` of
  /// ``DatabaseValue``s in between); rows `read` returns `nil` for are left out.
  func query<T>(
    _ sql: String,
    _ values: [any DatabaseValueConvertible] = [],
    reading read: (Statement) -> T?
  ) throws(SQLiteError) -> [T] {
    let statement = try prepared(sql)
    try statement.bind(values)
    var rows: [T] = []
    while try statement.step() {
      if let row = read(statement) { rows.append(row) }
    }
    return rows
  }

  /// Runs one statement with bound values, ignoring rows.
  package func run(_ sql: String, _ values: [any DatabaseValueConvertible] = []) throws(SQLiteError) {
    let statement = try prepared(sql)
    try statement.bind(values)
    while try statement.step() {}
  }

  /// The rowid of the last insert (an upsert that updates leaves it as it was).
  package var lastInsertRowID: Int64 {
    get { sqlite3_last_insert_rowid(handle) }
    set { sqlite3_set_last_insert_rowid(handle, newValue) }
  }

  /// The number of rows the last statement changed.
  package var changes: Int { Int(sqlite3_changes(handle)) }

  /// `PRAGMA user_version`, the schema version.
  var userVersion: Int {
    get throws(SQLiteError) { try query("PRAGMA user_version").first?.int(0) ?? 0 }
  }

  /// Runs `body` in a transaction, committing when it returns and rolling back when it throws.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock up front, so two writers wait (up to the busy timeout, then
  /// retried) instead of failing halfway with "database is locked".
  ///
  /// A store file deleted, renamed or replaced since it was opened refuses to write: the connection still
  /// holds the old file, so a write would be acknowledged and then lost with it.
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    if hasMoved {
      throw SQLiteError(
        code: 1032,  // SQLITE_READONLY_DBMOVED
        message: "the store file was deleted, renamed or replaced while Beacon was running"
      )
    }
    var attempts = 0
    while true {
      do {
        try execute("BEGIN IMMEDIATE")
        break
      } catch {
        // The busy timeout already waited; a few more rounds ride out a long writer elsewhere.
        attempts += 1
        if !error.isBusy || attempts > 5 { throw error }
      }
    }
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` in one read transaction (`BEGIN`, then `COMMIT`; `ROLLBACK` when it throws): its statements see one
  /// state of the file, and SQLite takes the read locks once instead of once per statement. Inside a transaction
  /// already, `body` simply runs in it. `body` must not write.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    if isClosed { throw Self.closedError }
    guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
    try run(.begin) { "BEGIN" }
    let result: T
    do {
      result = try body()
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { try? run("ROLLBACK") }
      throw error
    }
    try run(.commit) { "COMMIT" }
    return result
  }

  /// Where the file stands, as this connection sees it: other connections' commits (`PRAGMA data_version`) and this
  /// connection's own changed rows (`sqlite3_total_changes64`). Two equal stamps mean nothing was written in between.
  struct ChangeStamp: Equatable {
    var dataVersion: Int64
    var ownChanges: Int64
  }

  /// The ``ChangeStamp`` now (inside a transaction: the state the transaction reads).
  var changeStamp: ChangeStamp {
    get throws(SQLiteError) {
      let version = try query(.dataVersion, { "PRAGMA data_version" }, reading: { $0.integer(at: 0) }).first ?? 0
      return ChangeStamp(dataVersion: version, ownChanges: sqlite3_total_changes64(handle))
    }
  }

  /// Runs `body` and counts the rows each statement returned meanwhile, by its SQL text (SQLite's
  /// `SQLITE_TRACE_ROW`): what a search reads, for tests.
  func countingRows<T>(_ body: () throws -> T) rethrows -> (result: T, rows: [String: Int]) {
    let counts = RowCounts()
    sqlite3_trace_v2(
      handle,
      UInt32(SQLITE_TRACE_ROW),
      { _, context, statement, _ in
        guard let context, let statement, let sql = sqlite3_sql(OpaquePointer(statement)) else { return 0 }
        Unmanaged<RowCounts>.fromOpaque(context).takeUnretainedValue().bySQL[String(cString: sql), default: 0] += 1
        return 0
      },
      Unmanaged.passUnretained(counts).toOpaque()
    )
    defer { sqlite3_trace_v2(handle, 0, nil, nil) }
    let result = try withExtendedLifetime(counts) { try body() }
    return (result, counts.bySQL)
  }

  /// The prepared statement for `sql` (cached), for a caller that binds and steps it itself in a hot loop.
  func statement(_ sql: String) throws(SQLiteError) -> Statement { try prepared(sql) }

  private func prepared(_ sql: String) throws(SQLiteError) -> Statement {
    if let cached = statements[sql] { return cached }
    if isClosed { throw Self.closedError }
    let statement = try Statement(database: handle, sql: sql)
    statements[sql] = statement
    return statement
  }
}

@available(*, unavailable)
extension Database: Sendable {}

/// The rows each statement returned while ``Database/countingRows(_:)`` counted, by SQL text.
private final class RowCounts {
  var bySQL: [String: Int] = [:]
}
