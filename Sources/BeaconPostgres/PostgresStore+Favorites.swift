import BeaconCore
import Foundation

extension PostgresStore {
  package func addFavorite(
    placeId: String,
    at date: Date = Date()
  ) throws(BeaconError) -> (favorite: PlaceSummary, added: Bool) {
    let added = try run {
      try connection.transaction {
        try requirePlace(placeId)
        return try !connection.query(
          """
          INSERT INTO favorite (user_name, place_id, added_at) VALUES ($1, $2, $3)
          ON CONFLICT DO NOTHING RETURNING 1
          """,
          [user, placeId, date]
        ).isEmpty
      }
    }
    guard let place = try place(id: placeId), let summary = try summaries(of: [place], center: nil, at: date).first
    else {
      throw .notFound(.place(placeId))
    }
    return (summary, added)
  }

  package func removeFavorite(placeId: String) throws(BeaconError) -> Bool {
    try run {
      try !connection.query(
        "DELETE FROM favorite WHERE user_name = $1 AND place_id = $2 RETURNING 1",
        [user, placeId]
      ).isEmpty
    }
  }

  /// The user's favourite places, in no particular order.
  package func favoritePlaces() throws(BeaconError) -> [Place] {
    let columns = Self.placeColumns.split(separator: ", ").map { "p.\($0)" }.joined(separator: ", ")
    return try run {
      try connection.query(
        "SELECT \(columns) FROM favorite f JOIN place p ON p.id = f.place_id WHERE f.user_name = $1",
        [user]
      )
    }
    .compactMap(Self.place(from:))
  }

  package func favoriteIDs(among ids: [String]) throws(BeaconError) -> Set<String> {
    guard !ids.isEmpty else { return [] }
    let rows = try run {
      try connection.query(
        "SELECT place_id FROM favorite WHERE user_name = $1 AND place_id = ANY($2::text[])",
        [user, PostgresArray(ids)]
      )
    }
    return Set(rows.compactMap { $0.string(0) })
  }

  /// Summaries of `places` for lists: the team's rating summary, the user's favourite mark, distance from
  /// `center`, and whether each is open at `date` in its own time zone.
  package func summaries(
    of places: [Place],
    center: Coordinate?,
    at date: Date = Date()
  ) throws(BeaconError) -> [PlaceSummary] {
    let ids = places.map(\.id)
    let ratings = try ratingSummaries(for: ids)
    let favorites = try favoriteIDs(among: ids)
    return places.map { place in
      place.summary(
        center: center,
        rating: ratings[place.id],
        isFavorite: favorites.contains(place.id),
        at: date,
        defaultTimeZone: defaultTimeZone,
        facts: place.resolvedFacts
      )
    }
  }
}
