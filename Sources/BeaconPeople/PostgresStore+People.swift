import BeaconCore
import BeaconPostgres
import Foundation

/// The user directory on a team's PostgreSQL store. The directory is the team's, like a catalogue: one seed, one
/// fetch serving every user, and the edits and deletions (of the directory itself) seen by everyone; each edit and
/// deletion records who made it (`edited_by`, `deleted_by`).
extension PostgresStore {
  /// The seed the directory is fetched with (`defaultSeed` until one is set) and when it was last fetched.
  package func userDirectory(defaultSeed: String) throws(BeaconError) -> (seed: String, fetchedAt: Date?) {
    try run {
      guard let row = try connection.query("SELECT seed, fetched_at FROM people_directory WHERE id = 1").first else {
        return (defaultSeed, nil)
      }
      return (row.string(0) ?? defaultSeed, row.double(1).map { Date(timeIntervalSince1970: $0) })
    }
  }

  /// Every stored user with their edits, in the directory's order (the order they were first fetched in).
  package func storedUsers() throws(BeaconError) -> [StoredUser] {
    try run {
      try connection.query(
        """
        SELECT \(StoredUser.columns)
        FROM person p LEFT JOIN person_edit e ON e.person_id = p.id
        ORDER BY p.position, p.id
        """
      ).compactMap(StoredUser.init(stored:))
    }
  }

  /// The stored user `id` with their edits, if there is one.
  package func storedUser(id: String) throws(BeaconError) -> StoredUser? {
    try run {
      try connection.query(
        """
        SELECT \(StoredUser.columns)
        FROM person p LEFT JOIN person_edit e ON e.person_id = p.id
        WHERE p.id = $1
        """,
        [id]
      ).first.flatMap(StoredUser.init(stored:))
    }
  }

  /// Stores a fetch of `seed` made at `date`, as ``Store/storeUsers(_:seed:at:)`` does, in one transaction that
  /// holds the directory's tables against other writers (two users fetching at once store one after the other).
  package func storeUsers(_ records: [UserRecord], seed: String, at date: Date) throws(BeaconError) -> UserStoreChange {
    try run {
      try connection.transaction {
        try connection.query("LOCK TABLE person, person_edit, person_tombstone, people_directory IN EXCLUSIVE MODE")
        let tombstones = Set(try connection.query("SELECT id FROM person_tombstone").compactMap { $0.string(0) })
        var position = try connection.query("SELECT coalesce(max(position), -1) FROM person").first?.int(0) ?? -1
        var added = 0
        var fetched: Set<String> = []
        for record in records where !tombstones.contains(record.id) {
          fetched.insert(record.id)
          // `xmax = 0` only on a row this statement inserted (an update leaves the old row's xmax behind).
          let inserted =
            try connection.query(
              """
              INSERT INTO person (id, position, seed, first_name, last_name, city, country, email, phone, birth_date,
                latitude, longitude, picture_large, picture_medium, picture_thumbnail, fetched_at)
              VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
              ON CONFLICT (id) DO UPDATE SET seed = excluded.seed, first_name = excluded.first_name,
                last_name = excluded.last_name, city = excluded.city, country = excluded.country, email = excluded.email,
                phone = excluded.phone, birth_date = excluded.birth_date, latitude = excluded.latitude,
                longitude = excluded.longitude, picture_large = excluded.picture_large,
                picture_medium = excluded.picture_medium, picture_thumbnail = excluded.picture_thumbnail,
                fetched_at = excluded.fetched_at
              RETURNING xmax = 0
              """,
              [
                record.id, position + 1, seed, record.firstName, record.lastName, record.city, record.country,
                record.email, record.phone, record.birthDate?.description, record.location?.lat,
                record.location?.lon, record.picture.large, record.picture.medium, record.picture.thumbnail, date,
              ]
            ).first?.bool(0) ?? false
          if inserted {
            position += 1
            added += 1
          }
        }
        let removed = try connection.query(
          """
          DELETE FROM person
          WHERE id NOT IN (SELECT person_id FROM person_edit) AND NOT (id = ANY ($1::text[]))
          RETURNING 1
          """,
          [PostgresArray(fetched.sorted())]
        ).count
        try connection.query(
          """
          INSERT INTO people_directory (id, seed, fetched_at) VALUES (1, $1, $2)
          ON CONFLICT (id) DO UPDATE SET seed = excluded.seed, fetched_at = excluded.fetched_at
          """,
          [seed, date]
        )
        let kept = try connection.query("SELECT count(*) FROM person_edit").first?.int(0) ?? 0
        let total = try connection.query("SELECT count(*) FROM person").first?.int(0) ?? 0
        return UserStoreChange(removed: removed, added: added, kept: kept, total: total)
      }
    }
  }

  /// Saves the user's `edits` of directory user `id` over the team's earlier ones (fields left `nil` keep their
  /// earlier edit, or the API's value); `false` when no stored user has that id.
  package func editUser(id: String, with edits: UserEdits, at date: Date) throws(BeaconError) -> Bool {
    try run {
      try connection.transaction {
        guard try !connection.query("SELECT 1 FROM person WHERE id = $1 FOR UPDATE", [id]).isEmpty else {
          return false
        }
        guard !edits.isEmpty else { return true }
        try connection.query(
          """
          INSERT INTO person_edit (person_id, first_name, last_name, city, email, phone, birth_date, edited_at,
            edited_by)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
          ON CONFLICT (person_id) DO UPDATE SET
            first_name = coalesce(excluded.first_name, person_edit.first_name),
            last_name = coalesce(excluded.last_name, person_edit.last_name),
            city = coalesce(excluded.city, person_edit.city),
            email = coalesce(excluded.email, person_edit.email),
            phone = coalesce(excluded.phone, person_edit.phone),
            birth_date = coalesce(excluded.birth_date, person_edit.birth_date),
            edited_at = excluded.edited_at, edited_by = excluded.edited_by
          """,
          [
            id, edits.firstName, edits.lastName, edits.city, edits.email, edits.phone, edits.birthDate?.description,
            date, user,
          ]
        )
        return true
      }
    }
  }

  /// Deletes directory user `id` and its edits for the whole team, and remembers the id (and who deleted it) so that
  /// no later fetch brings the user back; `false` when no stored user had that id.
  package func deleteUser(id: String, at date: Date) throws(BeaconError) -> Bool {
    try run {
      try connection.transaction {
        guard try !connection.query("DELETE FROM person WHERE id = $1 RETURNING 1", [id]).isEmpty else {
          return false
        }
        try connection.query(
          """
          INSERT INTO person_tombstone (id, deleted_at, deleted_by) VALUES ($1, $2, $3)
          ON CONFLICT (id) DO NOTHING
          """,
          [id, date, user]
        )
        return true
      }
    }
  }
}
