/// An error from SQLite: the extended result code, SQLite's message and the SQL, never the bound values.
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extended result code, e.g. 1555 for `SQLITE_CONSTRAINT_PRIMARYKEY`.
  package var code: Int32
  /// SQLite's explanation.
  package var message: String
  /// The statement that failed, if any.
  package var sql: String?
  /// The system's error number behind it (`errno`), when opening or creating the file failed for a system reason.
  package var systemErrno: Int32?

  /// Creates an error.
  package init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// The primary result code (the low byte of the extended code).
  package var primaryCode: Int32 { code & 0xFF }

  /// Whether the write was refused because the store is read-only (not because its file was moved away).
  package var isReadOnly: Bool { primaryCode == 8 && code != 1032 }  // SQLITE_READONLY, not …_DBMOVED

  /// Whether opening for writing failed in a way a read-only open may avoid (`SQLITE_READONLY`,
  /// `SQLITE_CANTOPEN`, `SQLITE_PERM`: a read-only file system or directory, a write-protected file).
  var mayOpenReadOnly: Bool { [8, 14, 3].contains(primaryCode) }

  /// Whether the file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
  package var isDamage: Bool { primaryCode == 11 || primaryCode == 26 }

  /// Whether another connection held a lock for longer than the busy timeout.
  package var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

  package var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " (while running `\(sql)`)" }
    return text
  }
}
