import Foundation

/// Writes the places of one import as they are read, inside the import's transaction: one prepared upsert, bound
/// value by value, that tells whether the place was new (SQLite's last insert rowid, set to 0 before, moved), changed
/// (a row changed) or as it was (none did); and the running figures the end of
/// the import needs (area, categories, mean position).
struct ImportWriter {
  /// Inserts a place, or updates it only when something differs.
  static let upsertSQL = """
    INSERT INTO place (id, name, category, latitude, longitude, address, cuisine, details, opening_hours, source,
      fetched_at)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
    ON CONFLICT(id) DO UPDATE SET name = excluded.name, category = excluded.category,
      latitude = excluded.latitude, longitude = excluded.longitude, address = excluded.address,
      cuisine = excluded.cuisine, details = excluded.details, opening_hours = excluded.opening_hours,
      source = excluded.source, fetched_at = excluded.fetched_at
    WHERE place.name IS NOT excluded.name OR place.category IS NOT excluded.category
      OR place.latitude IS NOT excluded.latitude OR place.longitude IS NOT excluded.longitude
      OR place.address IS NOT excluded.address OR place.cuisine IS NOT excluded.cuisine
      OR (place.details IS NOT excluded.details AND \(storedDetailsSQL) IS NOT excluded.details)
      OR place.opening_hours IS NOT excluded.opening_hours OR place.source IS NOT excluded.source
    """

  /// `place.details` in the form an import writes them: those of a place imported before that form
  /// (``OSMImporter/earlierStoredDetailsPattern``) reduced to their tags, so that the place in a newer file with the
  /// same tags is unchanged (its row stays as it was).
  static let storedDetailsSQL = """
    CASE WHEN place.details LIKE '\(OSMImporter.earlierStoredDetailsPattern)'
      THEN '\(OSMImporter.storedDetailsPrefix)' || json_extract(place.details, '$.properties.datasource.raw')
        || '\(OSMImporter.storedDetailsSuffix)'
      ELSE place.details END
    """

  /// Inserts a place the store does not have yet; does nothing when its id is taken (`DO NOTHING` covers uniqueness
  /// only: a missing name still fails as in the upsert).
  ///
  /// Unlike the upsert it carries no update (and so none of the update triggers' statements): SQLite then needs no
  /// statement journal for it, and so no savepoint on the main and temp databases and none in FTS5 and the R*Tree
  /// (FTS5's syncs its index at each), which cost the upsert ≈ 10 k instructions a place once the full text's first
  /// batch is written. The row it writes is the upsert's for a new place, with the same rowid.
  static let insertSQL = """
    INSERT INTO place (id, name, category, latitude, longitude, address, cuisine, details, opening_hours, source,
      fetched_at)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
    ON CONFLICT DO NOTHING
    """

  /// After the store turns out to have a place the file gives first (``insertSQL`` did nothing), how many more such
  /// places go straight to the upsert: a re-import then tries the insert for one place in this many.
  static let insertPause = 256

  /// The stored form of a place, to compare with what a file has.
  static let lookupSQL = """
    SELECT name, category, latitude, longitude, address, cuisine, \(storedDetailsSQL), opening_hours, source
    FROM place WHERE id = ?
    """

  /// How often (in places) the writer looks whether the task was cancelled.
  static let cancellationInterval = 512

  private let database: Database
  private let upsert: Statement
  /// ``insertSQL``, when the writer tries it first for the places the file gives first.
  private let insert: Statement?
  /// How many more places the file gives first go straight to the upsert (see ``insertPause``).
  private var upsertsAhead = 0
  private let lookup: Statement
  private let rowIDLookup: Statement
  /// The statements that keep the new places' facts, when the writer keeps them (see ``init(database:date:facts:)``).
  private let facts: FactStatements?
  /// The statements that write the new places' rows of `place_cell`, when the writer writes them (see
  /// ``init(database:date:facts:cells:)``).
  private let cells: CellStatements?
  /// For places first written provisionally (osmium's closed way as a line, before its area): a hash of the
  /// stored place before the import, so that the final form can be compared with it.
  private var originals: [String: Int] = [:]
  /// The largest rowid before the import: the rows above it are new (indexed in bulk at the end).
  let lastRowIDBefore: Int64
  /// The rowids of the demo places the store had before the import: one the import takes over is new to the user's
  /// places, so it is reported `added`, not `updated`. The demo places are loaded only into an empty store, so they
  /// are the rows up to the demo's count (``demoRowIDs(in:)``).
  private let demoRowIDs: Set<Int64>
  /// The rowids of the older places (up to ``lastRowIDBefore``) the import changed, in the order written (a place
  /// changed twice is there twice): their facts were written anew (``DeferredCells`` copies them to `place_cell`).
  private(set) var refreshed: [Int64] = []
  private let fetchedAt: Double
  /// How many places were written (a place given twice counts twice).
  private(set) var written = 0
  /// The rowid of the last place the import added (``lastRowIDBefore`` before any).
  private(set) var lastNewRowID: Int64 = 0
  /// Whether the writer writes the new places' rows of `place_cell`.
  var keepsCells: Bool { cells != nil }
  /// The bounding box of the places, once there is one.
  private(set) var area: BoundingBox?
  /// The categories the places have.
  private(set) var categories: Set<PlaceCategory> = []
  private(set) var latitudeSum = 0.0
  private(set) var longitudeSum = 0.0

  /// A writer of the import into `database` at `date`. With `facts`, it also keeps the facts (`place_fact`) of the
  /// places new to the store from the ``ImportFacts`` it is given (``DeferredFacts`` then has nothing left to fill);
  /// with `cells` too (only with `facts`), their rows of `place_cell` (``DeferredCells`` then has only the older
  /// places' facts to copy). With `insertsFirst`, a place the file gives first is tried with ``insertSQL`` before
  /// the upsert (the same rows either way; without it for comparison).
  init(
    database: Database,
    date: Date,
    facts keepsFacts: Bool = false,
    cells keepsCells: Bool = false,
    insertsFirst: Bool = true
  ) throws {
    self.database = database
    upsert = try database.statement(Self.upsertSQL)
    insert = insertsFirst ? try database.statement(Self.insertSQL) : nil
    lookup = try database.statement(Self.lookupSQL)
    rowIDLookup = try database.statement("SELECT rowid FROM place WHERE id = ?")
    facts = keepsFacts ? try FactStatements(database: database) : nil
    cells = keepsFacts && keepsCells ? try CellStatements(database: database) : nil
    lastRowIDBefore = try Self.lastRowID(in: database)
    lastNewRowID = lastRowIDBefore
    demoRowIDs = try Self.demoRowIDs(in: database)
    fetchedAt = date.timeIntervalSince1970
  }

  /// The rowids of the demo places in `database`: those of the first rows (a range of the rowid, not a scan).
  static func demoRowIDs(in database: Database) throws -> Set<Int64> {
    let rows = try database.query(
      "SELECT rowid FROM place WHERE rowid <= ? AND source = ?",
      [try DemoDataset.places().count, DemoDataset.source]
    )
    return Set(rows.compactMap { $0.int(0).map(Int64.init) })
  }

  /// The largest rowid of `place` in `database` (0 without places).
  static func lastRowID(in database: Database) throws -> Int64 {
    try database.query("SELECT max(rowid) FROM place").first?.int(0).map(Int64.init) ?? 0
  }

  /// Stores `place` (given what storing an earlier object with its id did) and says what it did. A `provisional`
  /// place may come again in its final form: that is then compared with the place as it was before the import.
  mutating func write(
    _ place: Place,
    facts placeFacts: ImportFacts = .unsure,
    earlier: ImportOutcome?,
    provisional: Bool,
    storeFailure: (SQLiteError) -> BeaconError
  ) throws(BeaconError) -> ImportOutcome {
    written += 1
    if written % Self.cancellationInterval == 0 { try checkCancellation() }
    area.include(place.location)
    categories.insert(place.category)
    latitudeSum += place.location.lat
    longitudeSum += place.location.lon
    var outcome: ImportOutcome
    do {
      if earlier == nil, provisional {
        lookup.reset()
        try lookup.bind(place.id, at: 1)
        if try lookup.step() { originals[place.id] = storedHash() }
        lookup.reset()
      }
      if earlier == nil, try insertNew(place) {
        outcome = .added
      } else {
        upsert.reset()
        try bind(place, to: upsert)
        database.lastInsertRowID = 0
        while try upsert.step() {}
        outcome = database.changes == 0 ? .unchanged : database.lastInsertRowID != 0 ? .added : .updated
      }
      if outcome != .unchanged {
        let rowid = outcome == .added ? database.lastInsertRowID : try rowID(of: place.id)
        if outcome == .added { lastNewRowID = rowid }
        if rowid <= lastRowIDBefore {
          // An older row's facts are its update trigger's; its row of `place_cell` takes them at the end.
          refreshed.append(rowid)
        } else if let facts {
          try facts.write(placeFacts, of: place, rowid: rowid, replacing: outcome == .updated)
          try cells?.write(placeFacts, of: place, rowid: rowid)
        }
        if outcome == .updated, demoRowIDs.contains(rowid) { outcome = .added }
      }
    } catch {
      throw storeFailure(error)
    }
    if earlier != nil, earlier != .added, let original = originals.removeValue(forKey: place.id) {
      return Self.hash(place) == original ? .unchanged : .updated
    }
    switch (earlier, outcome) {
    case (nil, _): return outcome
    case (.added?, _): return .added  // New to the store, however often the file has it.
    case (.unchanged?, .unchanged): return .unchanged
    default: return .updated
    }
  }

  /// Inserts `place` with ``insertSQL`` when the writer tries that now; whether it did (its rowid is then the last
  /// insert rowid). A place the store has already leaves it to the upsert, and the next ``insertPause`` too.
  private mutating func insertNew(_ place: Place) throws(SQLiteError) -> Bool {
    guard let insert else { return false }
    guard upsertsAhead == 0 else {
      upsertsAhead -= 1
      return false
    }
    insert.reset()
    try bind(place, to: insert)
    while try insert.step() {}
    if database.changes > 0 { return true }
    upsertsAhead = Self.insertPause
    return false
  }

  /// Binds the place's columns to `statement` (``upsertSQL`` or ``insertSQL``), one by one.
  private func bind(_ place: Place, to statement: Statement) throws(SQLiteError) {
    try statement.bind(place.id, at: 1)
    try statement.bind(place.name, at: 2)
    try statement.bind(place.category.rawValue, at: 3)
    try statement.bind(place.location.lat, at: 4)
    try statement.bind(place.location.lon, at: 5)
    try statement.bind(place.address, at: 6)
    try statement.bind(place.cuisine, at: 7)
    try statement.bind(place.detailsJSON, at: 8)
    try statement.bind(place.openingHours, at: 9)
    try statement.bind(place.source, at: 10)
    try statement.bind(fetchedAt, at: 11)
  }

  /// The rowid of the place with `id`.
  private func rowID(of id: String) throws(SQLiteError) -> Int64 {
    rowIDLookup.reset()
    defer { rowIDLookup.reset() }
    try rowIDLookup.bind(id, at: 1)
    guard try rowIDLookup.step() else { return 0 }
    return rowIDLookup.integer(at: 0)
  }

  /// A hash of the fields the upsert compares, of the row `lookup` stands on.
  private func storedHash() -> Int {
    var hasher = Hasher()
    for index in Int32(0)..<9 {
      switch lookup.column(index) {
      case .text(let text): hasher.combine(text)
      case .real(let number): hasher.combine(number)
      case .integer(let number): hasher.combine(Double(number))
      default: hasher.combine(0 as UInt8)
      }
    }
    return hasher.finalize()
  }

  /// The same hash of `place` as ``storedHash()`` makes of its row.
  private static func hash(_ place: Place) -> Int {
    var hasher = Hasher()
    let fields: [Any?] = [
      place.name, place.category.rawValue, place.location.lat, place.location.lon, place.address, place.cuisine,
      place.detailsJSON, place.openingHours, place.source,
    ]
    for field in fields {
      if let text = field as? String {
        hasher.combine(text)
      } else if let number = field as? Double {
        hasher.combine(number)
      } else {
        hasher.combine(0 as UInt8)
      }
    }
    return hasher.finalize()
  }

  /// Throws a storage error (`SQLITE_INTERRUPT`, which rolls the import back) when the task was cancelled.
  func checkCancellation() throws(BeaconError) {
    if Task.isCancelled {
      throw .storage(SQLiteError(code: 9, message: "interrupted: the import was cancelled"))
    }
  }
}

extension BoundingBox? {
  /// Grows the box to hold `point`, or makes it the box of `point`.
  fileprivate mutating func include(_ point: Coordinate) {
    if self == nil {
      self = BoundingBox(point)
    } else {
      self?.include(point)
    }
  }
}
