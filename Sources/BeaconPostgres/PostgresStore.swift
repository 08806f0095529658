import BeaconCore
import Foundation

/// Beacon's store on a PostgreSQL server, shared by a team: places, ratings with their author, and each user's
/// favourites and settings.
///
/// The actor owns one connection for one user (``user``). Every write runs in one transaction and returns only
/// after `COMMIT`, so an acknowledged write is durable. A broken connection fails the request it broke with
/// ``BeaconError/storeServer(message:detail:)`` and the next request connects again.
package actor PostgresStore: UserDataStore {
  /// The user whose favourites and settings this store reads and writes, and who authors its ratings.
  package nonisolated let user: String
  /// The server, redacted (no password).
  package nonisolated let server: String
  /// The zone opening hours are read in for places that have no zone of their own.
  package nonisolated let defaultTimeZone: TimeZone
  /// The store's one connection (for the domain modules' own tables, inside the actor).
  package let connection: PostgresConnection

  private init(connection: sending PostgresConnection, user: String, defaultTimeZone: TimeZone) {
    self.connection = connection
    self.server = connection.target.redacted
    self.user = user
    self.defaultTimeZone = defaultTimeZone
  }

  /// Connects to `target` as `user` and brings the schema up to date with the core's migrations and `migrations`,
  /// those of the features the program is built with (safely when other processes do the same).
  ///
  /// - Throws: ``BeaconError/storeUnavailable(path:reason:)`` when the server cannot be reached (the path is the
  ///   redacted connection string), ``BeaconError/storeTooNew(path:version:supported:)`` when a newer Beacon
  ///   migrated it.
  package static func open(
    _ target: PostgresConnectionString,
    user: String,
    migrations: [PostgresMigration] = [],
    defaultTimeZone: TimeZone = OpeningHours.timeZone(nil)
  ) throws(BeaconError) -> PostgresStore {
    let connection: PostgresConnection
    do {
      connection = try PostgresConnection(target)
      try PostgresMigrations.migrate(connection, adding: migrations)
    } catch {
      throw error.beaconError
    }
    do {
      try fillFacts(connection) { try connection.transaction($0) }
    } catch let error as PostgresError {
      throw error.beaconError
    } catch {
      throw .storeServer(message: .storageFailure, detail: "\(error)")
    }
    return PostgresStore(connection: connection, user: user, defaultTimeZone: defaultTimeZone)
  }

  /// The server process serving the connection now (for tests that break it).
  package var backendPID: Int32 { connection.backendPID }

  /// Runs database work, turning ``PostgresError`` into ``BeaconError``.
  @discardableResult
  package func run<T>(_ body: () throws -> T) throws(BeaconError) -> T {
    do {
      return try body()
    } catch let error as BeaconError {
      throw error
    } catch let error as PostgresError {
      throw error.beaconError
    } catch {
      throw .storeServer(message: .storageFailure, detail: "\(error)")
    }
  }

  // MARK: - Places

  package func upsert(_ places: [Place], replacing: Bool = true) throws(BeaconError) {
    let onConflict =
      replacing
      ? """
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
        latitude = excluded.latitude, longitude = excluded.longitude, address = excluded.address,
        cuisine = excluded.cuisine, details = coalesce(excluded.details, place.details),
        opening_hours = coalesce(excluded.opening_hours, place.opening_hours),
        time_zone = coalesce(excluded.time_zone, place.time_zone), source = excluded.source,
        fetched_at = excluded.fetched_at, search_text = excluded.search_text, facts_filled = false
      """ : "ON CONFLICT (id) DO NOTHING"
    try run {
      try connection.transaction {
        for place in places {
          try connection.query(
            """
            INSERT INTO place (id, name, category, latitude, longitude, address, cuisine, details, opening_hours,
              time_zone, source, fetched_at, search_text)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
            """ + " " + onConflict,
            [
              place.id, place.name, place.category.rawValue, place.location.lat, place.location.lon, place.address,
              place.cuisine, place.detailsJSON, place.openingHours, place.timeZone, place.source, place.fetchedAt,
              PostgresTextSearch.searchText(of: place),
            ]
          )
        }
        try Self.fillFacts(connection)
      }
    }
  }

  package func place(id: String) throws(BeaconError) -> Place? {
    try run { try connection.query("SELECT \(Self.placeColumns) FROM place WHERE id = $1", [id]) }
      .first.flatMap(Self.place(from:))
  }

  static let placeColumns =
    "id, name, category, latitude, longitude, address, cuisine, details, source, fetched_at, opening_hours, time_zone"

  static func place(from row: PostgresRow) -> Place? { Place(stored: row) }

  /// Throws ``UnknownEntity/place(_:)`` unless the store knows `id` (inside the caller's work).
  func requirePlace(_ id: String) throws {
    guard try !connection.query("SELECT 1 FROM place WHERE id = $1", [id]).isEmpty else {
      throw BeaconError.notFound(.place(id))
    }
  }

  // MARK: - Settings

  package func settings() throws(BeaconError) -> Settings {
    let rows = try run {
      try connection.query("SELECT key, value FROM setting WHERE user_name = $1", [user])
    }
    var stored: [String: String] = [:]
    for row in rows {
      if let key = row.string(0), let value = row.string(1) { stored[key] = value }
    }
    return StoredSettings.settings(from: stored)
  }

  package func updateSettings(_ update: SettingsUpdate) throws(BeaconError) -> Settings {
    try update.validate()
    try run {
      try connection.transaction {
        for row in StoredSettings.rows(of: update) {
          try connection.query(
            """
            INSERT INTO setting (user_name, key, value) VALUES ($1, $2, $3)
            ON CONFLICT (user_name, key) DO UPDATE SET value = excluded.value
            """,
            [user, row.key, row.value]
          )
        }
      }
    }
    return try settings()
  }

  package func resetSettings() throws(BeaconError) -> Settings {
    try run { try connection.query("DELETE FROM setting WHERE user_name = $1", [user]) }
    return try settings()
  }
}
