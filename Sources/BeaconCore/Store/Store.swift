import BeaconJSON
import Foundation

/// Beacon's durable memory: places, ratings, favourites and settings in one SQLite file.
///
/// The actor is the single owner of its connection, so every access is serialized; every write runs
/// in one `BEGIN IMMEDIATE` transaction and returns only after `COMMIT`, so an acknowledged write
/// survives a crash of the process.
///
/// ## Topics
/// - Opening: ``open(path:)``
/// - Places: ``upsert(_:)``, ``place(id:)``
/// - Ratings: ``addRating(placeId:stars:comment:at:)``, ``ratings(placeId:)``
/// - Favourites: ``addFavorite(placeId:at:)``, ``removeFavorite(placeId:)``, ``favorites(_:)``
/// - Settings: ``settings()``, ``updateSettings(_:)``, ``resetSettings()``
package actor Store {
  /// The longest comment a rating may carry, in characters.
  package static let maxCommentLength = 2_000

  package let database: Database
  /// The file the store lives in, or `:memory:`.
  package nonisolated let path: String
  /// The zone opening hours are read in for places that have no zone of their own.
  package nonisolated let defaultTimeZone: TimeZone
  /// Why the store could only be opened read-only (SQLite's or the system's words), or `nil` when it can be written.
  ///
  /// A read-only store answers every read; writes fail with ``BeaconError/storage(_:)`` (`SQLITE_READONLY`), and
  /// the caches the services keep in it (responses, fetched places, catalogues) are simply not updated.
  package nonisolated let readOnlyReason: String?
  /// Whether this store is known to hold the demo places, so searches look only once per session.
  var hasDemoData = false
  /// The facts of places' details texts parsed so far, by place id (``resolvedFacts(of:)``).
  var factsByPlace: [String: (details: String, facts: PlaceFacts)] = [:]
  /// The entries of ``factsByPlace`` the current search's rows matched, newest last (``listedPlace(from:)``).
  var listedFacts: [(id: String, details: String, facts: PlaceFacts)] = []
  /// The settings as last read, with SQLite's `data_version` then (``settingsForSearch()``); `nil` after a write.
  var settingsCache: (dataVersion: Int, settings: Settings, hasStoredCenter: Bool)?
  /// Places per square metre of each category (`""` for all) around the last search for the nearest without text
  /// (``nearest(_:to:within:category:text:excludingDemo:)``): where the next one's first box starts.
  var nearestDensity: [String: Double] = [:]
  /// The ``SearchFacts`` as last read (``searchFacts()``), with the state of the store they hold for.
  var searchFactsCache: SearchFacts?
  /// The ``SearchFacts`` of the search running in one read transaction (``inSearchSnapshot(_:)``), else `nil`.
  var snapshotFacts: SearchFacts?

  private init(database: Database, path: String, defaultTimeZone: TimeZone, readOnlyReason: String?) {
    self.database = database
    self.path = path
    self.defaultTimeZone = defaultTimeZone
    self.readOnlyReason = readOnlyReason
  }

  /// Closes the connection now and waits for it: the WAL is checkpointed and its `-wal` and `-shm` files removed
  /// (unless another connection still has the file open) before this returns. Called once nothing will use the store
  /// again (a session's `shutdown`); any later call fails with ``BeaconError/storage(_:)``.
  package func close() {
    database.close()
  }

  /// Whether writes are refused because the file or its directory cannot be written (see ``readOnlyReason``).
  package nonisolated var isReadOnly: Bool { readOnlyReason != nil }

  /// Opens the store at `path` (creating it with mode 0600) and brings its schema up to date.
  ///
  /// An existing store that cannot be opened for writing (a read-only file system or directory, a write-protected
  /// file) is opened read-only instead, as long as its schema is current; ``readOnlyReason`` then says why.
  ///
  /// - Throws: ``BeaconError/storeUnavailable(path:reason:)`` when the file cannot be opened or is not a
  ///   database, ``BeaconError/storeTooNew(path:version:supported:)`` when a newer Beacon wrote it.
  ///   `defaultTimeZone` is the zone opening hours are read in for places without one of their own.
  ///   With `createsDirectory: false` (a path the user chose), a missing folder is
  ///   ``BeaconError/storeDirectoryMissing(path:directory:)`` rather than created; a damaged file is
  ///   ``BeaconError/storeDamaged(path:atOpen:detail:)``.
  ///   `migrations` are the features' own, beside the core's (``Migrations/all(adding:)``): the program passes
  ///   those of every feature it is built with.
  package static func open(
    path: String,
    migrations: [StoreMigration] = [],
    defaultTimeZone: TimeZone = OpeningHours.timeZone(nil),
    createsDirectory: Bool = true
  ) throws(BeaconError) -> Store {
    if !createsDirectory, path != ":memory:" {
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
        throw .storeDirectoryMissing(path: path, directory: directory)
      }
    }
    return try open(path: path, upTo: .max, migrations: migrations, defaultTimeZone: defaultTimeZone)
  }

  /// Opens the store and migrates it only up to `version`: for tests of upgrade paths.
  static func open(
    path: String,
    upTo version: Int,
    migrations: [StoreMigration] = [],
    defaultTimeZone: TimeZone = OpeningHours.timeZone(nil)
  ) throws(BeaconError) -> Store {
    let all = Migrations.all(adding: migrations)
    let database: Database
    var readOnlyReason: String?
    do {
      database = try Database(path: path)
      if database.isReadOnly { readOnlyReason = "the file is write-protected" }
    } catch {
      if error.isDamage { throw .storeDamaged(path: path, atOpen: true, detail: error) }
      guard error.mayOpenReadOnly, FileManager.default.fileExists(atPath: path),
        let readOnly = Database.readOnly(path: path)
      else {
        throw .storeUnavailable(path: path, reason: StoreUnavailableReason(error))
      }
      database = readOnly
      readOnlyReason = error.message
    }
    do {
      let current = try database.userVersion
      guard current <= all.count else {
        throw BeaconError.storeTooNew(path: path, version: current, supported: all.count)
      }
      if let readOnlyReason, current < all.count {
        throw BeaconError.storeUnavailable(
          path: path,
          reason: .readOnlyNeedsUpgrade(readOnly: readOnlyReason, version: current, latest: all.count)
        )
      }
      for index in current..<max(current, min(version, all.count)) {
        try database.transaction {
          // Another process may have migrated while this one waited for the write lock.
          guard try database.userVersion == index else { return }
          try database.execute(all[index])
          try database.execute("PRAGMA user_version = \(index + 1)")
        }
      }
    } catch let error as BeaconError {
      throw error
    } catch let error as SQLiteError where error.isDamage {
      throw .storeDamaged(path: path, atOpen: true, detail: error)
    } catch {
      throw .storeUnavailable(path: path, reason: StoreUnavailableReason(error))
    }
    return Store(database: database, path: path, defaultTimeZone: defaultTimeZone, readOnlyReason: readOnlyReason)
  }

  /// The schema version of the open store.
  package var schemaVersion: Int {
    get throws(BeaconError) { try storage { try database.userVersion } }
  }

  /// Runs SQLite work, turning its errors into ``BeaconError/storage(_:)``.
  package func storage<T>(_ body: () throws -> T) throws(BeaconError) -> T {
    do {
      return try body()
    } catch let error as BeaconError {
      throw error
    } catch let error as SQLiteError where error.isDamage {
      throw .storeDamaged(path: path, atOpen: false, detail: error)
    } catch let error as SQLiteError {
      throw .storage(error)
    } catch {
      throw .storage(SQLiteError(code: 1, message: "\(error)"))
    }
  }

  // MARK: - Places

  /// Inserts or replaces places, keeping their ratings and favourite marks; with `replacing: false`, places
  /// the store already has are left as they are.
  package func upsert(_ places: [Place], replacing: Bool = true) throws(BeaconError) {
    try storage {
      try database.transaction { try insert(places, replacing: replacing) }
    }
  }

  /// The statements of `upsert(_:replacing:)`, for a caller that holds the transaction.
  func insert(_ places: [Place], replacing: Bool) throws {
    let onConflict =
      replacing
      ? """
      ON CONFLICT(id) DO UPDATE SET name = excluded.name, category = excluded.category,
        latitude = excluded.latitude, longitude = excluded.longitude, address = excluded.address,
        cuisine = excluded.cuisine, details = coalesce(excluded.details, place.details),
        opening_hours = coalesce(excluded.opening_hours, place.opening_hours),
        time_zone = coalesce(excluded.time_zone, place.time_zone), source = excluded.source,
        fetched_at = excluded.fetched_at
      """ : "ON CONFLICT(id) DO NOTHING"
    for place in places {
      try database.run(
        """
        INSERT INTO place (id, name, category, latitude, longitude, address, cuisine, details, opening_hours,
          time_zone, source, fetched_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """ + " " + onConflict,
        [
          place.id, place.name, place.category.rawValue, place.location.lat, place.location.lon, place.address,
          place.cuisine, place.detailsJSON, place.openingHours, place.timeZone, place.source, place.fetchedAt,
        ]
      )
    }
  }

  /// The stored place with `id`, if any.
  package func place(id: String) throws(BeaconError) -> Place? {
    try storage {
      try database.query("SELECT \(Self.placeColumns) FROM place WHERE id = ?", [id]) { Self.place(from: $0) }.first
    }
  }

  static let placeColumns =
    "place.id, place.name, place.category, place.latitude, place.longitude, place.address, place.cuisine, "
    + "place.details, place.source, place.fetched_at, place.opening_hours, place.time_zone"

  static func place(from row: some StoredColumns) -> Place? { Place(stored: row) }

  /// Throws ``UnknownEntity/place(_:)`` unless the store knows `id` (inside the caller's storage work).
  func requirePlace(_ id: String) throws {
    guard try !database.query("SELECT 1 FROM place WHERE id = ?", [id]).isEmpty else {
      throw BeaconError.notFound(.place(id))
    }
  }

  /// Summaries of `places` for lists: rating summary, favourite mark, distance from `center`, and whether each
  /// is open at `date` in its own time zone.
  package func summaries(
    of places: [Place],
    center: Coordinate?,
    at date: Date = Date()
  ) throws(BeaconError) -> [PlaceSummary] {
    let (ratings, favorites) = try ratingsAndFavorites(of: places) { $0.id }
    return places.map { place in
      place.summary(
        center: center,
        rating: ratings[place.id],
        isFavorite: favorites.contains(place.id),
        at: date,
        defaultTimeZone: defaultTimeZone,
        facts: resolvedFacts(of: place)
      )
    }
  }

  /// ``ratingsAndFavorites(of:id:)`` of a list of ids.
  func ratingsAndFavorites(of ids: [String]) throws(BeaconError) -> ([String: RatingSummary], Set<String>) {
    try ratingsAndFavorites(of: ids) { $0 }
  }

  /// The rating summaries and favourite marks of the ids of `items` in one statement (``ratingSummaries(for:)`` and
  /// ``favoriteIDs(among:)`` together): one query per list instead of two. The list of ids is made only when the store
  /// holds any mark.
  func ratingsAndFavorites<Items: Collection>(
    of items: Items,
    id: (Items.Element) -> String
  ) throws(BeaconError) -> ([String: RatingSummary], Set<String>) {
    guard !items.isEmpty else { return ([:], []) }
    return try storage {
      var ratings: [String: RatingSummary] = [:]
      var favorites: Set<String> = []
      // A store without a single rating or favourite (most, for a long while) is answered by two first-row probes
      // (or what a search's snapshot already knows), without the list of ids made and looked up one by one.
      let hasMarks: Bool
      if let facts = snapshotFacts {
        hasMarks = facts.hasMarks
      } else {
        hasMarks = try database.query(.anyMarks, { Self.anyMarksSQL }, reading: { $0.int(0) }).first == 1
      }
      guard hasMarks else { return (ratings, favorites) }
      // Each row is read where it stands.
      let _: [Void] = try database.query(.marks, { Self.marksSQL }, [Self.jsonArray(items.map(id))]) { row in
        guard let id = row.string(0) else { return nil }
        if let summary = RatingSummary(total: row.int(1) ?? 0, count: row.int(2) ?? 0) { ratings[id] = summary }
        if row.int(3) == 1 { favorites.insert(id) }
        return nil
      }
      return (ratings, favorites)
    }
  }

  /// Whether the store holds any rating or favourite mark at all.
  static let anyMarksSQL = "SELECT EXISTS (SELECT 1 FROM rating) OR EXISTS (SELECT 1 FROM favorite)"

  /// The rating sum and count and the favourite mark of each id of a JSON array.
  static let marksSQL = """
    SELECT ids.value,
      (SELECT sum(stars) FROM rating WHERE place_id = ids.value),
      (SELECT count(*) FROM rating WHERE place_id = ids.value),
      EXISTS (SELECT 1 FROM favorite WHERE place_id = ids.value)
    FROM json_each(?) AS ids
    """

  /// `ids` as a JSON array, for `json_each(?)`.
  static func jsonArray(_ ids: [String]) -> String {
    String(decoding: JSONWriter.serialize(.array(ids.map(JSONValue.string))), as: UTF8.self)
  }

  // MARK: - Settings

  private enum SettingKey: String, CaseIterable {
    case center, radiusMeters, category, sort, locale
  }

  /// The stored settings, with defaults for anything never set.
  package func settings() throws(BeaconError) -> Settings {
    let stored: [String: String] = try storage {
      var values: [String: String] = [:]
      for row in try database.query("SELECT key, value FROM setting") {
        if let key = row.string(0), let value = row.string(1) { values[key] = value }
      }
      return values
    }
    func decode<T: Decodable>(_ key: SettingKey, as type: T.Type) -> T? {
      stored[key.rawValue].flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }
    var settings = Settings.defaults
    if let center = decode(.center, as: Coordinate.self), center.isValid { settings.center = center }
    if let radius = decode(.radiusMeters, as: Int.self), Settings.radiusRange.contains(radius) {
      settings.radiusMeters = radius
    }
    if let category = decode(.category, as: PlaceCategory.self) { settings.category = category }
    if let sort = decode(.sort, as: PlaceSort.self) { settings.sort = sort }
    if let locale = decode(.locale, as: Language.self) { settings.locale = locale }
    return settings
  }

  /// The settings and whether the centre among them was stored by the user (not the default): one visit for
  /// a search.
  ///
  /// Read again only when the store changed since: `PRAGMA data_version` moves when another connection (another
  /// Beacon process) commits, and this connection's own setting writes drop the copy.
  package func settingsForSearch() throws(BeaconError) -> (settings: Settings, hasStoredCenter: Bool) {
    let version = try storage {
      try database.query(.dataVersion, { "PRAGMA data_version" }, reading: { $0.int(0) }).first ?? 0
    }
    if let cached = settingsCache, cached.dataVersion == version { return (cached.settings, cached.hasStoredCenter) }
    let read = (try settings(), try hasStoredCenter())
    settingsCache = (version, read.0, read.1)
    return read
  }

  /// Whether a map centre was ever stored (by `settings/update` or a search with an explicit centre).
  package func hasStoredCenter() throws(BeaconError) -> Bool {
    try storage { try !database.query("SELECT 1 FROM setting WHERE key = 'center'").isEmpty }
  }

  /// Whether the user ever chose a language in the settings.
  package func hasStoredLocale() throws(BeaconError) -> Bool {
    try storage { try !database.query("SELECT 1 FROM setting WHERE key = 'locale'").isEmpty }
  }

  /// Validates and applies a partial update, then returns the new settings.
  package func updateSettings(_ update: SettingsUpdate) throws(BeaconError) -> Settings {
    try update.validate()
    settingsCache = nil
    var values: [(SettingKey, any Encodable)] = []
    if let center = update.center { values.append((.center, center)) }
    if let radius = update.radiusMeters { values.append((.radiusMeters, radius)) }
    if let category = update.category { values.append((.category, category)) }
    if let sort = update.sort { values.append((.sort, sort)) }
    if let locale = update.locale { values.append((.locale, locale)) }
    try storage {
      try database.transaction {
        for (key, value) in values {
          let text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
          try database.run(
            "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [key.rawValue, text]
          )
        }
      }
    }
    return try settings()
  }

  /// Restores every setting to its default (a client's clear button).
  package func resetSettings() throws(BeaconError) -> Settings {
    settingsCache = nil
    try storage {
      try database.transaction { try database.run("DELETE FROM setting") }
    }
    return try settings()
  }

  /// Runs `PRAGMA integrity_check` and returns its verdict (`ok` when healthy).
  package func integrityCheck() throws(BeaconError) -> String {
    try storage { try database.query("PRAGMA integrity_check").first?.string(0) ?? "" }
  }
}
