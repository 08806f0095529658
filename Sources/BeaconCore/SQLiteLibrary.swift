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

  /// Set up once, before the first connection opens (``Database`` reads it first): SQLite's memory statistics
  /// (`SQLITE_CONFIG_MEMSTATUS`) are turned off. Beacon never reads them (`sqlite3_memory_used`, `sqlite3_status`, a
  /// soft heap limit), and counting takes a global mutex at every allocation and free — ≈ 40 of each a place an
  /// import writes, ≈ 6 k instructions a place. Nothing else changes. When SQLite was initialized before (another
  /// user in the process), the call fails and changes nothing. Apple's SQLite module has no way to make the call
  /// (a C variadic function): there, nothing is done.
  static let configured: Bool = {
    #if canImport(SQLite3)
    return false
    #else
    return beacon_sqlite3_config_memstatus(0) == SQLITE_OK
    #endif
  }()
}
