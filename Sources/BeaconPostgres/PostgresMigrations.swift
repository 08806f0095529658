/// The PostgreSQL store's schema: append-only, versioned migrations (never edit one that shipped; add the next).
///
/// ``migrate(_:upTo:)`` runs them in one transaction under a transaction-scoped advisory lock, so several Beacon
/// processes starting at once against one server migrate it exactly once: the first takes the lock and migrates,
/// the others wait for it and find the work done.
package enum PostgresMigrations {
  /// Every migration, each a list of statements; version `n` is `all[n - 1]`.
  package static let all: [[String]] = [
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
    // The crypto feature (BeaconCrypto): CoinLore's answers by request and every coin as last seen, shared by the
    // team and never pruned (so `crypto/*` answer stale when CoinLore is out of reach), and each user's krone rate
    // and alert threshold.
    [
      """
      CREATE TABLE crypto_snapshot (
        key text PRIMARY KEY, body bytea NOT NULL, fetched_at double precision NOT NULL)
      """,
      """
      CREATE TABLE crypto_coin (
        id text PRIMARY KEY, rank integer, coin text NOT NULL, fetched_at double precision NOT NULL)
      """,
      """
      CREATE TABLE crypto_settings (
        user_name text PRIMARY KEY,
        nok_rate double precision CHECK (nok_rate IS NULL OR nok_rate > 0),
        alert_threshold double precision NOT NULL CHECK (alert_threshold BETWEEN 0 AND 100))
      """,
    ],
    // The fruits feature (BeaconFruits): Fruityvice's catalogue as last fetched, shared by the team (so `fruits/*`
    // work offline after one fetch), and each user's log of eaten fruit, every entry keeping the name and nutrition
    // it was logged with.
    [
      """
      CREATE TABLE fruit (
        id integer PRIMARY KEY, name text NOT NULL, family text NOT NULL, genus text NOT NULL,
        fruit_order text NOT NULL, calories double precision NOT NULL, fat double precision NOT NULL,
        sugar double precision NOT NULL, carbohydrates double precision NOT NULL, protein double precision NOT NULL)
      """,
      """
      CREATE TABLE fruit_catalogue (
        id integer PRIMARY KEY CHECK (id = 1), fetched_at double precision NOT NULL)
      """,
      """
      CREATE TABLE fruit_log (
        id bigserial PRIMARY KEY, user_name text NOT NULL, fruit_id integer NOT NULL, name text NOT NULL,
        calories double precision NOT NULL, fat double precision NOT NULL, sugar double precision NOT NULL,
        carbohydrates double precision NOT NULL, protein double precision NOT NULL,
        eaten_at double precision NOT NULL, logged_at double precision NOT NULL)
      """,
      "CREATE INDEX fruit_log_eaten ON fruit_log (user_name, eaten_at)",
      "CREATE INDEX fruit_log_fruit ON fruit_log (user_name, fruit_id, eaten_at)",
    ],
    // The people feature (BeaconPeople): randomuser.me's directory as last fetched, in the order first fetched, with
    // its seed and the time of the last fetch, the edits of its users and the ids of deleted users — all shared by
    // the team (the directory is a catalogue the team keeps: one fetch serves everyone, an edit or a deletion is
    // seen by all), each edit and deletion with who made it.
    [
      """
      CREATE TABLE person (
        id text PRIMARY KEY, position integer NOT NULL, seed text NOT NULL, first_name text NOT NULL,
        last_name text NOT NULL, city text NOT NULL, country text NOT NULL, email text NOT NULL, phone text NOT NULL,
        birth_date text, latitude double precision, longitude double precision, picture_large text NOT NULL,
        picture_medium text NOT NULL, picture_thumbnail text NOT NULL, fetched_at double precision NOT NULL)
      """,
      "CREATE INDEX person_position ON person (position)",
      """
      CREATE TABLE person_edit (
        person_id text PRIMARY KEY REFERENCES person (id) ON DELETE CASCADE, first_name text, last_name text,
        city text, email text, phone text, birth_date text, edited_at double precision NOT NULL,
        edited_by text NOT NULL)
      """,
      """
      CREATE TABLE person_tombstone (
        id text PRIMARY KEY, deleted_at double precision NOT NULL, deleted_by text NOT NULL)
      """,
      """
      CREATE TABLE people_directory (
        id integer PRIMARY KEY CHECK (id = 1), seed text NOT NULL, fetched_at double precision)
      """,
    ],
  ]

  /// The version a fully migrated database has.
  package static var latestVersion: Int { all.count }

  /// The advisory lock's first key ("Beac"); the second is the schema's hash, so stores in different schemas of one
  /// database do not wait for each other.
  static let lockKey = 0x4265_6163

  /// Brings the schema `connection` works in (its `search_path`) up to `version` and returns the version found
  /// before.
  ///
  /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/schemaTooNew(version:supported:)`` when a newer
  ///   Beacon migrated the database, or the server's error.
  @discardableResult
  package static func migrate(
    _ connection: PostgresConnection,
    upTo version: Int = latestVersion
  ) throws(PostgresError)
    -> Int
  {
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
