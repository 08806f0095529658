import Foundation

extension PlacesService {
  /// The most pages a filtered live search asks for when local filtering thins the answers (each page is cached
  /// and goes through the client's coalescing and rate limit like any request).
  static let maxFilteredPages = 3

  /// What a live search found, with where it came from.
  struct LiveAnswer {
    var found: FilteredPlaces
    var source: DataSource
    var stale: Bool
    var fetchedAt: Date
  }

  /// Geoapify's query for `search`, page `offset` of `pageSize`, with the plan's conditions and categories.
  static func placesQuery(
    for search: PlaceSearch,
    plan: LiveFilterPlan,
    pageSize: Int,
    offset: Int
  ) -> [(String, String)] {
    var query: [(String, String)] = [
      ("categories", plan.categories.joined(separator: ",")),
      ("filter", "circle:\(search.center.lon),\(search.center.lat),\(search.radiusMeters)"),
      ("bias", "proximity:\(search.center.lon),\(search.center.lat)"),
      ("limit", String(pageSize)),
      ("lang", search.language.rawValue),
    ]
    if !plan.conditions.isEmpty { query.append(("conditions", plan.conditions.joined(separator: ","))) }
    if offset > 0 { query.append(("offset", String(offset))) }
    if let text = search.text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
      query.append(("name", text))
    }
    return query
  }

  /// Asks Geoapify, pushing what it can apply upstream; while the filters applied here leave fewer than `limit`
  /// places and Geoapify had more, asks for the next page (at most ``maxFilteredPages``).
  func liveSearch(_ search: PlaceSearch, at time: Date) async throws(BeaconError) -> LiveAnswer {
    let plan = LiveFilterPlan(filters: search.filters, category: search.category)
    let filtersLocally = !plan.local.isEmpty
    let pageSize =
      search.openNow || filtersLocally ? Self.openNowCandidates(limit: search.limit) : search.limit
    let category = search.category
    var seen: Set<String> = []
    var found: [Place] = []
    var answer: LiveAnswer?
    for page in 0..<(filtersLocally ? Self.maxFilteredPages : 1) {
      let query = Self.placesQuery(for: search, plan: plan, pageSize: pageSize, offset: page * pageSize)
      let fetched = try await fetch(path: "/v2/places", query: query, ttl: ttl.places, refresh: search.refresh) {
        (body) throws(BeaconError) in try GeoapifyDecoding.places(from: body, requested: category)
      }
      let fresh = fetched.value.filter { seen.insert($0.id).inserted }
      // A read-only store simply learns nothing.
      if !store.isReadOnly { try await store.upsert(fresh, replacing: true) }
      found += fresh
      let filtered = try await store.filteredSummaries(
        of: found,
        filters: plan.local,
        center: search.center,
        at: time
      )
      if var earlier = answer {
        earlier.found = filtered
        earlier.stale = earlier.stale || fetched.stale
        answer = earlier
      } else {
        answer = LiveAnswer(found: filtered, source: fetched.source, stale: fetched.stale, fetchedAt: fetched.fetchedAt)
      }
      let enough = filtered.places.count { !search.openNow || $0.openNow == true } >= search.limit
      if enough || fetched.value.count < pageSize { break }
    }
    guard var answer else { throw .upstream(.geoapify, .unavailable(reason: "no page")) }
    // Filters Geoapify applied leave nothing to count, but the result still says filters were given.
    if !search.filters.isEmpty, answer.found.excludedUnknown == nil { answer.found.excludedUnknown = [:] }
    return answer
  }
}
