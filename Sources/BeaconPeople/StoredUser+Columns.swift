import BeaconCore

extension StoredUser {
  /// The columns a stored user is read from, the same on both stores: `person p` joined with its `person_edit e`
  /// (``init(stored:)`` reads them in this order).
  static let columns = """
    p.id, p.first_name, p.last_name, p.city, p.country, p.email, p.phone, p.birth_date, p.latitude, p.longitude,
    p.picture_large, p.picture_medium, p.picture_thumbnail,
    e.person_id, e.first_name, e.last_name, e.city, e.email, e.phone, e.birth_date
    """

  /// The user in a row of ``columns`` (from a SQLite or a PostgreSQL store); `nil` when the id is missing.
  init?(stored row: some StoredColumns) {
    guard let id = row.string(0) else { return nil }
    let location = row.double(8).flatMap { lat in row.double(9).map { Coordinate(lat: lat, lon: $0) } }
    let record = UserRecord(
      id: id,
      firstName: row.string(1) ?? "",
      lastName: row.string(2) ?? "",
      city: row.string(3) ?? "",
      country: row.string(4) ?? "",
      email: row.string(5) ?? "",
      phone: row.string(6) ?? "",
      birthDate: row.string(7).flatMap(CivilDate.init(parsing:)),
      picture: UserPicture(large: row.string(10) ?? "", medium: row.string(11) ?? "", thumbnail: row.string(12) ?? ""),
      location: location
    )
    let edits: UserEdits? =
      row.string(13) == nil
      ? nil
      : UserEdits(
        firstName: row.string(14),
        lastName: row.string(15),
        city: row.string(16),
        email: row.string(17),
        phone: row.string(18),
        birthDate: row.string(19).flatMap(CivilDate.init(parsing:))
      )
    self.init(record: record, edits: edits)
  }
}
