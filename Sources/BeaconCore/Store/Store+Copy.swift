import Foundation

extension Store {
  /// The tables a copy carries, and those it need not: indexes kept from `place` by triggers.
  static let copiedTables: Set<String> = [
    "place", "rating", "favorite", "setting", "imported_area", "place_fact", "place_cell",
  ]

  /// Everything `beacon store copy` carries out of this store (``StoreSnapshot``): the places (the demo places only
  /// when rated or a favourite: every store has them), every rating, the favourites and settings; and the tables
  /// with rows it leaves behind (the caches, and what no copier carries); and each of `copiers`' rows.
  package func snapshot(copiers: [any StoreCopier] = []) throws(BeaconError) -> StoreSnapshot {
    try storage {
      var snapshot = StoreSnapshot()
      let carried = Self.copiedTables.union(copiers.flatMap(\.sqliteTables))
      snapshot.places = try database.query(
        """
        SELECT \(StoreSnapshot.placeColumns) FROM place
        WHERE source <> ? OR id IN (SELECT place_id FROM rating UNION SELECT place_id FROM favorite) ORDER BY id
        """,
        [DemoDataset.source]
      ).map { StoreSnapshot.PlaceRow(stored: $0) }
      snapshot.ratings = try database.query(
        "SELECT id, place_id, stars, comment, created_at FROM rating ORDER BY id"
      ).map { StoreSnapshot.RatingRow(stored: $0, author: nil) }
      snapshot.favorites = try database.query("SELECT place_id, added_at FROM favorite ORDER BY place_id").map {
        StoreSnapshot.FavoriteRow(placeId: $0.string(0) ?? "", addedAt: $0.double(1) ?? 0)
      }
      for row in try database.query("SELECT key, value FROM setting") {
        if let key = row.string(0), let value = row.string(1) { snapshot.settings[key] = value }
      }
      snapshot.importedArea = try database.query(
        "SELECT \(ImportedAreaCopy.columns) FROM imported_area WHERE id = 1"
      ).first.flatMap { ImportedAreaCopy.Row(stored: $0) }
      let tables = try database.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
      ).compactMap { $0.string(0) }
      for table in tables where !carried.contains(table) && !table.hasPrefix("sqlite_") {
        // Shadow tables of the R*Tree and full-text indexes are named after their index.
        guard !table.hasPrefix("place_rtree_"), !table.hasPrefix("place_fts_") else { continue }
        let rows = try database.query("SELECT count(*) FROM \(StoreRecovery.quoted(table))").first?.int(0) ?? 0
        if rows > 0 { snapshot.leftBehind.append((table, rows)) }
      }
      snapshot.parts = try copiers.map { copier in try copier.part(in: database) }
      return snapshot
    }
  }

  /// Writes `snapshot` into this store in one transaction (all of it or, when anything fails, nothing): places by
  /// id (the snapshot's values win), ratings not already here (the same place, stars, comment and time) with their
  /// own id when it is free, favourites and settings, the imported area when the snapshot's comes from a later import
  /// (``ImportedAreaCopy``), and then what each of `copiers` writes of its part. Running it again changes nothing.
  package func receive(
    _ snapshot: StoreSnapshot,
    copiers: [any StoreCopier] = []
  ) throws(BeaconError)
    -> StoreCopyReport
  {
    defer {
      settingsCache = nil
      factsByPlace = [:]
      hasDemoData = false
    }
    return try storage {
      try database.transaction {
        var report = StoreCopyReport()
        for place in snapshot.places {
          let found = try database.query("SELECT \(StoreSnapshot.placeColumns) FROM place WHERE id = ?", [place.id])
          if let row = found.first {
            let same = zip(row.values, place.values).allSatisfy { stored, given in Self.text(stored) == given }
            if same {
              report.placesUnchanged += 1
              continue
            }
            report.placesUpdated += 1
          } else {
            report.placesAdded += 1
          }
          try database.run(
            """
            INSERT INTO place (\(StoreSnapshot.placeColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
              latitude = excluded.latitude, longitude = excluded.longitude, address = excluded.address,
              cuisine = excluded.cuisine, details = excluded.details, opening_hours = excluded.opening_hours,
              time_zone = excluded.time_zone, source = excluded.source, fetched_at = excluded.fetched_at
            """,
            [
              place.id, place.name, place.category, place.latitude, place.longitude, place.address, place.cuisine,
              place.details, place.openingHours, place.timeZone, place.source, place.fetchedAt,
            ]
          )
        }
        for rating in snapshot.ratings {
          let present = try database.query(
            "SELECT 1 FROM rating WHERE place_id = ? AND stars = ? AND comment IS ? AND created_at = ?",
            [rating.placeId, rating.stars, rating.comment, rating.createdAt]
          )
          if !present.isEmpty {
            report.ratingsPresent += 1
            continue
          }
          let taken = try !database.query("SELECT 1 FROM rating WHERE id = ?", [rating.id]).isEmpty
          if taken { report.ratingsRenumbered += 1 }
          try database.run(
            "INSERT INTO rating (id, place_id, stars, comment, created_at) VALUES (?, ?, ?, ?, ?)",
            [taken ? nil : rating.id, rating.placeId, rating.stars, rating.comment, rating.createdAt]
          )
          report.ratingsAdded += 1
        }
        for favorite in snapshot.favorites {
          try database.run(
            "INSERT INTO favorite (place_id, added_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
            [favorite.placeId, favorite.addedAt]
          )
          report.favoritesAdded += database.changes
        }
        for (key, value) in snapshot.settings.sorted(by: { $0.key < $1.key }) {
          let stored = try database.query("SELECT value FROM setting WHERE key = ?", [key]).first?.string(0)
          guard stored != value else { continue }
          try database.run(
            "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value]
          )
          report.settingsChanged += 1
        }
        let area = try database.query("SELECT \(ImportedAreaCopy.columns) FROM imported_area WHERE id = 1").first
        report.importedArea = ImportedAreaCopy.outcome(
          source: snapshot.importedArea,
          target: area.flatMap { ImportedAreaCopy.Row(stored: $0) }
        )
        if report.importedArea.writes, let given = snapshot.importedArea {
          try database.run(
            """
            INSERT INTO imported_area (id, latitude, longitude, places, imported_at) VALUES (1, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
              places = excluded.places, imported_at = excluded.imported_at
            """,
            [given.latitude, given.longitude, given.places, given.importedAt]
          )
        }
        for copier in copiers { report.parts += try copier.write(partOf: snapshot, into: database) }
        return report
      }
    }
  }

  /// A stored value as ``StoreSnapshot/PlaceRow/values`` writes it.
  private static func text(_ value: DatabaseValue) -> String? {
    switch value {
    case .null: nil
    case .integer(let number): "\(Double(number))"
    case .real(let number): "\(number)"
    case .text(let text): text
    default: nil
    }
  }
}
