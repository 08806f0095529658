/// The ids an ``ImportedIDs`` moved out of memory once it held its limit: a private temporary SQLite file, which goes
/// when the import ends, with a table for each kind of numeric key (what a key is: ``ImportedIDs``).
///
/// Each key is in memory or here, never in both. Used by one thread at a time (the import's writer), as
/// ``ImportedIDs`` is.
final class ImportedIDsSpill: @unchecked Sendable {
  /// The two kinds of numeric keys.
  enum Table: String {
    /// `osm:<type>/<id>`: id × 4 + type.
    case osm
    /// `osm:content/<hex>`: the 64-bit hash, as its bit pattern.
    case derived
  }

  private let database: Database
  /// How many keys are here.
  private(set) var count = 0
  /// The largest `osm` key here of each OSM type (the key's two low bits): a file's objects of one type come in
  /// ascending ids (PBF files and `osmium export` are sorted so), so a key above it is not here without a look.
  private var largest = [Int64](repeating: .min, count: 4)

  init() throws(SQLiteError) {
    database = try Database(path: "")
    // Nothing here outlives the import: no journal, no waiting for the disk; a bigger cache than SQLite's 2 MiB for
    // the look-ups of keys not in memory.
    try database.execute(
      """
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -8192;
      CREATE TABLE osm (key INTEGER PRIMARY KEY, entry INTEGER NOT NULL);
      CREATE TABLE derived (key INTEGER PRIMARY KEY, entry INTEGER NOT NULL);
      """
    )
  }

  /// The packed entry of `key`, when it is here.
  func entry(_ key: Int64, in table: Table) throws(SQLiteError) -> UInt8? {
    if table == .osm, key > largest[Int(key & 3)] { return nil }
    let find = try database.statement("SELECT entry FROM \(table.rawValue) WHERE key = ?")
    defer { find.reset() }
    try find.bind(key, at: 1)
    guard try find.step() else { return nil }
    return UInt8(truncatingIfNeeded: find.integer(at: 0))
  }

  /// Sets the packed entry of `key`, which is here.
  func update(_ key: Int64, to entry: UInt8, in table: Table) throws(SQLiteError) {
    let update = try database.statement("UPDATE \(table.rawValue) SET entry = ? WHERE key = ?")
    defer { update.reset() }
    try update.bind(Int64(entry), at: 1)
    try update.bind(key, at: 2)
    while try update.step() {}
  }

  /// Adds `entries` (keys not here yet), in key order: SQLite appends them to the pages of its B-tree.
  func add(_ entries: [Int64: UInt8], in table: Table) throws(SQLiteError) {
    guard !entries.isEmpty else { return }
    let insert = try database.statement("INSERT INTO \(table.rawValue) (key, entry) VALUES (?, ?)")
    try database.execute("BEGIN")
    do {
      for key in entries.keys.sorted() {
        if table == .osm { largest[Int(key & 3)] = max(largest[Int(key & 3)], key) }
        insert.reset()
        try insert.bind(key, at: 1)
        try insert.bind(Int64(entries[key] ?? 0), at: 2)
        while try insert.step() {}
      }
      insert.reset()
      try database.execute("COMMIT")
    } catch {
      insert.reset()
      try? database.execute("ROLLBACK")
      throw error
    }
    count += entries.count
  }

  /// How many keys have each packed entry.
  func entryCounts() throws(SQLiteError) -> [(entry: UInt8, count: Int)] {
    try database.query(
      "SELECT entry, count(*) FROM (SELECT entry FROM osm UNION ALL SELECT entry FROM derived) GROUP BY entry"
    ).map { (UInt8(truncatingIfNeeded: $0.int(0) ?? 0), $0.int(1) ?? 0) }
  }
}
