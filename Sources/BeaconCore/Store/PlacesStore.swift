import Foundation

/// What the places service (``PlacesService``) needs of a store, whichever backend holds it: the cache of upstream
/// answers, the stored places searched offline and summarized for lists, and the user's search settings.
///
/// ``Store`` (SQLite) and the PostgreSQL store both provide it, so live searches, details, autocomplete and the
/// stale fallback run through the same code on both.
package protocol PlacesStore: UserDataStore {
  /// Whether writes are refused (a write-protected SQLite file); the cache and the places learned are then not kept.
  nonisolated var isReadOnly: Bool { get }
  /// The zone opening hours are read in for places that have no zone of their own.
  nonisolated var defaultTimeZone: TimeZone { get }

  /// The cached answer for `key`, if any (fresh or not).
  func cachedResponse(key: String) async throws(BeaconError) -> CachedResponse?
  /// Keeps `body` as the answer for `key` received at `date`, pruning answers older than
  /// ``Store/cacheRetention``.
  func cacheResponse(key: String, body: [UInt8], at date: Date) async throws(BeaconError)
  /// The cached answers with keys in `keys` whose body contains `text`, newest first, at most `limit`.
  func cachedBodies(keys: Range<String>, containing text: String, limit: Int) async throws(BeaconError) -> [[UInt8]]

  /// Summaries of `places` for lists: rating summary, favourite mark, distance from `center`, opening status at
  /// `date`.
  func summaries(of places: [Place], center: Coordinate?, at date: Date) async throws(BeaconError) -> [PlaceSummary]
  /// Summaries of the `places` that pass `filters`, with the count of those left out for lack of data.
  func filteredSummaries(
    of places: [Place],
    filters: PlaceFilters,
    center: Coordinate?,
    at date: Date
  ) async throws(BeaconError) -> FilteredPlaces
  /// What an offline search finds in the stored places, summarized and judged by its filters.
  func storedSummaries(for search: PlaceSearch, at date: Date) async throws(BeaconError) -> FilteredPlaces
  /// Why an offline search of all places found nothing: no results, or no stored data around the centre.
  func emptyOfflineMessage(for search: PlaceSearch) async throws(BeaconError) -> LocalizedMessage
  /// The favourites that match `query`, within `radiusMeters` of its centre when given, filtered and sorted.
  func filteredFavorites(
    _ query: PlaceQuery,
    within radiusMeters: Int?,
    at date: Date
  ) async throws(BeaconError) -> FilteredPlaces
  /// The stored places along a route (``RouteSearch``), summarized with where they lie along it.
  func routeSummaries(for search: RouteSearch, at date: Date) async throws(BeaconError) -> FilteredPlaces

  /// The settings and whether the centre among them was stored by the user (not the default).
  func settingsForSearch() async throws(BeaconError) -> (settings: Settings, hasStoredCenter: Bool)
  /// The centre a search or list uses when the request names none, and where it came from.
  func defaultCenter(searchesOffline: Bool, includesDemo: Bool) async throws(BeaconError) -> DefaultCenter
}

extension Store: PlacesStore {
  /// ``noResults``, or, when no stored place at all lies within the search's radius, where offline data exists:
  /// the user's imported area (the demo data left out since the import) or the demo data's.
  package func emptyOfflineMessage(for search: PlaceSearch) throws(BeaconError) -> LocalizedMessage {
    let excludingDemo = try excludesDemo(unlessAsked: search.includesDemo)
    let nothingHere = try places(
      near: search.center,
      radiusMeters: search.radiusMeters,
      category: nil,
      text: nil,
      excludingDemo: excludingDemo
    ).isEmpty
    guard nothingHere else { return .noResults }
    // The user's own data is elsewhere; the demo data is left out since their import.
    if excludingDemo { return .noImportedDataHere }
    return .noOfflineDataHere(area: DemoDataset.areaName(in: search.language))
  }
}
