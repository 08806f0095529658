import Foundation

/// A stored row's columns by position, as the SQLite and PostgreSQL stores both read them.
package protocol StoredColumns {
  /// The column at `index` as text, or `nil` for NULL.
  func string(_ index: Int) -> String?
  /// The column at `index` as a number, or `nil` for NULL or text that is none.
  func double(_ index: Int) -> Double?
  /// The column at `index` as an integer, or `nil` for NULL or anything else.
  func int(_ index: Int) -> Int?
}

extension Row: StoredColumns {}

extension Place {
  /// The place in `row`, whose columns are, in order: id, name, category, latitude, longitude, address, cuisine,
  /// details, source, fetched_at, opening_hours, time_zone; `nil` when a required column is missing.
  package init?(stored row: some StoredColumns) {
    guard let id = row.string(0), let name = row.string(1),
      let category = row.string(2).flatMap({ PlaceCategory(name: $0) }),
      let lat = row.double(3), let lon = row.double(4)
    else { return nil }
    self.init(
      id: id,
      name: name,
      category: category,
      location: Coordinate(lat: lat, lon: lon),
      address: row.string(5),
      cuisine: row.string(6),
      detailsJSON: row.string(7),
      openingHours: row.string(10),
      timeZone: row.string(11),
      source: row.string(8) ?? "unknown",
      fetchedAt: Date(timeIntervalSince1970: row.double(9) ?? 0)
    )
  }

  /// The place's summary for lists, with the user's `rating` and favourite mark, its distance from `center` and
  /// whether it is open at `date` (in its own time zone, else `defaultTimeZone`).
  package func summary(
    center: Coordinate?,
    rating: RatingSummary?,
    isFavorite: Bool,
    at date: Date,
    defaultTimeZone: TimeZone,
    facts: PlaceFacts?
  ) -> PlaceSummary {
    PlaceSummary(
      id: id,
      name: name,
      category: category,
      location: location,
      address: address,
      distanceMeters: center.map { Int(location.distance(to: $0).rounded()) },
      rating: rating,
      isFavorite: isFavorite,
      source: source,
      hours: openingStatus(at: date, defaultTimeZone: defaultTimeZone),
      facts: facts
    )
  }
}
