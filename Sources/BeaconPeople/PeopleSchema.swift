import BeaconCore
import BeaconPostgres

/// The user directory's tables, as the store's migrations that this module brings
/// (the program passes them to `Store.open` with the other features').
package enum PeopleSchema {
  /// 8: the user directory: randomuser.me's users as last fetched, in the order first fetched;
  /// the user's edits (which win over the API's data and keep a user through a change of seed); the ids of
  /// deleted users, which no later fetch brings back; and the seed with the time of the last fetch.
  package static let migrations = [
    StoreMigration(
      version: 8,
      sql: """
        CREATE TABLE person (
          id TEXT PRIMARY KEY NOT NULL,
          position INTEGER NOT NULL,
          seed TEXT NOT NULL,
          first_name TEXT NOT NULL,
          last_name TEXT NOT NULL,
          city TEXT NOT NULL,
          country TEXT NOT NULL,
          email TEXT NOT NULL,
          phone TEXT NOT NULL,
          birth_date TEXT,
          latitude REAL,
          longitude REAL,
          picture_large TEXT NOT NULL,
          picture_medium TEXT NOT NULL,
          picture_thumbnail TEXT NOT NULL,
          fetched_at REAL NOT NULL
        );
        CREATE INDEX person_position ON person(position);
        CREATE TABLE person_edit (
          person_id TEXT PRIMARY KEY NOT NULL REFERENCES person(id) ON DELETE CASCADE,
          first_name TEXT,
          last_name TEXT,
          city TEXT,
          email TEXT,
          phone TEXT,
          birth_date TEXT,
          edited_at REAL NOT NULL
        );
        CREATE TABLE person_tombstone (
          id TEXT PRIMARY KEY NOT NULL,
          deleted_at REAL NOT NULL
        );
        CREATE TABLE people_directory (
          id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
          seed TEXT NOT NULL,
          fetched_at REAL
        );
        """
    )
  ]

  /// The PostgreSQL store's version 6: randomuser.me's directory as last fetched, in the order first fetched, with
  /// its seed and the time of the last fetch, the edits of its users and the ids of deleted users — all shared by
  /// the team (the directory is a catalogue the team keeps: one fetch serves everyone, an edit or a deletion is seen
  /// by all), each edit and deletion with who made it.
  package static let postgresMigrations = [
    PostgresMigration(
      version: 6,
      statements: [
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
      ]
    )
  ]
}
