import BeaconCore
import Foundation

/// What the places service needs of the PostgreSQL store: the shared cache (``cachedResponse(key:)``), offline
/// searches judged by the same filters as on SQLite, the user's favourites, and the user's search settings.
extension PostgresStore: PlacesStore {
  /// A server store is never read-only: a write the server refuses fails as that request's error.
  package nonisolated var isReadOnly: Bool { false }

  /// Summaries of the `places` that pass `filters` (``PlaceFilters/judge(_:facts:ratings:defaultTimeZone:at:)``,
  /// the SQLite store's rule: facts from each place's details, `minRating` against the user's own average, as the
  /// contract says), with the count of those left out for lack of data.
  package func filteredSummaries(
    of places: [Place],
    filters: PlaceFilters,
    center: Coordinate?,
    at date: Date
  ) throws(BeaconError) -> FilteredPlaces {
    guard !filters.isEmpty else {
      return FilteredPlaces(places: try summaries(of: places, center: center, at: date), excludedUnknown: nil)
    }
    let ratings = filters.minRating == nil ? [:] : try ownRatingSummaries(for: places.map(\.id))
    let (kept, counts) = filters.judge(
      places,
      facts: \.resolvedFacts,
      ratings: ratings,
      defaultTimeZone: defaultTimeZone,
      at: date
    )
    return FilteredPlaces(places: try summaries(of: kept, center: center, at: date), excludedUnknown: counts)
  }

  /// What an offline search finds: the stored places around the centre (PostGIS), judged by the search's filters.
  /// Sorted by distance without `openNow` or filters, only the nearest are read
  /// (``nearest(_:to:radiusMeters:category:text:filters:)``: the `limit` nearest and every place as near in whole
  /// metres as the last of them, since the list's order breaks such ties by name). Filters without opening times
  /// are decided in SQL (``decidedSummaries(for:at:)``); with opening times, the places no fact rules out are read
  /// and judged here.
  package func storedSummaries(for search: PlaceSearch, at date: Date) throws(BeaconError) -> FilteredPlaces {
    if let decided = try decidedSummaries(for: search, at: date) { return decided }
    let found =
      search.sort == .distance && !search.openNow && search.filters.isEmpty
      ? try nearest(
        search.limit,
        to: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text
      )
      : try offlinePlaces(
        near: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text,
        limit: nil,
        filters: search.filters,
        keeping: .notFailing
      )
    return try filteredSummaries(of: found, filters: search.filters, center: search.center, at: date)
  }

  /// "No results": the server holds no demo data nor an imported area to point to.
  package func emptyOfflineMessage(for search: PlaceSearch) throws(BeaconError) -> LocalizedMessage { .noResults }

  /// The user's favourites of the query's category whose name, address or cuisine contain every word of its text
  /// (word prefixes, as in searches), within `radiusMeters` of its centre when given, judged by its filters,
  /// with `openNow` only those open at `date`, in the query's order.
  package func filteredFavorites(
    _ query: PlaceQuery,
    within radiusMeters: Int? = nil,
    at date: Date = Date()
  ) throws(BeaconError) -> FilteredPlaces {
    let words = SearchWords.isBlank(query.text) ? nil : PostgresTextSearch.words(query.text ?? "")
    var places = try favoritePlaces().filter { place in
      guard query.category.map({ $0 == place.category }) ?? true else { return false }
      guard let words else { return true }
      let placeWords = PostgresTextSearch.words(PostgresTextSearch.searchText(of: place))
      return PostgresTextSearch.matches(placeWords, words: words)
    }
    if let radiusMeters, let center = query.center {
      places = places.filter { $0.location.distance(to: center).rounded() <= Double(radiusMeters) }
    }
    var result = try filteredSummaries(of: places, filters: query.filters, center: query.center, at: date)
    if query.openNow { result.places = result.places.filter { $0.openNow == true } }
    result.places = query.sort.sorted(result.places, reach: radiusMeters ?? query.reachMeters)
    return result
  }

  /// The user's settings and whether the user stored a centre.
  package func settingsForSearch() throws(BeaconError) -> (settings: Settings, hasStoredCenter: Bool) {
    let stored = try run {
      try connection.query("SELECT 1 FROM setting WHERE user_name = $1 AND key = 'center'", [user])
    }
    return (try settings(), !stored.isEmpty)
  }

  /// The centre searches and the favourites list use when the request names none: the user's stored centre; else
  /// the centre of the team's latest import (``teamImportedArea()``); else the default centre (Oslo S). The server
  /// holds no demo data, so `includesDemo` and `searchesOffline` change nothing.
  package func defaultCenter(searchesOffline: Bool, includesDemo: Bool = false) throws(BeaconError) -> DefaultCenter {
    let (settings, hasStoredCenter) = try settingsForSearch()
    if !hasStoredCenter, let area = try teamImportedArea() {
      return DefaultCenter(center: area.center, source: "imported")
    }
    return DefaultCenter(center: settings.center, source: "settings")
  }

  /// Where the team's latest import lies, or `nil` when nothing was ever imported into the server.
  package func teamImportedArea() throws(BeaconError) -> ImportedArea? {
    try run { try connection.query("SELECT latitude, longitude, places FROM imported_area WHERE id = 1") }.first
      .flatMap { row in
        guard let lat = row.double(0), let lon = row.double(1) else { return nil }
        let center = Coordinate(lat: lat, lon: lon)
        return center.isValid ? ImportedArea(center: center, places: row.int(2) ?? 0) : nil
      }
  }
}
