#if canImport(SQLite3)
import SQLite3  // Apple platforms ship SQLite as a module.
#else
import CSQLite
#endif

/// Facts about the system SQLite library Beacon is linked against.
package enum SQLiteLibrary {
  /// The library's version, e.g. `3.40.1`.
  package static var version: String {
    String(cString: sqlite3_libversion())
  }
}
