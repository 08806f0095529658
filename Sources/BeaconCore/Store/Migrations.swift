/// The store's schema, as an append-only list of SQL migrations tracked by `PRAGMA user_version`.
///
/// A migration that has shipped is never edited: the schema changes only by appending one. Migration
/// *n* (1-based) brings the store to `user_version` *n*. Migrations use literal SQL, never Swift types.
///
/// Versions are one sequence for the whole store. The shared core's migrations are listed here; a feature's module
/// keeps its own (``StoreMigration``, with the version it was given) and the program passes those of the features it
/// is built with to `Store.open(path:migrations:)` (``all(adding:)``). A version that is no core migration's and
/// that no given feature supplies is passed over: the version still counts, nothing is created.
package enum Migrations {
  /// The core's migrations by version (index 0 is version 1); `nil` where a feature's module supplies the version.
  private static let core: [String?] = [
    // 1: places, with a spatial index (R*Tree) and a full-text index (FTS5) kept in step by triggers.
    """
    CREATE TABLE place (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      category TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      address TEXT,
      cuisine TEXT,
      details TEXT,
      source TEXT NOT NULL,
      fetched_at REAL NOT NULL
    );
    CREATE INDEX place_category ON place(category);
    CREATE VIRTUAL TABLE place_rtree USING rtree(place_rowid, min_latitude, max_latitude, min_longitude, max_longitude);
    CREATE VIRTUAL TABLE place_fts USING fts5(
      name, address, cuisine, content = 'place', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER place_inserted AFTER INSERT ON place BEGIN
      INSERT INTO place_rtree VALUES (new.rowid, new.latitude, new.latitude, new.longitude, new.longitude);
      INSERT INTO place_fts(rowid, name, address, cuisine) VALUES (new.rowid, new.name, new.address, new.cuisine);
    END;
    CREATE TRIGGER place_deleted AFTER DELETE ON place BEGIN
      DELETE FROM place_rtree WHERE place_rowid = old.rowid;
      INSERT INTO place_fts(place_fts, rowid, name, address, cuisine)
        VALUES ('delete', old.rowid, old.name, old.address, old.cuisine);
    END;
    CREATE TRIGGER place_updated AFTER UPDATE ON place BEGIN
      UPDATE place_rtree SET min_latitude = new.latitude, max_latitude = new.latitude,
        min_longitude = new.longitude, max_longitude = new.longitude WHERE place_rowid = new.rowid;
      INSERT INTO place_fts(place_fts, rowid, name, address, cuisine)
        VALUES ('delete', old.rowid, old.name, old.address, old.cuisine);
      INSERT INTO place_fts(rowid, name, address, cuisine) VALUES (new.rowid, new.name, new.address, new.cuisine);
    END;
    """,
    // 2: ratings (every rating its own row) and favourites ("Mine steder"); rated and favourite
    // places can never be deleted from under them.
    """
    CREATE TABLE rating (
      id INTEGER PRIMARY KEY,
      place_id TEXT NOT NULL REFERENCES place(id),
      stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
      comment TEXT,
      created_at REAL NOT NULL
    );
    CREATE INDEX rating_place ON rating(place_id, created_at);
    CREATE TABLE favorite (
      place_id TEXT PRIMARY KEY NOT NULL REFERENCES place(id),
      added_at REAL NOT NULL
    );
    """,
    // 3: settings (the user's preferences), one row per key, values as JSON text.
    """
    CREATE TABLE setting (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT NOT NULL
    );
    """,
    // 4: upstream answers by request (never including the API key), for TTL caching and stale fallback.
    """
    CREATE TABLE response_cache (
      key TEXT PRIMARY KEY NOT NULL,
      body BLOB NOT NULL,
      fetched_at REAL NOT NULL
    );
    """,
    // 5: each place's raw OSM opening hours and IANA time zone, so lists can say whether it is open now;
    // filled from the details already kept, and the demo places (central Helsinki) are in Helsinki's zone.
    """
    ALTER TABLE place ADD COLUMN opening_hours TEXT;
    ALTER TABLE place ADD COLUMN time_zone TEXT;
    UPDATE place SET
      opening_hours = CASE
        WHEN json_type(details, '$.properties.opening_hours') = 'text'
          THEN json_extract(details, '$.properties.opening_hours')
        WHEN json_type(details, '$.properties.datasource.raw.opening_hours') = 'text'
          THEN json_extract(details, '$.properties.datasource.raw.opening_hours')
      END,
      time_zone = CASE
        WHEN json_type(details, '$.properties.timezone.name') = 'text'
          THEN json_extract(details, '$.properties.timezone.name')
      END
    WHERE details IS NOT NULL AND json_valid(details);
    UPDATE place SET opening_hours = NULL WHERE trim(opening_hours) = '';
    UPDATE place SET time_zone = NULL WHERE trim(time_zone) = '';
    UPDATE place SET time_zone = 'Europe/Helsinki' WHERE source = 'osm-demo';
    """,
    nil,  // 6: fruits', from their own module (`FruitsSchema.migrations` in BeaconFruits)
    nil,  // 7: crypto's, from its own module (`CryptoSchema.migrations` in BeaconCrypto)
    nil,  // 8: people's, from their own module (`PeopleSchema.migrations` in BeaconPeople)
    // 9: text search ignores apostrophes as it ignores accents ("roberts" finds "Robert's Coffee"): the
    // full-text index holds name, address and cuisine with apostrophes (' ’ ‘ ʼ ` ´) removed, so it is
    // contentless (never compared with the place table's own text) and rebuilt from the places.
    """
    DROP TRIGGER place_inserted;
    DROP TRIGGER place_deleted;
    DROP TRIGGER place_updated;
    DROP TABLE place_fts;
    CREATE VIRTUAL TABLE place_fts USING fts5(
      name, address, cuisine, content = '', tokenize = 'unicode61 remove_diacritics 2'
    );
    INSERT INTO place_fts(rowid, name, address, cuisine)
      SELECT rowid,
        replace(replace(replace(replace(replace(replace(name, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(address, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(cuisine, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', '')
      FROM place;
    CREATE TRIGGER place_inserted AFTER INSERT ON place BEGIN
      INSERT INTO place_rtree VALUES (new.rowid, new.latitude, new.latitude, new.longitude, new.longitude);
      INSERT INTO place_fts(rowid, name, address, cuisine) VALUES (new.rowid,
        replace(replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(new.address, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(new.cuisine, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
    END;
    CREATE TRIGGER place_deleted AFTER DELETE ON place BEGIN
      DELETE FROM place_rtree WHERE place_rowid = old.rowid;
      INSERT INTO place_fts(place_fts, rowid, name, address, cuisine) VALUES ('delete', old.rowid,
        replace(replace(replace(replace(replace(replace(old.name, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(old.address, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(old.cuisine, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
    END;
    CREATE TRIGGER place_updated AFTER UPDATE ON place BEGIN
      UPDATE place_rtree SET min_latitude = new.latitude, max_latitude = new.latitude,
        min_longitude = new.longitude, max_longitude = new.longitude WHERE place_rowid = new.rowid;
      INSERT INTO place_fts(place_fts, rowid, name, address, cuisine) VALUES ('delete', old.rowid,
        replace(replace(replace(replace(replace(replace(old.name, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(old.address, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(old.cuisine, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
      INSERT INTO place_fts(rowid, name, address, cuisine) VALUES (new.rowid,
        replace(replace(replace(replace(replace(replace(new.name, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(new.address, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''),
        replace(replace(replace(replace(replace(replace(new.cuisine, '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), '´', ''));
    END;
    """,
    // 10: where the user's own imported places lie (the mean position of the latest import), the default
    // centre of offline searches once there is one; filled from the places imported before.
    """
    CREATE TABLE imported_area (
      id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      places INTEGER NOT NULL,
      imported_at REAL NOT NULL
    );
    INSERT INTO imported_area (id, latitude, longitude, places, imported_at)
      SELECT 1, avg(latitude), avg(longitude), count(*), max(fetched_at) FROM place WHERE source = 'osm'
      HAVING count(*) > 0;
    """,
    // 11: what places say about diets, cuisine, step-free access, outdoor seating and takeaway (the search
    // filters), one row per place that says anything, read from the stored details (OSM tags in
    // `datasource.raw`, Geoapify conditions in `categories`) and the cuisine column, by triggers on every write
    // (so any insert path fills it) and now for the places already stored. `diet` and `diet_known` are bit masks
    // (vegan 1, vegetarian 2, gluten_free 4, halal 8, kosher 16) of the diets said yes/only to and of the diets
    // named at all; `cuisine` is `;italian;pizza;`; `wheelchair` is yes/limited/no; the others 1/0. The same rules
    // as `PlaceFacts` in Swift.
    """
    CREATE TABLE place_fact (
      place_rowid INTEGER PRIMARY KEY NOT NULL,
      diet INTEGER NOT NULL,
      diet_known INTEGER NOT NULL,
      cuisine TEXT,
      wheelchair TEXT,
      outdoor_seating INTEGER,
      takeaway INTEGER
    );
    WITH kv(r, k, v, c) AS (
      SELECT place.rowid, j.key, lower(trim(j.value)), place.cuisine
        FROM place, json_each(CASE WHEN json_valid(place.details) THEN place.details END, '$.properties.datasource.raw') AS j
        WHERE j.key IN ('cuisine', 'wheelchair', 'outdoor_seating', 'takeaway', 'diet:vegan', 'diet:vegetarian', 'diet:gluten_free',
            'diet:halal', 'diet:kosher')
      UNION ALL
      SELECT place.rowid, '#condition', lower(trim(j.value)), place.cuisine
        FROM place, json_each(CASE WHEN json_valid(place.details) THEN place.details END, '$.properties.categories') AS j
        WHERE lower(trim(j.value)) IN ('vegan', 'vegan.only', 'vegetarian', 'vegetarian.only', 'gluten_free', 'gluten_free.only', 'halal',
            'halal.only', 'kosher', 'kosher.only', 'wheelchair.yes', 'wheelchair.limited')
      UNION ALL
      SELECT place.rowid, '#place', NULL, place.cuisine FROM place
    )
    INSERT INTO place_fact (place_rowid, diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway)
      SELECT r,
    \(PlaceFactSQL.facts(cuisine: "max(c)"))
      FROM kv GROUP BY r HAVING count(*) > 1 OR nullif(trim(max(c)), '') IS NOT NULL;
    CREATE TRIGGER place_fact_inserted AFTER INSERT ON place BEGIN
      INSERT OR REPLACE INTO place_fact (place_rowid, diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway)
      SELECT new.rowid,
    \(PlaceFactSQL.facts(cuisine: "new.cuisine"))
    \(PlaceFactSQL.triggerSource)
    END;
    CREATE TRIGGER place_fact_updated AFTER UPDATE OF details, cuisine ON place BEGIN
      DELETE FROM place_fact WHERE place_rowid = old.rowid;
      INSERT INTO place_fact (place_rowid, diet, diet_known, cuisine, wheelchair, outdoor_seating, takeaway)
      SELECT new.rowid,
    \(PlaceFactSQL.facts(cuisine: "new.cuisine"))
    \(PlaceFactSQL.triggerSource)
    END;
    CREATE TRIGGER place_fact_deleted AFTER DELETE ON place BEGIN
      DELETE FROM place_fact WHERE place_rowid = old.rowid;
    END;
    """,
    // 12: what a filtered search judges, in the order of where places lie: per place its category, band
    // of latitude (a 500th of a degree, ~220 m: `CAST((latitude + 90) * 500 AS INTEGER)`), longitude, rowid, exact
    // position, source and the facts of `place_fact`, in one table without rowid keyed by category, band and
    // longitude. The places of a category in a search's box are then a few ranges of neighbouring rows (a few dozen
    // pages at a million places) instead of one row of `place` per place in the box, each on a page of its own.
    // Kept in step by triggers on `place` (position, category, source) and on `place_fact` (the facts), whichever
    // fires first.
    """
    CREATE TABLE place_cell (
      category TEXT NOT NULL,
      band INTEGER NOT NULL,
      longitude REAL NOT NULL,
      place_rowid INTEGER NOT NULL,
      latitude REAL NOT NULL,
      source TEXT NOT NULL,
      diet INTEGER,
      diet_known INTEGER,
      cuisine TEXT,
      wheelchair TEXT,
      outdoor_seating INTEGER,
      takeaway INTEGER,
      PRIMARY KEY (category, band, longitude, place_rowid)
    ) WITHOUT ROWID;
    \(PlaceCellSQL.fill(after: "-1"))
    CREATE TRIGGER place_cell_inserted AFTER INSERT ON place BEGIN
      INSERT OR REPLACE INTO place_cell
      SELECT new.category, CAST((new.latitude + 90) * 500 AS INTEGER), new.longitude, new.rowid, new.latitude,
        new.source, place_fact.diet, place_fact.diet_known, place_fact.cuisine, place_fact.wheelchair,
        place_fact.outdoor_seating, place_fact.takeaway
      FROM (SELECT new.rowid AS r) LEFT JOIN place_fact ON place_fact.place_rowid = r;
    END;
    CREATE TRIGGER place_cell_updated AFTER UPDATE OF latitude, longitude, category, source ON place BEGIN
      DELETE FROM place_cell WHERE category = old.category AND band = CAST((old.latitude + 90) * 500 AS INTEGER)
        AND longitude = old.longitude AND place_rowid = old.rowid;
      INSERT OR REPLACE INTO place_cell
      SELECT new.category, CAST((new.latitude + 90) * 500 AS INTEGER), new.longitude, new.rowid, new.latitude,
        new.source, place_fact.diet, place_fact.diet_known, place_fact.cuisine, place_fact.wheelchair,
        place_fact.outdoor_seating, place_fact.takeaway
      FROM (SELECT new.rowid AS r) LEFT JOIN place_fact ON place_fact.place_rowid = r;
    END;
    CREATE TRIGGER place_cell_deleted AFTER DELETE ON place BEGIN
      DELETE FROM place_cell WHERE category = old.category AND band = CAST((old.latitude + 90) * 500 AS INTEGER)
        AND longitude = old.longitude AND place_rowid = old.rowid;
    END;
    CREATE TRIGGER place_cell_facts_inserted AFTER INSERT ON place_fact BEGIN
      UPDATE place_cell SET diet = new.diet, diet_known = new.diet_known, cuisine = new.cuisine,
        wheelchair = new.wheelchair, outdoor_seating = new.outdoor_seating, takeaway = new.takeaway
      WHERE place_rowid = new.place_rowid
        AND category = (SELECT category FROM place WHERE rowid = new.place_rowid)
        AND band = (SELECT CAST((latitude + 90) * 500 AS INTEGER) FROM place WHERE rowid = new.place_rowid)
        AND longitude = (SELECT longitude FROM place WHERE rowid = new.place_rowid);
    END;
    CREATE TRIGGER place_cell_facts_deleted AFTER DELETE ON place_fact BEGIN
      UPDATE place_cell SET diet = NULL, diet_known = NULL, cuisine = NULL, wheelchair = NULL,
        outdoor_seating = NULL, takeaway = NULL
      WHERE place_rowid = old.place_rowid
        AND category = (SELECT category FROM place WHERE rowid = old.place_rowid)
        AND band = (SELECT CAST((latitude + 90) * 500 AS INTEGER) FROM place WHERE rowid = old.place_rowid)
        AND longitude = (SELECT longitude FROM place WHERE rowid = old.place_rowid);
    END;
    """,
    // 13: no index of the places by category. No query needs it since 12 (a search finds its box by the R*Tree or
    // `place_cell`, and says `+place.category` so as not to start from it); it led the favourites' plan to read
    // every place of a category; and every place an import writes paid for its entry.
    """
    DROP INDEX IF EXISTS place_category;
    """,
    // 14: the full-text index without its table of each place's token counts (`columnsize = 0`): only ranking reads
    // them, and no query ranks (a text search is a filter); every place written paid a row for them. Rebuilt from the
    // places as in 9, with the texts the triggers write (`Database.apostrophesReplaced`); the triggers, which name the
    // index, stay as they are.
    """
    DROP TABLE place_fts;
    CREATE VIRTUAL TABLE place_fts USING fts5(
      name, address, cuisine, content = '', columnsize = 0, tokenize = 'unicode61 remove_diacritics 2'
    );
    INSERT INTO place_fts(rowid, name, address, cuisine)
      SELECT rowid, \(Database.apostrophesReplaced("name")), \(Database.apostrophesReplaced("address")),
        \(Database.apostrophesReplaced("cuisine"))
      FROM place;
    """,
  ]

  /// Every migration in order of version: the core's and the given features', an empty one where a version is
  /// supplied by neither. A feature's version that the core or another feature already uses for other SQL is a
  /// programming error.
  static func all(adding features: [StoreMigration]) -> [String] {
    var supplied: [Int: String] = [:]
    for migration in features {
      let taken = supplied[migration.version] ?? core[safe: migration.version - 1]
      precondition(
        taken == nil || taken == migration.sql,
        "store version \(migration.version) is already another migration"
      )
      supplied[migration.version] = migration.sql
    }
    let count = max(core.count, supplied.keys.max() ?? 0)
    return (0..<count).map { index in core[safe: index] ?? supplied[index + 1] ?? "" }
  }

  /// The core's migrations in order of version, an empty one where a feature supplies the version.
  static var all: [String] { all(adding: []) }

  /// The schema version this build writes.
  static var latestVersion: Int { all.count }
}

/// A migration a feature's module brings to the store: the version it brings a store to and its SQL. Like the
/// core's, it never changes once shipped.
package struct StoreMigration: Sendable {
  /// The `user_version` the migration brings a store to (1-based, one sequence for the whole store).
  package let version: Int
  /// The literal SQL.
  package let sql: String

  /// The migration to `version`.
  package init(version: Int, sql: String) {
    self.version = version
    self.sql = sql
  }
}

extension Array where Element == String? {
  /// The element at `index`, or `nil` past the end.
  fileprivate subscript(safe index: Int) -> String? {
    indices.contains(index) ? self[index] : nil
  }
}
