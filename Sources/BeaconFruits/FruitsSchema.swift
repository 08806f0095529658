import BeaconCore

/// The fruit tables, as the store's migrations that this module brings
/// (the program passes them to `Store.open` with the other features').
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
}
