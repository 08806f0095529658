import BeaconCore
import BeaconPostgres

/// The people feature's part in `beacon store copy`: the user directory (its seed and last fetch, its users), the
/// edits of its users and the ids of deleted users, column for column as stored. On a team's store all of it is the
/// team's (no user's own), so the copy reads and writes all of it; an edit or a deletion from a SQLite store gets the
/// copying user as the one who made it, and a team's store's "who" is left behind in a SQLite store, which has no
/// room for it.
///
/// The source's values win (the seed, a user's data, an edit), as with places; a user the target lacks comes after
/// the target's own users, in the source's order (with the source's position in a target without users); a user
/// the target has deleted stays deleted (no copy brings them back, as no fetch does), and a deletion copied removes
/// the user and their edits from the target. A second copy changes nothing.
package struct PeopleCopier: SharedStoreCopier {
  /// The rows the copy carries.
  package struct Rows: Sendable, Equatable {
    /// The seed and the time of the last fetch, when the source ever fetched.
    package var directory: DirectoryRow?
    /// The users, in the directory's order.
    package var people: [PersonRow] = []
    /// The edits, by user id.
    package var edits: [EditRow] = []
    /// The deleted users' ids, in order.
    package var tombstones: [TombstoneRow] = []

    /// No rows.
    package init() {}
  }

  /// The copier.
  package init() {}

  package var name: String { "people" }
  package var sqliteTables: [String] { ["people_directory", "person", "person_edit", "person_tombstone"] }

  package func rows(in database: Database) throws -> Rows {
    try rows(in: .sqlite(database))
  }

  package func rows(in connection: PostgresConnection, user: String) throws -> Rows {
    try rows(in: .postgres(connection, user: user))
  }

  package func write(_ rows: Rows, into database: Database) throws -> [StoreCopyCount] {
    try write(rows, into: .sqlite(database))
  }

  package func write(_ rows: Rows, into connection: PostgresConnection, user: String) throws -> [StoreCopyCount] {
    try write(rows, into: .postgres(connection, user: user))
  }

  /// Every row the copy carries out of `store`.
  func rows(in store: CopyConnection) throws -> Rows {
    var rows = Rows()
    rows.directory = try directory(in: store)
    rows.people = try store.query("SELECT \(PersonRow.columns) FROM person ORDER BY position, id").map {
      PersonRow(stored: $0)
    }
    rows.edits = try store.query("SELECT \(EditRow.columns(in: store)) FROM person_edit ORDER BY person_id").map {
      EditRow(stored: $0, named: store.isShared)
    }
    rows.tombstones = try store.query("SELECT \(TombstoneRow.columns(in: store)) FROM person_tombstone ORDER BY id")
      .map { TombstoneRow(stored: $0, named: store.isShared) }
    return rows
  }

  /// Writes `rows` into `store`: the directory's seed, the deletions, the users, then their edits.
  func write(_ rows: Rows, into store: CopyConnection) throws -> [StoreCopyCount] {
    var directory = StoreCopyCount(.people(.copiedDirectory), updated: 0)
    if let copied = rows.directory {
      let stored = try self.directory(in: store)
      directory.count(stored: stored, copied: copied)
      if stored != copied {
        try store.query(
          """
          INSERT INTO people_directory (id, seed, fetched_at) VALUES (1, ?, ?)
          ON CONFLICT (id) DO UPDATE SET seed = excluded.seed, fetched_at = excluded.fetched_at
          """,
          [copied.seed, copied.fetchedAt]
        )
      }
    }
    let tombstones = try write(rows.tombstones, into: store)
    let people = try write(rows.people, into: store)
    let edits = try write(rows.edits, into: store)
    return [directory, people, edits, tombstones]
  }

  /// The directory's seed and last fetch in `store`, if it ever fetched.
  private func directory(in store: CopyConnection) throws -> DirectoryRow? {
    try store.query("SELECT seed, fetched_at FROM people_directory WHERE id = 1").first.map { DirectoryRow(stored: $0) }
  }

  /// Writes the deletions `store` lacks, each removing its user and their edits there.
  private func write(_ tombstones: [TombstoneRow], into store: CopyConnection) throws -> StoreCopyCount {
    var count = StoreCopyCount(.people(.copiedDeletions))
    for tombstone in tombstones {
      let known = try !store.query("SELECT 1 FROM person_tombstone WHERE id = ?", [tombstone.id]).isEmpty
      if known {
        count.unchanged += 1
        continue
      }
      if case .postgres(_, let user) = store {
        try store.query(
          "INSERT INTO person_tombstone (id, deleted_at, deleted_by) VALUES (?, ?, ?)",
          [tombstone.id, tombstone.deletedAt, tombstone.deletedBy ?? user]
        )
      } else {
        try store.query(
          "INSERT INTO person_tombstone (id, deleted_at) VALUES (?, ?)",
          [tombstone.id, tombstone.deletedAt]
        )
      }
      try store.query("DELETE FROM person_edit WHERE person_id = ?", [tombstone.id])
      try store.query("DELETE FROM person WHERE id = ?", [tombstone.id])
      count.added += 1
    }
    return count
  }

  /// Writes the users: the source's values win, a new user comes after the target's own, a deleted one stays out.
  private func write(_ people: [PersonRow], into store: CopyConnection) throws -> StoreCopyCount {
    var count = StoreCopyCount(.people(.copiedUsers), updated: 0)
    let deleted = Set(try store.query("SELECT id FROM person_tombstone").compactMap { $0.string(0) })
    let hadUsers = try store.query("SELECT count(*) FROM person").first?.int(0) ?? 0 > 0
    var next = try store.query("SELECT coalesce(max(position), -1) + 1 FROM person").first?.int(0) ?? 0
    for person in people where !deleted.contains(person.id) {
      var stored = try store.query("SELECT \(PersonRow.columns) FROM person WHERE id = ?", [person.id]).first.map {
        PersonRow(stored: $0)
      }
      // The target's order stays the target's.
      stored?.position = person.position
      count.count(stored: stored, copied: person)
      guard stored != person else { continue }
      var values = person.values
      if stored == nil {
        values[1] = hadUsers ? next : person.position
        next += 1
      }
      try store.query(
        """
        INSERT INTO person (\(PersonRow.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET seed = excluded.seed, first_name = excluded.first_name,
          last_name = excluded.last_name, city = excluded.city, country = excluded.country, email = excluded.email,
          phone = excluded.phone, birth_date = excluded.birth_date, latitude = excluded.latitude,
          longitude = excluded.longitude, picture_large = excluded.picture_large,
          picture_medium = excluded.picture_medium, picture_thumbnail = excluded.picture_thumbnail,
          fetched_at = excluded.fetched_at
        """,
        values
      )
    }
    return count
  }

  /// Writes the edits as the source has them (of users the target has: not of one it deleted).
  private func write(_ edits: [EditRow], into store: CopyConnection) throws -> StoreCopyCount {
    var count = StoreCopyCount(.people(.copiedEdits), updated: 0)
    let columns = EditRow.columns(in: store)
    for edit in edits {
      guard try !store.query("SELECT 1 FROM person WHERE id = ?", [edit.personId]).isEmpty else { continue }
      var copied = edit
      if case .postgres(_, let user) = store { copied.editedBy = edit.editedBy ?? user } else { copied.editedBy = nil }
      let stored = try store.query("SELECT \(columns) FROM person_edit WHERE person_id = ?", [edit.personId]).first
        .map { EditRow(stored: $0, named: store.isShared) }
      count.count(stored: stored, copied: copied)
      guard stored != copied else { continue }
      try store.query("DELETE FROM person_edit WHERE person_id = ?", [edit.personId])
      let values = store.isShared ? copied.values + [copied.editedBy] : copied.values
      let parameters = Array(repeating: "?", count: values.count).joined(separator: ", ")
      try store.query("INSERT INTO person_edit (\(columns)) VALUES (\(parameters))", values)
    }
    return count
  }
}
