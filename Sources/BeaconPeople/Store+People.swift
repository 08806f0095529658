import BeaconCore
import Foundation

/// The user directory's tables (see ``Migrations``): randomuser.me's users as last fetched (`person`), the user's
/// edits of them (`person_edit`), the ids of deleted users (`person_tombstone`) and the seed with the time of the
/// last fetch (`people_directory`).
extension Store {
  /// The seed the directory is fetched with (`ios` until one is set) and when it was last fetched (`nil`: never).
  package func userDirectory(defaultSeed: String) throws(BeaconError) -> (seed: String, fetchedAt: Date?) {
    try storage {
      guard let row = try database.query("SELECT seed, fetched_at FROM people_directory WHERE id = 1").first else {
        return (defaultSeed, nil)
      }
      return (row.string(0) ?? defaultSeed, row.double(1).map { Date(timeIntervalSince1970: $0) })
    }
  }

  /// Every stored user with their edits, in the directory's order (the order they were first fetched in).
  package func storedUsers() throws(BeaconError) -> [StoredUser] {
    try storage {
      try database.query(
        """
        SELECT \(StoredUser.columns)
        FROM person p LEFT JOIN person_edit e ON e.person_id = p.id
        ORDER BY p.position
        """
      ).compactMap(StoredUser.init(stored:))
    }
  }

  /// The stored user `id` with their edits, if there is one.
  package func storedUser(id: String) throws(BeaconError) -> StoredUser? {
    try storage {
      try database.query(
        """
        SELECT \(StoredUser.columns)
        FROM person p LEFT JOIN person_edit e ON e.person_id = p.id
        WHERE p.id = ?
        """,
        [id]
      ).first.flatMap(StoredUser.init(stored:))
    }
  }

  /// Stores a fetch of `seed` made at `date`, in one transaction: users already stored get randomuser.me's new
  /// data (their edits stay and still win), new ones are added after the others, deleted ones are skipped, and
  /// unedited users missing from `records` are removed. So a fetch with a new seed leaves the edited users and the
  /// new seed's users; the seed is stored for every later fetch.
  package func storeUsers(_ records: [UserRecord], seed: String, at date: Date) throws(BeaconError) -> UserStoreChange {
    try storage {
      try database.transaction {
        let tombstones = Set(try database.query("SELECT id FROM person_tombstone").compactMap { $0.string(0) })
        var added = 0
        var fetched: Set<String> = []
        for record in records where !tombstones.contains(record.id) {
          fetched.insert(record.id)
          let values: [any DatabaseValueConvertible] = [
            seed, record.firstName, record.lastName, record.city, record.country, record.email, record.phone,
            record.birthDate?.description, record.location?.lat, record.location?.lon, record.picture.large,
            record.picture.medium, record.picture.thumbnail, date, record.id,
          ]
          if try database.query("SELECT 1 FROM person WHERE id = ?", [record.id]).isEmpty {
            try database.run(
              """
              INSERT INTO person (seed, first_name, last_name, city, country, email, phone, birth_date, latitude,
                longitude, picture_large, picture_medium, picture_thumbnail, fetched_at, id, position)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(position), -1) + 1 FROM person))
              """,
              values
            )
            added += 1
          } else {
            try database.run(
              """
              UPDATE person SET seed = ?, first_name = ?, last_name = ?, city = ?, country = ?, email = ?, phone = ?,
                birth_date = ?, latitude = ?, longitude = ?, picture_large = ?, picture_medium = ?,
                picture_thumbnail = ?, fetched_at = ?
              WHERE id = ?
              """,
              values
            )
          }
        }
        let unedited = try database.query(
          "SELECT id FROM person WHERE id NOT IN (SELECT person_id FROM person_edit)"
        ).compactMap { $0.string(0) }
        var removed = 0
        for id in unedited where !fetched.contains(id) {
          try database.run("DELETE FROM person WHERE id = ?", [id])
          removed += 1
        }
        try database.run(
          """
          INSERT INTO people_directory (id, seed, fetched_at) VALUES (1, ?, ?)
          ON CONFLICT(id) DO UPDATE SET seed = excluded.seed, fetched_at = excluded.fetched_at
          """,
          [seed, date]
        )
        let kept = try database.query("SELECT count(*) FROM person_edit").first?.int(0) ?? 0
        let total = try database.query("SELECT count(*) FROM person").first?.int(0) ?? 0
        return UserStoreChange(removed: removed, added: added, kept: kept, total: total)
      }
    }
  }

  /// Saves `edits` of user `id` over the ones saved before (fields left `nil` keep their earlier edit, or the API's
  /// value); `false` when no stored user has that id.
  package func editUser(id: String, with edits: UserEdits, at date: Date) throws(BeaconError) -> Bool {
    try storage {
      try database.transaction {
        guard try !database.query("SELECT 1 FROM person WHERE id = ?", [id]).isEmpty else { return false }
        guard !edits.isEmpty else { return true }
        try database.run(
          """
          INSERT INTO person_edit (person_id, first_name, last_name, city, email, phone, birth_date, edited_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT(person_id) DO UPDATE SET
            first_name = coalesce(excluded.first_name, person_edit.first_name),
            last_name = coalesce(excluded.last_name, person_edit.last_name),
            city = coalesce(excluded.city, person_edit.city),
            email = coalesce(excluded.email, person_edit.email),
            phone = coalesce(excluded.phone, person_edit.phone),
            birth_date = coalesce(excluded.birth_date, person_edit.birth_date),
            edited_at = excluded.edited_at
          """,
          [
            id, edits.firstName, edits.lastName, edits.city, edits.email, edits.phone, edits.birthDate?.description,
            date,
          ]
        )
        return true
      }
    }
  }

  /// Deletes user `id` and its edits, and remembers the id so that no later fetch brings the user back; `false`
  /// when no stored user had that id.
  package func deleteUser(id: String, at date: Date) throws(BeaconError) -> Bool {
    try storage {
      try database.transaction {
        try database.run("DELETE FROM person_edit WHERE person_id = ?", [id])
        try database.run("DELETE FROM person WHERE id = ?", [id])
        guard database.changes > 0 else { return false }
        try database.run(
          "INSERT INTO person_tombstone (id, deleted_at) VALUES (?, ?) ON CONFLICT(id) DO NOTHING",
          [id, date]
        )
        return true
      }
    }
  }
}
