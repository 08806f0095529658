import BeaconCore
import BeaconPostgres

extension PeopleCopier {
  /// The directory's seed and the time of its last fetch, as stored.
  package struct DirectoryRow: Sendable, Equatable {
    package var seed: String
    package var fetchedAt: Double?

    /// The row of `seed, fetched_at`.
    init(stored row: some StoredColumns) {
      seed = row.string(0) ?? ""
      fetchedAt = row.double(1)
    }
  }

  /// A user of the directory as stored (randomuser.me's data, never the edits).
  package struct PersonRow: Sendable, Equatable {
    package var id: String
    package var position: Int
    package var seed: String
    package var firstName: String
    package var lastName: String
    package var city: String
    package var country: String
    package var email: String
    package var phone: String
    package var birthDate: String?
    package var latitude: Double?
    package var longitude: Double?
    package var pictureLarge: String
    package var pictureMedium: String
    package var pictureThumbnail: String
    package var fetchedAt: Double

    /// The columns both stores have, in one order.
    static let columns = """
      id, position, seed, first_name, last_name, city, country, email, phone, birth_date, latitude, longitude, \
      picture_large, picture_medium, picture_thumbnail, fetched_at
      """

    /// The user in a row of ``columns``.
    init(stored row: some StoredColumns) {
      id = row.string(0) ?? ""
      position = row.int(1) ?? 0
      seed = row.string(2) ?? ""
      firstName = row.string(3) ?? ""
      lastName = row.string(4) ?? ""
      city = row.string(5) ?? ""
      country = row.string(6) ?? ""
      email = row.string(7) ?? ""
      phone = row.string(8) ?? ""
      birthDate = row.string(9)
      latitude = row.double(10)
      longitude = row.double(11)
      pictureLarge = row.string(12) ?? ""
      pictureMedium = row.string(13) ?? ""
      pictureThumbnail = row.string(14) ?? ""
      fetchedAt = row.double(15) ?? 0
    }

    /// The values in the order of ``columns``.
    var values: [(any CopyBindable)?] {
      [
        id, position, seed, firstName, lastName, city, country, email, phone, birthDate, latitude, longitude,
        pictureLarge, pictureMedium, pictureThumbnail, fetchedAt,
      ]
    }
  }

  /// An edit of a user as stored: the user's values (`nil` where the API's data shows), when, and on a team's store
  /// who made it.
  package struct EditRow: Sendable, Equatable {
    package var personId: String
    package var firstName: String?
    package var lastName: String?
    package var city: String?
    package var email: String?
    package var phone: String?
    package var birthDate: String?
    package var editedAt: Double
    /// Who made the edit; `nil` from a SQLite store.
    package var editedBy: String?

    /// The columns of an edit in `store`: a team's store's also say who made it.
    static func columns(in store: CopyConnection) -> String {
      "person_id, first_name, last_name, city, email, phone, birth_date, edited_at"
        + (store.isShared ? ", edited_by" : "")
    }

    /// The edit in a row of ``columns(in:)``, which says who made it when `named`.
    init(stored row: some StoredColumns, named: Bool) {
      personId = row.string(0) ?? ""
      firstName = row.string(1)
      lastName = row.string(2)
      city = row.string(3)
      email = row.string(4)
      phone = row.string(5)
      birthDate = row.string(6)
      editedAt = row.double(7) ?? 0
      editedBy = named ? row.string(8) : nil
    }

    /// The values in the order of ``columns(in:)`` on a SQLite store.
    var values: [(any CopyBindable)?] { [personId, firstName, lastName, city, email, phone, birthDate, editedAt] }
  }

  /// A deleted user's id as stored: when, and on a team's store who deleted it.
  package struct TombstoneRow: Sendable, Equatable {
    package var id: String
    package var deletedAt: Double
    /// Who deleted the user; `nil` from a SQLite store.
    package var deletedBy: String?

    /// The columns of a deletion in `store`: a team's store's also say who made it.
    static func columns(in store: CopyConnection) -> String {
      "id, deleted_at" + (store.isShared ? ", deleted_by" : "")
    }

    /// The deletion in a row of ``columns(in:)``, which says who made it when `named`.
    init(stored row: some StoredColumns, named: Bool) {
      id = row.string(0) ?? ""
      deletedAt = row.double(1) ?? 0
      deletedBy = named ? row.string(2) : nil
    }
  }
}
