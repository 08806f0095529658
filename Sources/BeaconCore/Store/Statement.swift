import Foundation

#if canImport(SQLite3)
import SQLite3  // Apple platforms ship SQLite as a module.
#else
import CSQLite
#endif

/// A prepared statement, finalized when it goes away; every value is bound, never interpolated.
///
/// Owned by one ``Database`` and used only on its owner's executor.
final class Statement {
  private let handle: OpaquePointer
  private let database: OpaquePointer
  let sql: String
  /// The bytes of the text and blob parameters, bound without SQLite's copy (``ParameterBytes``).
  private let parameterBytes: ParameterBytes

  init(database: OpaquePointer, sql: String) throws(SQLiteError) {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(database, sql, -1, 0, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError(code: sqlite3_extended_errcode(database), message: Database.message(database), sql: sql)
    }
    self.handle = statement
    self.database = database
    self.sql = sql
    self.parameterBytes = ParameterBytes(count: sqlite3_bind_parameter_count(statement))
  }

  deinit {
    sqlite3_finalize(handle)
    parameterBytes.deallocate()  // Only now: SQLite reads them until the statement is finalized.
  }

  /// Binds `values` to the parameters `?1…?n`, after resetting the statement.
  func bind(_ values: [any DatabaseValueConvertible]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
      throw SQLiteError(
        code: SQLITE_RANGE,
        message: "expected \(sqlite3_bind_parameter_count(handle)) arguments, got \(values.count)",
        sql: sql
      )
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value.databaseValue {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .real(let number): code = sqlite3_bind_double(handle, index, number)
      case .text(var text): code = text.withUTF8 { bindText(UnsafeRawBufferPointer($0), at: index) }
      case .blob(let bytes): code = bytes.withUnsafeBytes { bindBlob($0, at: index) }
      }
      guard code == SQLITE_OK else { throw failure(code) }
    }
  }

  /// Resets the statement for another run; every parameter is then bound anew with ``bind(_:at:)``.
  func reset() { sqlite3_reset(handle) }

  /// Binds text (or NULL) to parameter `index` (1-based), without the conversions of ``bind(_:)``.
  func bind(_ text: String?, at index: Int32) throws(SQLiteError) {
    guard var text else {
      guard sqlite3_bind_null(handle, index) == SQLITE_OK else { throw failure(sqlite3_errcode(database)) }
      return
    }
    let code = text.withUTF8 { bindText(UnsafeRawBufferPointer($0), at: index) }
    guard code == SQLITE_OK else { throw failure(code) }
  }

  /// Binds the UTF-8 `bytes` as text to parameter `index`: from the statement's own copy (``ParameterBytes``,
  /// `SQLITE_STATIC`) when they fit, else copied by SQLite. The same value either way.
  private func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
    guard let (address, code) = keep(bytes, at: index) else {
      return sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), SQLITE_TRANSIENT)
    }
    return code != SQLITE_OK ? code : sqlite3_bind_text(handle, index, address, Int32(bytes.count), nil)
  }

  /// Binds `bytes` as a blob to parameter `index`, as ``bindText(_:at:)`` binds text.
  private func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
    // No address (an empty array may have none) binds `NULL`, as it always has.
    guard bytes.baseAddress != nil, let (address, code) = keep(bytes, at: index) else {
      return sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), SQLITE_TRANSIENT)
    }
    return code != SQLITE_OK ? code : sqlite3_bind_blob(handle, index, address, Int32(bytes.count), nil)
  }

  /// Copies `bytes` into the statement's buffer of parameter `index` (``ParameterBytes``): their address and
  /// `SQLITE_OK`, or the code of the bind that would have let go of the old buffer when it failed; `nil` (SQLite's
  /// copy then, which fails as it always has) when they are too long, there is no such parameter or the statement
  /// is running — it may stand on a row whose values SQLite reads from the bound bytes.
  private func keep(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> (UnsafeRawPointer?, Int32)? {
    guard sqlite3_stmt_busy(handle) == 0 else { return nil }
    return parameterBytes.keep(bytes, at: index) { sqlite3_bind_null(handle, index) }
  }

  /// Binds a number to parameter `index` (1-based).
  func bind(_ number: Double, at index: Int32) throws(SQLiteError) {
    let code = sqlite3_bind_double(handle, index, number)
    guard code == SQLITE_OK else { throw failure(code) }
  }

  /// Binds an integer (or NULL) to parameter `index` (1-based).
  func bind(_ number: Int64?, at index: Int32) throws(SQLiteError) {
    let code = number.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
    guard code == SQLITE_OK else { throw failure(code) }
  }

  /// The integer in column `index` of the current row.
  func integer(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// The number in column `index` of the current row, as a double.
  func real(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Steps once: `true` when a row is available, `false` when the statement is done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw failure(code)
    }
  }

  /// The value of column `index` of the current row.
  func column(_ index: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(handle, index) else { return .null }
      let count = Int(sqlite3_column_bytes(handle, index))  // By length: text may hold a NUL.
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  /// Column `index` of the current row as text, as ``Row/string(_:)`` reads it: `nil` unless it is text.
  func string(_ index: Int) -> String? {
    let column = Int32(index)
    guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column) else {
      return nil
    }
    let count = Int(sqlite3_column_bytes(handle, column))  // By length: text may hold a NUL.
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Column `index` of the current row as a number, as ``Row/double(_:)`` reads it: `nil` unless it is one.
  func double(_ index: Int) -> Double? {
    let column = Int32(index)
    switch sqlite3_column_type(handle, column) {
    case SQLITE_FLOAT: return sqlite3_column_double(handle, column)
    case SQLITE_INTEGER: return Double(sqlite3_column_int64(handle, column))
    default: return nil
    }
  }

  /// Column `index` of the current row as an integer, as ``Row/int(_:)`` reads it: `nil` unless it is one.
  func int(_ index: Int) -> Int? {
    let column = Int32(index)
    guard sqlite3_column_type(handle, column) == SQLITE_INTEGER else { return nil }
    return Int(sqlite3_column_int64(handle, column))
  }

  /// Whether column `index` of the current row is text with exactly the bytes of `known` (compared where SQLite
  /// keeps them: no `String` made).
  func text(_ index: Int, equals known: String) -> Bool {
    let column = Int32(index)
    guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column) else {
      return false
    }
    let count = Int(sqlite3_column_bytes(handle, column))
    var known = known
    return known.withUTF8 { bytes in
      guard bytes.count == count else { return false }
      guard let base = bytes.baseAddress, count > 0 else { return true }
      return memcmp(base, text, count) == 0
    }
  }

  /// How many times the statement has been run since it was prepared (SQLite's `SQLITE_STMTSTATUS_RUN`).
  var runs: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_RUN, 0)) }

  /// The number of columns in a result row.
  var columnCount: Int32 { sqlite3_column_count(handle) }

  private func failure(_ code: Int32) -> SQLiteError {
    SQLiteError(code: sqlite3_extended_errcode(database), message: Database.message(database), sql: sql)
  }
}

/// SQLite's `SQLITE_TRANSIENT`, which Swift cannot import: SQLite copies the bound bytes.
let SQLITE_TRANSIENT = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A row read in place, column by column, while the statement stands on it (``Database/query(_:_:reading:)``).
extension Statement: StoredColumns {}

@available(*, unavailable)
extension Statement: Sendable {}
