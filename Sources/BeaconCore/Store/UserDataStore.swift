import Foundation

/// What a user keeps in a store, whichever backend holds it: places, ratings, favourites and settings.
///
/// ``Store`` (one SQLite file, one user) and the PostgreSQL store (one server, many users) both provide it, and one
/// test suite checks both. On a shared store, ratings keep their author: ``ratingSummaries(for:)`` is everyone's,
/// ``ownRatingSummaries(for:)`` the connection's user's alone; favourites and settings are the user's. On a SQLite
/// store every rating is the user's own, so the two summaries agree.
package protocol UserDataStore: Actor {
  /// Inserts or replaces places, keeping their ratings and favourite marks; with `replacing: false`, places the
  /// store already has are left as they are.
  func upsert(_ places: [Place], replacing: Bool) async throws(BeaconError)
  /// The stored place with `id`, if any.
  func place(id: String) async throws(BeaconError) -> Place?
  /// The stored places of `category` within `radiusMeters` of `center` whose name, address or cuisine contain every
  /// word of `text` (word prefixes; case, accents and apostrophes ignored), nearest first; with `limit`, at most
  /// that many.
  func offlinePlaces(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    limit: Int?
  ) async throws(BeaconError) -> [Place]

  /// Adds ratings in one transaction; each comes back with the place's summary right after it, or its error.
  func addRatings(_ ratings: [NewRating], at date: Date) async -> [Result<AddedRating, BeaconError>]
  /// A place's ratings, newest first, a page at a time, with the summary of all of them.
  func ratings(
    placeId: String,
    limit: Int?,
    cursor: String?
  ) async throws(BeaconError) -> (ratings: [Rating], summary: RatingSummary?, nextCursor: String?)
  /// Everyone's rating summaries for the places in `ids` that have ratings.
  func ratingSummaries(for ids: [String]) async throws(BeaconError) -> [String: RatingSummary]
  /// The user's own rating summaries for the places in `ids` the user rated.
  func ownRatingSummaries(for ids: [String]) async throws(BeaconError) -> [String: RatingSummary]

  /// Marks a place as one of the user's favourites; `added` is `false` when it already was one.
  func addFavorite(placeId: String, at date: Date) async throws(BeaconError) -> (favorite: PlaceSummary, added: Bool)
  /// Removes a place from the user's favourites; `false` when it was not one.
  func removeFavorite(placeId: String) async throws(BeaconError) -> Bool
  /// Which of `ids` are the user's favourites.
  func favoriteIDs(among ids: [String]) async throws(BeaconError) -> Set<String>

  /// The user's settings, with defaults for anything never set.
  func settings() async throws(BeaconError) -> Settings
  /// Validates and applies a partial update to the user's settings, then returns them.
  func updateSettings(_ update: SettingsUpdate) async throws(BeaconError) -> Settings
  /// Restores every one of the user's settings to its default.
  func resetSettings() async throws(BeaconError) -> Settings
}

extension UserDataStore {
  /// Adds one rating; returns it with the place's summary right after it.
  package func addRating(
    placeId: String,
    stars: Int,
    comment: String?
  ) async throws(BeaconError) -> (rating: Rating, summary: RatingSummary) {
    let results = await addRatings([NewRating(placeId: placeId, stars: stars, comment: comment)], at: Date())
    guard let first = results.first else { throw .notFound(.place(placeId)) }
    let added = try first.get()
    return (added.rating, added.summary)
  }
}

extension Store: UserDataStore {
  /// One user per SQLite store: every rating in it is the user's own.
  package func ownRatingSummaries(for ids: [String]) throws(BeaconError) -> [String: RatingSummary] {
    try ratingSummaries(for: ids)
  }

  /// ``places(near:radiusMeters:category:text:excludingDemo:filters:)``, or with `limit`
  /// ``nearest(_:to:within:category:text:excludingDemo:)`` cut to `limit`.
  package func offlinePlaces(
    near center: Coordinate,
    radiusMeters: Int,
    category: PlaceCategory?,
    text: String?,
    limit: Int?
  ) throws(BeaconError) -> [Place] {
    guard let limit else { return try places(near: center, radiusMeters: radiusMeters, category: category, text: text) }
    return Array(try nearest(limit, to: center, within: radiusMeters, category: category, text: text).prefix(limit))
  }
}
