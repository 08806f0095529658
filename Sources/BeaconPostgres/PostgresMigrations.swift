/// The PostgreSQL store's schema: append-only, versioned migrations (never edit one that shipped; add the next).
///
/// Versions are one sequence for the whole store. The shared core's migrations are listed here; a feature's module
/// keeps its own (``PostgresMigration``, with the version it was given) and the program passes those of the features
/// it is built with to `PostgresStore.open(_:user:migrations:defaultTimeZone:)` (``all(adding:)``). A version that is
/// no core migration's and that no given feature supplies is passed over: the version still counts, nothing is
/// created.
///
/// ``migrate(_:adding:upTo:)`` runs them in one transaction under a transaction-scoped advisory lock, so several Beacon
/// processes starting at once against one server migrate it exactly once: the first takes the lock and migrates,
/// the others wait for it and find the work done.
package enum PostgresMigrations {
  /// The core's migrations by version, each a list of statements (index 0 is version 1); `nil` where a feature's
  /// module supplies the version.
  private static let core: [[String]?] = [
    // 1: places (the cache the services fill), ratings with their author, per-user favourites and settings.
    [
      """
      CREATE TABLE place (
        id text PRIMARY KEY, name text NOT NULL, category text NOT NULL,
        latitude double precision NOT NULL, longitude double precision NOT NULL,
        address text, cuisine text, details text, opening_hours text, time_zone text,
        source text NOT NULL, fetched_at double precision NOT NULL)
      """,
      """
      CREATE TABLE rating (
        id bigserial PRIMARY KEY, place_id text NOT NULL REFERENCES place (id), author text NOT NULL,
        stars integer NOT NULL CHECK (stars BETWEEN 1 AND 5), comment text, created_at double precision NOT NULL)
      """,
      "CREATE INDEX rating_by_place ON rating (place_id, created_at DESC, id DESC)",
      """
      CREATE TABLE favorite (
        user_name text NOT NULL, place_id text NOT NULL REFERENCES place (id), added_at double precision NOT NULL,
        PRIMARY KEY (user_name, place_id))
      """,
      """
      CREATE TABLE setting (
        user_name text NOT NULL, key text NOT NULL, value text NOT NULL, PRIMARY KEY (user_name, key))
      """,
    ],
    // 2: offline search. PostGIS `geography` points (generated from the coordinates) under a GiST index for
    // radius and nearest-first (KNN) queries; the folded words of name, address and cuisine under a GIN index.
    [
      "CREATE EXTENSION IF NOT EXISTS postgis",
      """
      ALTER TABLE place ADD COLUMN location geography(Point, 4326)
        GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED
      """,
      "CREATE INDEX place_location ON place USING gist (location)",
      "ALTER TABLE place ADD COLUMN search_text text NOT NULL DEFAULT ''",
      "CREATE INDEX place_search ON place USING gin (to_tsvector('simple', search_text))",
    ],
    // The places cache: the upstream answers (Geoapify) by request key, with when they were received, shared by
    // the team; stale answers stand in when the upstream fails. Pruned by age (`fetched_at`).
    [
      """
      CREATE TABLE response_cache (
        key text PRIMARY KEY, body bytea NOT NULL, fetched_at double precision NOT NULL)
      """,
      "CREATE INDEX response_cache_by_age ON response_cache (fetched_at)",
    ],
    nil,  // 4: a feature's, from its own module
    nil,  // 5: a feature's, from its own module
    nil,  // 6: a feature's, from its own module
    // 7: where the team's imported places lie (the mean position of the latest import), the default centre of
    // searches and lists for users who stored none. One row; filled by the next import.
    [
      """
      CREATE TABLE imported_area (
        id integer PRIMARY KEY CHECK (id = 1), latitude double precision NOT NULL,
        longitude double precision NOT NULL, places integer NOT NULL, imported_at double precision NOT NULL)
      """
    ],
    // 8: filter facts (``PostgresFacts``): each place's diets, cuisine, step-free access, outdoor seating and
    // takeaway as columns, worked out in Swift by the SQLite store's `place_fact` rules when a place is written.
    // `facts_filled` is false until they are: the places stored before are filled when a store opens
    // (``PostgresStore/fillFacts()``), from the partial index on those not filled yet.
    [
      """
      ALTER TABLE place ADD COLUMN fact_diet integer NOT NULL DEFAULT 0,
        ADD COLUMN fact_diet_known integer NOT NULL DEFAULT 0, ADD COLUMN fact_cuisine text[],
        ADD COLUMN fact_wheelchair text, ADD COLUMN fact_outdoor_seating boolean, ADD COLUMN fact_takeaway boolean,
        ADD COLUMN facts_filled boolean NOT NULL DEFAULT false
      """,
      "CREATE INDEX place_facts_unfilled ON place (id) WHERE NOT facts_filled",
    ],
  ]

  /// Every migration in order of version, each a list of statements: the core's and the given features', an empty
  /// one where a version is supplied by neither. A feature's version that the core or another feature already uses
  /// for other statements is a programming error.
  package static func all(adding features: [PostgresMigration]) -> [[String]] {
    var supplied: [Int: [String]] = [:]
    for migration in features {
      let taken =
        supplied[migration.version]
        ?? (core.indices.contains(migration.version - 1) ? core[migration.version - 1] : nil)
      precondition(
        taken == nil || taken == migration.statements,
        "PostgreSQL store version \(migration.version) is already another migration"
      )
      supplied[migration.version] = migration.statements
    }
    let count = max(core.count, supplied.keys.max() ?? 0)
    return (0..<count).map { index in (core.indices.contains(index) ? core[index] : nil) ?? supplied[index + 1] ?? [] }
  }

  /// The version a database fully migrated with the core's and the given features' migrations has.
  package static func latestVersion(adding features: [PostgresMigration] = []) -> Int {
    all(adding: features).count
  }

  /// The advisory lock's first key ("Beac"); the second is the schema's hash, so stores in different schemas of one
  /// database do not wait for each other.
  static let lockKey = 0x4265_6163

  /// Brings the schema `connection` works in (its `search_path`) up to `version` (the latest when `nil`) with the
  /// core's and the given features' migrations, and returns the version found before.
  ///
  /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/schemaTooNew(version:supported:)`` when a newer
  ///   Beacon migrated the database, or the server's error.
  @discardableResult
  package static func migrate(
    _ connection: PostgresConnection,
    adding features: [PostgresMigration] = [],
    upTo version: Int? = nil
  ) throws(PostgresError)
    -> Int
  {
    let all = all(adding: features)
    let latestVersion = all.count
    let version = version ?? latestVersion
    do {
      return try connection.transaction {
        try connection.query(
          "SELECT pg_advisory_xact_lock($1, hashtext(coalesce(current_schema(), '')))",
          [lockKey]
        )
        try connection.query("CREATE TABLE IF NOT EXISTS beacon_schema (version integer NOT NULL)")
        let found = try connection.query("SELECT max(version) FROM beacon_schema").first?.int(0) ?? 0
        guard found <= latestVersion else {
          throw PostgresError(
            .schemaTooNew(version: found, supported: latestVersion),
            server: connection.target.redacted,
            detail: ""
          )
        }
        for index in found..<max(found, min(version, latestVersion)) {
          for statement in all[index] { try connection.query(statement) }
          try connection.query("INSERT INTO beacon_schema (version) VALUES ($1)", [index + 1])
        }
        return found
      }
    } catch let error as PostgresError {
      throw error
    } catch {
      throw PostgresError(.statementFailed(sqlState: "XX000"), server: connection.target.redacted, detail: "\(error)")
    }
  }

  /// The version of the schema `connection` works in (0 before the first migration).
  package static func version(_ connection: PostgresConnection) throws(PostgresError) -> Int {
    let exists = try connection.query("SELECT to_regclass('beacon_schema') IS NOT NULL").first?.bool(0) ?? false
    guard exists else { return 0 }
    return try connection.query("SELECT max(version) FROM beacon_schema").first?.int(0) ?? 0
  }
}
