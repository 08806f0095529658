import Foundation

extension PlacesService {
  /// The longest stretch of route one Geoapify query covers.
  static let routeChunkMeters = 10_000.0
  /// How much larger than the corridor a query's rectangle may be before the stretch is cut shorter (a diagonal
  /// route's rectangles are wider than the corridor).
  static let routeChunkWaste = 3.0
  /// The places one Geoapify query along a route asks for.
  static let routePageSize = 100
  /// The most extra pages (`offset`) one live search along a route asks for in all, when the places kept are fewer
  /// than `limit` (see ``searchAlongRoute(_:)``).
  static let maxExtraRoutePages = 4

  /// The places within the corridor of `search`'s route that pass its category and filters, in route order (or
  /// `sort`), each with `alongRouteMeters` and `detourMeters`.
  ///
  /// Offline (or without a key) from the store's spatial index; live from Geoapify, one `filter=rect:` query per
  /// stretch of route (``routeChunkMeters`` at most, shorter where the rectangle would be more than
  /// ``routeChunkWaste`` times the corridor), each through the cache like any search, then only the places
  /// within the corridor kept. When Geoapify cannot be reached, the stored places along the route stand in.
  package func searchAlongRoute(_ search: RouteSearch) async throws(BeaconError) -> RouteSearchResult {
    let time = now()
    var found: FilteredPlaces
    var source = DataSource.offline
    var stale = false
    var fetchedAt = time
    var queries = 0
    var lead: String?
    var notice: String?
    if searchesOffline {
      found = try await store.routeSummaries(for: search, at: time)
      if !client.hasAPIKey && !offline { notice = LocalizedMessage.offlineWithoutKey.text(in: search.language) }
    } else {
      do {
        let live = try await liveRouteSearch(search, at: time)
        (found, source, stale, fetchedAt, queries) = (
          live.answer.found, live.answer.source, live.answer.stale,
          live.answer.fetchedAt, live.queries
        )
      } catch {
        guard error.allowsStaleFallback else { throw error }
        found = try await store.routeSummaries(for: search, at: time)
        guard !found.places.isEmpty else { throw error }
        stale = true
        lead = LocalizedMessage.showingStoredPlaces.text(in: search.language)
      }
    }
    var places = found.places
    let foundAny = !places.isEmpty
    if search.openNow { places = places.filter { $0.openNow == true } }
    places = Array(
      search.sort.sorted(places, reach: search.corridorMeters, distance: \.detourMeters).prefix(search.limit)
    )
    if places.isEmpty {
      lead = (foundAny ? LocalizedMessage.noneOpenNow : LocalizedMessage.noResults).text(in: search.language)
    }
    return RouteSearchResult(
      places: places,
      lengthMeters: Int(search.route.lengthMeters.rounded()),
      corridorMeters: search.corridorMeters,
      category: search.category,
      sort: search.sort,
      source: source,
      stale: stale,
      fetchedAt: fetchedAt,
      attribution: Self.attribution(of: source),
      message: Sentences.join([lead, notice]),
      excludedUnknown: found.excludedUnknown,
      upstreamQueries: queries
    )
  }

  /// Geoapify's query for one stretch of `search`'s route, page `page` (``routePageSize`` places each).
  static func routeQuery(
    for search: RouteSearch,
    chunk: RouteLine.Chunk,
    plan: LiveFilterPlan,
    page: Int = 0
  ) -> [(String, String)] {
    var query: [(String, String)] = [
      ("categories", plan.categories.joined(separator: ",")),
      ("filter", "rect:\(chunk.minLon),\(chunk.minLat),\(chunk.maxLon),\(chunk.maxLat)"),
      ("bias", "proximity:\(chunk.center.lon),\(chunk.center.lat)"),
      ("limit", String(routePageSize)),
      ("lang", search.language.rawValue),
    ]
    if !plan.conditions.isEmpty { query.append(("conditions", plan.conditions.joined(separator: ","))) }
    if page > 0 { query.append(("offset", String(page * routePageSize))) }
    return query
  }

  /// The stretches of `route` one Geoapify query each covers, for a corridor of `corridorMeters`.
  static func routeChunks(_ route: RouteLine, corridorMeters: Int) -> [RouteLine.Chunk] {
    route.chunks(corridorMeters: Double(corridorMeters), maxLength: routeChunkMeters, maxWaste: routeChunkWaste)
  }

  /// Asks Geoapify for every stretch of the route, pushing what it can apply upstream, and keeps the places within
  /// the corridor. While the places kept (within the corridor, passing the filters applied here and `openNow`) are
  /// fewer than `limit`, asks for the next page (`offset`) of a stretch whose last page was full: the stretch read
  /// least so far, earliest on the route first; at most ``maxFilteredPages`` pages per stretch and
  /// ``maxExtraRoutePages`` extra pages in all. Each page goes through the cache, coalescing and rate limit.
  private func liveRouteSearch(
    _ search: RouteSearch,
    at time: Date
  ) async throws(BeaconError) -> (answer: LiveAnswer, queries: Int) {
    let plan = LiveFilterPlan(filters: search.filters, category: search.category)
    let chunks = Self.routeChunks(search.route, corridorMeters: search.corridorMeters)
    var seen: Set<String> = []
    var places: [Place] = []
    var source = DataSource.cache
    var stale = false
    var fetchedAt = time
    var pages = Array(repeating: 0, count: chunks.count)
    var full = Array(repeating: false, count: chunks.count)
    func read(_ index: Int) async throws(BeaconError) {
      let category = search.category
      let query = Self.routeQuery(for: search, chunk: chunks[index], plan: plan, page: pages[index])
      let fetched = try await fetch(path: "/v2/places", query: query, ttl: ttl.places, refresh: search.refresh) {
        (body) throws(BeaconError) in try GeoapifyDecoding.places(from: body, requested: category)
      }
      pages[index] += 1
      full[index] = fetched.value.count >= Self.routePageSize
      let fresh = fetched.value.filter { seen.insert($0.id).inserted }
      if !store.isReadOnly { try await store.upsert(fresh, replacing: true) }
      places += fresh
      if fetched.source == .live { source = .live }
      stale = stale || fetched.stale
      fetchedAt = min(fetchedAt, fetched.fetchedAt)
    }
    for index in chunks.indices { try await read(index) }
    var found = try await alongRoute(places, search: search, plan: plan, at: time)
    var extra = 0
    while extra < Self.maxExtraRoutePages,
      found.places.count(where: { !search.openNow || $0.openNow == true }) < search.limit,
      let next = chunks.indices.filter({ full[$0] && pages[$0] < Self.maxFilteredPages }).min(by: {
        pages[$0] < pages[$1]
      })
    {
      try await read(next)
      extra += 1
      found = try await alongRoute(places, search: search, plan: plan, at: time)
    }
    if !search.filters.isEmpty, found.excludedUnknown == nil { found.excludedUnknown = [:] }
    return (LiveAnswer(found: found, source: source, stale: stale, fetchedAt: fetchedAt), chunks.count + extra)
  }

  /// The `places` within the corridor of `search`'s route that pass the filters `plan` leaves to Beacon, in route
  /// order, each with `alongRouteMeters` and `detourMeters`.
  private func alongRoute(
    _ places: [Place],
    search: RouteSearch,
    plan: LiveFilterPlan,
    at time: Date
  ) async throws(BeaconError) -> FilteredPlaces {
    let corridor = Double(search.corridorMeters)
    var located = places.map { (place: $0, position: search.route.locate($0.location)) }
      .filter { $0.position.detour <= corridor }
    located.sort {
      ($0.position.along, $0.position.detour, $0.place.id) < ($1.position.along, $1.position.detour, $1.place.id)
    }
    var found = try await store.filteredSummaries(of: located.map(\.place), filters: plan.local, center: nil, at: time)
    let positions = Dictionary(located.map { ($0.place.id, $0.position) }, uniquingKeysWith: { first, _ in first })
    for index in found.places.indices {
      guard let position = positions[found.places[index].id] else { continue }
      found.places[index].alongRouteMeters = Int(position.along.rounded())
      found.places[index].detourMeters = Int(position.detour.rounded())
    }
    return found
  }
}
