import BeaconCore
import Foundation

/// The fruit tables (migration 6): Fruityvice's catalogue as last fetched, and the user's log of eaten fruit.
extension Store {
  /// The stored catalogue and when it was fetched, or `nil` when it never was.
  package func fruitCatalogue() throws(BeaconError) -> (fruits: [Fruit], fetchedAt: Date)? {
    try storage {
      guard let fetched = try database.query("SELECT fetched_at FROM fruit_catalogue WHERE id = 1").first?.double(0)
      else { return nil }
      let rows = try database.query(
        """
        SELECT id, name, family, genus, fruit_order, calories, fat, sugar, carbohydrates, protein
        FROM fruit ORDER BY id
        """
      )
      let fruits = rows.compactMap { Fruit(stored: $0) }
      return (fruits, Date(timeIntervalSince1970: fetched))
    }
  }

  /// Replaces the stored catalogue by `fruits`, fetched at `date` (one transaction: never half a catalogue); does
  /// nothing on a read-only store.
  package func replaceFruitCatalogue(_ fruits: [Fruit], at date: Date) throws(BeaconError) {
    guard !isReadOnly else { return }
    try storage {
      try database.transaction {
        try database.run("DELETE FROM fruit")
        for fruit in fruits {
          let nutrition = fruit.nutritions
          try database.run(
            """
            INSERT INTO fruit (id, name, family, genus, fruit_order, calories, fat, sugar, carbohydrates, protein)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, family = excluded.family, genus = excluded.genus,
              fruit_order = excluded.fruit_order, calories = excluded.calories, fat = excluded.fat,
              sugar = excluded.sugar, carbohydrates = excluded.carbohydrates, protein = excluded.protein
            """,
            [
              fruit.id, fruit.name, fruit.family, fruit.genus, fruit.order, nutrition.calories, nutrition.fat,
              nutrition.sugar, nutrition.carbohydrates, nutrition.protein,
            ]
          )
        }
        try database.run(
          """
          INSERT INTO fruit_catalogue (id, fetched_at) VALUES (1, ?)
          ON CONFLICT(id) DO UPDATE SET fetched_at = excluded.fetched_at
          """,
          [date]
        )
      }
    }
  }

  // MARK: - The log

  /// Logs that `fruit` was eaten at `eatenAt` (its name and nutrition are kept as they are now) and returns the
  /// entry, with its local time in `timeZone`.
  package func addFruitLogEntry(
    _ fruit: Fruit,
    eatenAt: Date,
    loggedAt: Date,
    timeZone: TimeZone
  ) throws(BeaconError) -> FruitLogEntry {
    let nutrition = fruit.nutritions
    let id: Int = try storage {
      try database.transaction {
        try database.run(
          """
          INSERT INTO fruit_log (fruit_id, name, calories, fat, sugar, carbohydrates, protein, eaten_at, logged_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            fruit.id, fruit.name, nutrition.calories, nutrition.fat, nutrition.sugar, nutrition.carbohydrates,
            nutrition.protein, eatenAt, loggedAt,
          ]
        )
        return Int(database.lastInsertRowID)
      }
    }
    return FruitLogEntry(
      id: id,
      fruitId: fruit.id,
      name: fruit.name,
      eatenAt: eatenAt,
      nutritions: nutrition,
      timeZone: timeZone
    )
  }

  /// Removes a log entry; `false` when there was none with `id`.
  package func removeFruitLogEntry(id: Int) throws(BeaconError) -> Bool {
    try storage {
      try database.transaction {
        try database.run("DELETE FROM fruit_log WHERE id = ?", [id])
        return database.changes > 0
      }
    }
  }

  /// The entries eaten in `start ..< end` (either end open when `nil`), newest first.
  package func fruitLogEntries(
    from start: Date?,
    to end: Date?,
    timeZone: TimeZone
  ) throws(BeaconError) -> [FruitLogEntry] {
    try storage {
      let rows = try database.query(
        """
        SELECT id, fruit_id, name, eaten_at, calories, fat, sugar, carbohydrates, protein FROM fruit_log
        WHERE eaten_at >= coalesce(?, eaten_at) AND eaten_at < coalesce(?, eaten_at + 1)
        ORDER BY eaten_at DESC, id DESC
        """,
        [start, end]
      )
      return rows.compactMap { FruitLogEntry(stored: $0, timeZone: timeZone) }
    }
  }

  /// How many times fruit `fruitId` was logged as eaten in `start ... end`.
  package func fruitLogCount(fruitId: Int, from start: Date, through end: Date) throws(BeaconError) -> Int {
    try storage {
      try database.query(
        "SELECT count(*) FROM fruit_log WHERE fruit_id = ? AND eaten_at >= ? AND eaten_at <= ?",
        [fruitId, start, end]
      ).first?.int(0) ?? 0
    }
  }

  /// The five nutrition columns starting at `index`.
}
