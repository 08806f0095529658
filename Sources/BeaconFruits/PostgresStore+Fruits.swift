import BeaconCore
import BeaconPostgres
import Foundation

/// The fruit tables on a team's PostgreSQL store: Fruityvice's catalogue is shared by the team, the log of eaten
/// fruit belongs to the store's user (another user's entries are neither listed, counted nor removed).
extension PostgresStore {
  /// The stored catalogue and when it was fetched, or `nil` when it never was.
  package func fruitCatalogue() throws(BeaconError) -> (fruits: [Fruit], fetchedAt: Date)? {
    try run {
      guard let fetched = try connection.query("SELECT fetched_at FROM fruit_catalogue WHERE id = 1").first?.double(0)
      else { return nil }
      let rows = try connection.query(
        """
        SELECT id, name, family, genus, fruit_order, calories, fat, sugar, carbohydrates, protein
        FROM fruit ORDER BY id
        """
      )
      let fruits = rows.compactMap { Fruit(stored: $0) }
      return (fruits, Date(timeIntervalSince1970: fetched))
    }
  }

  /// Replaces the stored catalogue by `fruits`, fetched at `date` (one transaction: never half a catalogue).
  package func replaceFruitCatalogue(_ fruits: [Fruit], at date: Date) throws(BeaconError) {
    try run {
      try connection.transaction {
        try connection.query("DELETE FROM fruit")
        for fruit in fruits {
          let nutrition = fruit.nutritions
          try connection.query(
            """
            INSERT INTO fruit (id, name, family, genus, fruit_order, calories, fat, sugar, carbohydrates, protein)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, family = excluded.family, genus = excluded.genus,
              fruit_order = excluded.fruit_order, calories = excluded.calories, fat = excluded.fat,
              sugar = excluded.sugar, carbohydrates = excluded.carbohydrates, protein = excluded.protein
            """,
            [
              fruit.id, fruit.name, fruit.family, fruit.genus, fruit.order, nutrition.calories, nutrition.fat,
              nutrition.sugar, nutrition.carbohydrates, nutrition.protein,
            ]
          )
        }
        try connection.query(
          """
          INSERT INTO fruit_catalogue (id, fetched_at) VALUES (1, $1)
          ON CONFLICT (id) DO UPDATE SET fetched_at = excluded.fetched_at
          """,
          [date]
        )
      }
    }
  }

  /// Logs that the user ate `fruit` at `eatenAt` (its name and nutrition kept as they are now) and returns the
  /// entry, with its local time in `timeZone`.
  package func addFruitLogEntry(
    _ fruit: Fruit,
    eatenAt: Date,
    loggedAt: Date,
    timeZone: TimeZone
  ) throws(BeaconError) -> FruitLogEntry {
    let nutrition = fruit.nutritions
    let id = try run {
      try connection.query(
        """
        INSERT INTO fruit_log (user_name, fruit_id, name, calories, fat, sugar, carbohydrates, protein, eaten_at,
          logged_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id
        """,
        [
          user, fruit.id, fruit.name, nutrition.calories, nutrition.fat, nutrition.sugar, nutrition.carbohydrates,
          nutrition.protein, eatenAt, loggedAt,
        ]
      ).first?.int(0)
    }
    guard let id else { throw .storeServer(message: .storageFailure, detail: "INSERT INTO fruit_log returned no id") }
    return FruitLogEntry(
      id: id,
      fruitId: fruit.id,
      name: fruit.name,
      eatenAt: eatenAt,
      nutritions: nutrition,
      timeZone: timeZone
    )
  }

  /// Removes one of the user's log entries; `false` when the user has none with `id`.
  package func removeFruitLogEntry(id: Int) throws(BeaconError) -> Bool {
    try run {
      try !connection.query(
        "DELETE FROM fruit_log WHERE id = $1 AND user_name = $2 RETURNING 1",
        [id, user]
      ).isEmpty
    }
  }

  /// The user's entries eaten in `start ..< end` (either end open when `nil`), newest first.
  package func fruitLogEntries(
    from start: Date?,
    to end: Date?,
    timeZone: TimeZone
  ) throws(BeaconError) -> [FruitLogEntry] {
    let rows = try run {
      try connection.query(
        """
        SELECT id, fruit_id, name, eaten_at, calories, fat, sugar, carbohydrates, protein FROM fruit_log
        WHERE user_name = $1 AND eaten_at >= coalesce($2::double precision, eaten_at)
          AND eaten_at < coalesce($3::double precision, eaten_at + 1)
        ORDER BY eaten_at DESC, id DESC
        """,
        [user, start, end]
      )
    }
    return rows.compactMap { FruitLogEntry(stored: $0, timeZone: timeZone) }
  }

  /// How many times the user logged fruit `fruitId` as eaten in `start ... end`.
  package func fruitLogCount(fruitId: Int, from start: Date, through end: Date) throws(BeaconError) -> Int {
    try run {
      try connection.query(
        """
        SELECT count(*) FROM fruit_log
        WHERE user_name = $1 AND fruit_id = $2 AND eaten_at >= $3 AND eaten_at <= $4
        """,
        [user, fruitId, start, end]
      ).first?.int(0) ?? 0
    }
  }

  /// The five nutrition columns starting at `index`.
}
