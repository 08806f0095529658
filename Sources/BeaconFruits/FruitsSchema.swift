import BeaconCore
import BeaconPostgres

/// The fruit tables, as the store's migrations that this module brings
/// (the program passes them to `Store.open`, and the PostgreSQL ones to `PostgresStore.open`, with the other
/// features').
package enum FruitsSchema {
  /// 6: fruits: Fruityvice's catalogue as last fetched (so `fruits/*` work offline after one fetch),
  /// and the log of eaten fruit, each entry keeping the name and nutrition it was logged with.
  package static let migrations = [
    StoreMigration(
      version: 6,
      sql: """
        CREATE TABLE fruit (
          id INTEGER PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          family TEXT NOT NULL,
          genus TEXT NOT NULL,
          fruit_order TEXT NOT NULL,
          calories REAL NOT NULL,
          fat REAL NOT NULL,
          sugar REAL NOT NULL,
          carbohydrates REAL NOT NULL,
          protein REAL NOT NULL
        );
        CREATE TABLE fruit_catalogue (
          id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
          fetched_at REAL NOT NULL
        );
        CREATE TABLE fruit_log (
          id INTEGER PRIMARY KEY,
          fruit_id INTEGER NOT NULL,
          name TEXT NOT NULL,
          calories REAL NOT NULL,
          fat REAL NOT NULL,
          sugar REAL NOT NULL,
          carbohydrates REAL NOT NULL,
          protein REAL NOT NULL,
          eaten_at REAL NOT NULL,
          logged_at REAL NOT NULL
        );
        CREATE INDEX fruit_log_eaten ON fruit_log(eaten_at);
        CREATE INDEX fruit_log_fruit ON fruit_log(fruit_id, eaten_at);
        """
    )
  ]

  /// The PostgreSQL store's version 5: Fruityvice's catalogue as last fetched, shared by the team (so `fruits/*` work
  /// offline after one fetch), and each user's log of eaten fruit, every entry keeping the name and nutrition it was
  /// logged with.
  package static let postgresMigrations = [
    PostgresMigration(
      version: 5,
      statements: [
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
      ]
    )
  ]
}
