import Foundation

/// Finds places and their details through Geoapify, with the store as cache, memory and fallback.
///
/// Every place that passes through is written to the store, so ratings and favourites can refer to it
/// and it can be found offline later. Answers are cached by request with a time to live; when Geoapify
/// cannot be reached, a cached answer comes back marked `stale` instead of an error.
package final class PlacesService: Sendable {
  /// How long answers stay fresh.
  package struct TimeToLive: Sendable {
    package var places: TimeInterval = 24 * 3600
    package var details: TimeInterval = 7 * 24 * 3600
    package var autocomplete: TimeInterval = 3600
    package var ipLocation: TimeInterval = 3600
    package init() {}
  }

  /// The credit line for Geoapify's OSM-based data.
  package static let attribution = "Powered by Geoapify | © OpenStreetMap contributors (ODbL)"
  /// The credit line for stored OpenStreetMap data (imports and the demo data).
  package static let offlineAttribution = "© OpenStreetMap contributors (ODbL)"

  /// The credit line of an answer from `source`: Geoapify's, or the stored data's when `offline`.
  package static func attribution(of source: DataSource) -> String {
    source == .offline ? offlineAttribution : attribution
  }

  /// The store the service caches in and learns places into (SQLite or PostgreSQL).
  let store: any PlacesStore
  let client: GeoapifyClient
  let offline: Bool
  let ttl: TimeToLive
  /// The clock, its times in the form the store gives them back (seconds since 1970 as a double): a live answer's
  /// `fetchedAt` is then the cached answer's to the bit, and both are written as the same millisecond.
  let now: @Sendable () -> Date

  /// Creates a service.
  package init(
    store: any PlacesStore,
    client: GeoapifyClient,
    offline: Bool = false,
    ttl: TimeToLive = TimeToLive(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.client = client
    self.offline = offline
    self.ttl = ttl
    self.now = { Date(timeIntervalSince1970: now().timeIntervalSince1970) }
  }

  /// A decoded upstream answer with where it came from.
  struct Fetched<Value> {
    var value: Value
    var source: DataSource
    var stale: Bool
    var fetchedAt: Date
  }

  /// Fetches through the cache: fresh cache, else Geoapify, else (when the network failed) stale cache.
  ///
  /// Only answers that `decode` accepts are cached: an unusable answer (invalid JSON, no `features`) is an
  /// outage like a 5xx, so it neither replaces a good cached answer nor hides it.
  func fetch<Value>(
    path: String,
    query: [(String, String)],
    ttl: TimeInterval,
    refresh: Bool,
    decode: ([UInt8]) throws(BeaconError) -> Value
  ) async throws(BeaconError)
    -> Fetched<Value>
  {
    let key = GeoapifyClient.requestKey(path: path, query: query)
    let cached: (value: Value, fetchedAt: Date)? = try await store.cachedResponse(key: key).flatMap { cached in
      (try? decode(cached.body)).map { ($0, cached.fetchedAt) }
    }
    let time = now()
    if let cached, !refresh || offline, time.timeIntervalSince(cached.fetchedAt) < ttl {
      return Fetched(value: cached.value, source: .cache, stale: false, fetchedAt: cached.fetchedAt)
    }
    if offline {
      if let cached { return Fetched(value: cached.value, source: .cache, stale: true, fetchedAt: cached.fetchedAt) }
      throw .upstream(.geoapify, .unavailable(reason: "offline"))
    }
    do {
      let body = try await client.get(path: path, query: query)
      let value = try decode(body)
      try await store.cacheResponse(key: key, body: body, at: time)
      return Fetched(value: value, source: .live, stale: false, fetchedAt: time)
    } catch {
      if error.allowsStaleFallback, let cached {
        return Fetched(value: cached.value, source: .cache, stale: true, fetchedAt: cached.fetchedAt)
      }
      throw error
    }
  }

  // MARK: - Search

  /// How many places to ask Geoapify for when only open ones are wanted: more than `limit`, so that `limit`
  /// open places are likely among them (5 × `limit`, at least 20, at most 100).
  static func openNowCandidates(limit: Int) -> Int {
    min(100, max(20, limit * 5))
  }

  /// Runs a search; with `openNow` or filters, only places that pass count, and `limit` counts those.
  package func search(_ search: PlaceSearch) async throws(BeaconError) -> PlaceSearchResult {
    var places: [PlaceSummary]
    var excludedUnknown: [String: Int]?
    var source = DataSource.offline
    var stale = false
    let time = now()
    var fetchedAt = time
    var fallbackMessage: String?
    var notice: String?
    switch search.scope {
    case .favorites:
      let query = PlaceQuery(
        text: search.text,
        category: search.category,
        sort: search.sort,
        center: search.center,
        filters: search.filters,
        reachMeters: search.radiusMeters
      )
      let found = try await store.filteredFavorites(query, within: search.radiusMeters, at: time)
      places = found.places
      excludedUnknown = found.excludedUnknown
    case .all:
      if searchesOffline {
        let stored = try await storedPlaces(for: search, at: time)
        (places, excludedUnknown) = (stored.places, stored.excludedUnknown)
        if !client.hasAPIKey && !offline { notice = LocalizedMessage.offlineWithoutKey.text(in: search.language) }
        break
      }
      do {
        let live = try await liveSearch(search, at: time)
        (places, excludedUnknown) = (live.found.places, live.found.excludedUnknown)
        source = live.source
        stale = live.stale
        fetchedAt = live.fetchedAt
      } catch {
        // Geoapify failed and nothing was cached for this query: the places the store knows around the
        // point are better than an error, when there are any.
        guard error.allowsStaleFallback else { throw error }
        let stored = try await storedPlaces(for: search, at: time)
        (places, excludedUnknown) = (stored.places, stored.excludedUnknown)
        guard !places.isEmpty else { throw error }
        stale = true
        fallbackMessage = LocalizedMessage.showingStoredPlaces.text(in: search.language)
      }
    }
    let foundAny = !places.isEmpty
    places = search.answer(places)
    var lead = try await emptyMessage(for: search, empty: places.isEmpty, source: source) ?? fallbackMessage
    if places.isEmpty, foundAny { lead = LocalizedMessage.noneOpenNow.text(in: search.language) }
    var result = PlaceSearchResult(
      places,
      of: search,
      source: source,
      stale: stale,
      fetchedAt: fetchedAt,
      message: Sentences.join([lead, notice])
    )
    result.excludedUnknown = excludedUnknown
    return result
  }

  /// Whether searches run on the store only: `--offline`, or no key to ask Geoapify with.
  package var searchesOffline: Bool { offline || !client.hasAPIKey }

  /// "Ingen treff", or, for an offline search with no stored place at all within the radius, where
  /// offline data exists.
  private func emptyMessage(
    for search: PlaceSearch,
    empty: Bool,
    source: DataSource
  ) async throws(BeaconError)
    -> String?
  {
    guard empty else { return nil }
    guard source == .offline, search.scope == .all else { return LocalizedMessage.noResults.text(in: search.language) }
    return try await store.emptyOfflineMessage(for: search).text(in: search.language)
  }

  /// The stored places a search finds without the network (spatial and full-text indexes), the demo data
  /// loaded first if the store does not have it yet.
  private func storedPlaces(for search: PlaceSearch, at time: Date) async throws(BeaconError) -> FilteredPlaces {
    try await store.storedSummaries(for: search, at: time)
  }

  // MARK: - Details

  /// The details of a place: from Geoapify (cached 7 days), else from what the store knows.
  package func details(
    id: String,
    refresh: Bool = false,
    language: Language = .nb
  ) async throws(BeaconError)
    -> PlaceDetailsResult
  {
    let known = try await store.place(id: id)
    var place = known
    var source = DataSource.offline
    var stale = false
    let time = now()
    var fetchedAt = known?.fetchedAt ?? time
    // Imported and demo places (`osm:…` ids) are not Geoapify's to describe: the store has it all.
    let asksGeoapify = known.map { $0.source == "geoapify" } ?? !id.hasPrefix("osm:")
    do throws(BeaconError) {
      guard asksGeoapify else { throw BeaconError.notFound(.place(id)) }
      // The category known for the id, for details that name none and whose OSM tags say nothing either.
      var requested = known?.category
      if requested == nil { requested = try await suggestedCategory(of: id) }
      let fetched = try await fetch(
        path: "/v2/place-details",
        query: [("id", id), ("features", "details"), ("lang", language.rawValue)],
        ttl: ttl.details,
        refresh: refresh
      ) { (body) throws(BeaconError) in try GeoapifyDecoding.details(from: body, requested: requested) }
      if var fresh = fetched.value {
        fresh.fetchedAt = fetched.fetchedAt
        if !store.isReadOnly { try await store.upsert([fresh], replacing: true) }
        place = fresh
        source = fetched.source
        stale = fetched.stale
        fetchedAt = fetched.fetchedAt
      }
    } catch {
      guard known != nil else {
        // Offline, without a key, or refused by Geoapify: a place never seen is simply not found.
        if case .upstream(_, .rejected) = error { throw .notFound(.place(id)) }
        if searchesOffline || !asksGeoapify { throw .notFound(.place(id)) }
        throw error
      }
      // What the store knows is better than an error, as long as it knows the place.
      switch error {
      case .notFound(.place), .missingAPIKey, .upstream(_, .rejected): break  // The stored copy is the answer.
      case _ where error.allowsStaleFallback: stale = true
      default: throw error
      }
    }
    guard let place else { throw .notFound(.place(id)) }
    let summary = try await store.summaries(of: [place], center: nil, at: time).first
    return PlaceDetailsResult(
      place: PlaceDetails(
        place: place,
        rating: summary?.rating,
        isFavorite: summary?.isFavorite ?? false,
        at: time,
        defaultTimeZone: store.defaultTimeZone
      ),
      source: source,
      stale: stale,
      fetchedAt: fetchedAt,
      attribution: Self.attribution(of: source)
    )
  }

  /// The category the cached autocomplete answers give `id` (ids from `places/autocomplete` are the usual
  /// way to a place search never returned).
  private func suggestedCategory(of id: String) async throws(BeaconError) -> PlaceCategory? {
    let path = "/v1/geocode/autocomplete"
    let keys = (path + "?")..<(path + "@")  // Every key of the path: `?` then the sorted query.
    for body in try await store.cachedBodies(keys: keys, containing: id, limit: 5) {
      if let category = GeoapifyDecoding.suggestedCategory(of: id, in: body) { return category }
    }
    return nil
  }

  // MARK: - Autocomplete and IP location

  /// Suggestions for what the user has typed so far.
  package func autocomplete(
    text: String,
    center: Coordinate?,
    limit: Int,
    language: Language
  ) async throws(BeaconError)
    -> [Suggestion]
  {
    var query: [(String, String)] = [("text", text), ("limit", String(limit)), ("lang", language.rawValue)]
    if let center { query.append(("bias", "proximity:\(center.lon),\(center.lat)")) }
    let fetched = try await fetch(
      path: "/v1/geocode/autocomplete",
      query: query,
      ttl: ttl.autocomplete,
      refresh: false,
      decode: GeoapifyDecoding.suggestions(from:)
    )
    return fetched.value
  }

  /// The user's approximate position from Geoapify's IP geolocation.
  package func locateByIP() async throws(BeaconError) -> (location: Coordinate, city: String?) {
    let fetched = try await fetch(
      path: "/v1/ipinfo",
      query: [],
      ttl: ttl.ipLocation,
      refresh: false,
      decode: GeoapifyDecoding.ipLocation(from:)
    )
    return fetched.value
  }
}
