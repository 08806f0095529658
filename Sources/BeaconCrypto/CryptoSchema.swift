import BeaconCore
import BeaconPostgres

/// The crypto tables, as the store's migrations that this module brings
/// (the program passes them to `Store.open`, and the PostgreSQL ones to `PostgresStore.open`, with the other
/// features').
package enum CryptoSchema {
  /// Version 7: CoinLore's answers by request and every coin as last seen, never pruned (so `crypto/*` answer stale
  /// when CoinLore is out of reach), and the user's krone rate and alert threshold.
  package static let migrations = [
    StoreMigration(
      version: 7,
      sql: """
        CREATE TABLE crypto_snapshot (
          key TEXT PRIMARY KEY NOT NULL,
          body BLOB NOT NULL,
          fetched_at REAL NOT NULL
        );
        CREATE TABLE crypto_coin (
          id TEXT PRIMARY KEY NOT NULL,
          rank INTEGER,
          coin TEXT NOT NULL,
          fetched_at REAL NOT NULL
        );
        CREATE TABLE crypto_settings (
          id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
          nok_rate REAL CHECK (nok_rate IS NULL OR nok_rate > 0),
          alert_threshold REAL NOT NULL CHECK (alert_threshold BETWEEN 0 AND 100)
        );
        """
    )
  ]

  /// The PostgreSQL store's version 4: CoinLore's answers by request and every coin as last seen, shared by the team
  /// and never pruned (so `crypto/*` answer stale when CoinLore is out of reach), and each user's krone rate and
  /// alert threshold.
  package static let postgresMigrations = [
    PostgresMigration(
      version: 4,
      statements: [
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
      ]
    )
  ]
}
