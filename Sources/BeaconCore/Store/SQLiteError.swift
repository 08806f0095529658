/// An error from SQLite: the extended result code, SQLite's message and the SQL, never the bound values.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extended result code, e.g. 1555 for `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public var code: Int32
  /// SQLite's explanation.
  public var message: String
  /// The statement that failed, if any.
  public var sql: String?

  /// Creates an error.
  public init(code: Int32, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the low byte of the extended code).
  public var primaryCode: Int32 { code & 0xFF }

  /// Whether another connection held a lock for longer than the busy timeout.
  public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

  public var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " (while running `\(sql)`)" }
    return text
  }
}
