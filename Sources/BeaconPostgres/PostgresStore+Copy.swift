import BeaconCore
import Foundation

extension PostgresStore {
  /// Everything `beacon store copy` carries out of this store (``StoreSnapshot``): every place, every rating with
  /// its author, this store's user's favourites and settings, the team's imported area, and each of `copiers`' rows.
  package func snapshot(copiers: [any SharedStoreCopier] = []) throws(BeaconError) -> StoreSnapshot {
    try run {
      var snapshot = StoreSnapshot()
      try connection.transaction {
        snapshot.places = try connection.query("SELECT \(StoreSnapshot.placeColumns) FROM place ORDER BY id").map {
          StoreSnapshot.PlaceRow(stored: $0)
        }
        snapshot.ratings = try connection.query(
          "SELECT id, place_id, stars, comment, created_at, author FROM rating ORDER BY id"
        ).map { StoreSnapshot.RatingRow(stored: $0, author: $0.string(5)) }
        snapshot.favorites = try connection.query(
          "SELECT place_id, added_at FROM favorite WHERE user_name = $1 ORDER BY place_id",
          [user]
        ).map { StoreSnapshot.FavoriteRow(placeId: $0.string(0) ?? "", addedAt: $0.double(1) ?? 0) }
        for row in try connection.query("SELECT key, value FROM setting WHERE user_name = $1", [user]) {
          if let key = row.string(0), let value = row.string(1) { snapshot.settings[key] = value }
        }
        snapshot.importedArea = try connection.query(
          "SELECT \(ImportedAreaCopy.columns) FROM imported_area WHERE id = 1"
        ).first.flatMap { ImportedAreaCopy.Row(stored: $0) }
        snapshot.parts = try copiers.map { copier in try copier.part(in: connection, user: user) }
      }
      return snapshot
    }
  }

  /// Writes `snapshot` into this store in one transaction (all of it or, when anything fails, nothing): places by
  /// id (the snapshot's values win), ratings not already here (the same place, stars, comment and time, whoever
  /// gave them) with their own id when it is free and their author (this store's user when they have none: a SQLite
  /// store's), the favourites and settings as this store's user's, the team's imported area when the snapshot's comes
  /// from a later import (``ImportedAreaCopy``), and then what each of `copiers` writes of its part. Running it again
  /// changes nothing.
  package func receive(
    _ snapshot: StoreSnapshot,
    copiers: [any SharedStoreCopier] = []
  ) throws(BeaconError)
    -> StoreCopyReport
  {
    try run {
      try connection.transaction {
        var report = StoreCopyReport()
        for place in snapshot.places {
          let found = try connection.query(
            "SELECT \(StoreSnapshot.placeColumns) FROM place WHERE id = $1",
            [place.id]
          )
          if let row = found.first {
            if Self.sameValues(row, place) {
              report.placesUnchanged += 1
              continue
            }
            report.placesUpdated += 1
          } else {
            report.placesAdded += 1
          }
          let words = PostgresTextSearch.words(
            [place.name, place.address ?? "", place.cuisine ?? ""].joined(separator: " ")
          )
          try connection.query(
            """
            INSERT INTO place (\(StoreSnapshot.placeColumns), search_text)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
              latitude = excluded.latitude, longitude = excluded.longitude, address = excluded.address,
              cuisine = excluded.cuisine, details = excluded.details, opening_hours = excluded.opening_hours,
              time_zone = excluded.time_zone, source = excluded.source, fetched_at = excluded.fetched_at,
              search_text = excluded.search_text, facts_filled = false
            """,
            place.values.map { $0 as (any PostgresBindable)? } + [words.joined(separator: " ")]
          )
        }
        try Self.fillFacts(connection)
        for rating in snapshot.ratings {
          let present = try connection.query(
            """
            SELECT 1 FROM rating WHERE place_id = $1 AND stars = $2 AND comment IS NOT DISTINCT FROM $3
              AND created_at = $4
            """,
            [rating.placeId, rating.stars, rating.comment, rating.createdAt]
          )
          if !present.isEmpty {
            report.ratingsPresent += 1
            continue
          }
          let taken = try !connection.query("SELECT 1 FROM rating WHERE id = $1", [rating.id]).isEmpty
          let values: [(any PostgresBindable)?] = [
            rating.placeId, rating.author ?? user, rating.stars, rating.comment, rating.createdAt,
          ]
          if taken {
            report.ratingsRenumbered += 1
            try connection.query(
              "INSERT INTO rating (place_id, author, stars, comment, created_at) VALUES ($1, $2, $3, $4, $5)",
              values
            )
          } else {
            try connection.query(
              "INSERT INTO rating (id, place_id, author, stars, comment, created_at) VALUES ($6, $1, $2, $3, $4, $5)",
              values + [rating.id]
            )
          }
          report.ratingsAdded += 1
        }
        if report.ratingsAdded > 0 {
          // Ratings added later get ids after every id the copy kept.
          try connection.query(
            "SELECT setval(pg_get_serial_sequence('rating', 'id'), (SELECT max(id) FROM rating))"
          )
        }
        for favorite in snapshot.favorites {
          let added = try connection.query(
            """
            INSERT INTO favorite (user_name, place_id, added_at) VALUES ($1, $2, $3)
            ON CONFLICT DO NOTHING RETURNING 1
            """,
            [user, favorite.placeId, favorite.addedAt]
          )
          report.favoritesAdded += added.count
        }
        for (key, value) in snapshot.settings.sorted(by: { $0.key < $1.key }) {
          let stored = try connection.query(
            "SELECT value FROM setting WHERE user_name = $1 AND key = $2",
            [user, key]
          ).first?.string(0)
          guard stored != value else { continue }
          try connection.query(
            """
            INSERT INTO setting (user_name, key, value) VALUES ($1, $2, $3)
            ON CONFLICT (user_name, key) DO UPDATE SET value = excluded.value
            """,
            [user, key, value]
          )
          report.settingsChanged += 1
        }
        let area = try connection.query(
          "SELECT \(ImportedAreaCopy.columns) FROM imported_area WHERE id = 1 FOR UPDATE"
        ).first
        report.importedArea = ImportedAreaCopy.outcome(
          source: snapshot.importedArea,
          target: area.flatMap { ImportedAreaCopy.Row(stored: $0) }
        )
        if report.importedArea.writes, let given = snapshot.importedArea {
          try connection.query(
            """
            INSERT INTO imported_area (id, latitude, longitude, places, imported_at) VALUES (1, $1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
              places = excluded.places, imported_at = excluded.imported_at
            """,
            [given.latitude, given.longitude, given.places, given.importedAt]
          )
        }
        for copier in copiers { report.parts += try copier.write(partOf: snapshot, into: connection, user: user) }
        return report
      }
    }
  }

  /// Whether the stored `row` holds `place`'s values (numbers compared as numbers).
  private static func sameValues(_ row: PostgresRow, _ place: StoreSnapshot.PlaceRow) -> Bool {
    row.string(0) == place.id && row.string(1) == place.name && row.string(2) == place.category
      && row.double(3) == place.latitude && row.double(4) == place.longitude && row.string(5) == place.address
      && row.string(6) == place.cuisine && row.string(7) == place.details && row.string(8) == place.openingHours
      && row.string(9) == place.timeZone && row.string(10) == place.source && row.double(11) == place.fetchedAt
  }
}
