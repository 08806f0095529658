import Foundation

/// Which places `places/search` looks among.
package enum SearchScope: String, Sendable, Codable, CaseIterable {
  /// Everywhere (Geoapify, or the store when offline).
  case all
  /// Only the user's favourites, locally.
  case favorites
}

/// Where an answer came from.
package enum DataSource: String, Sendable, Codable {
  /// Fetched from Geoapify just now.
  case live
  /// From the store's copy of an earlier Geoapify answer.
  case cache
  /// From the store's own data (favourites, imported places).
  case offline
}

/// A complete search, every default already applied.
package struct PlaceSearch: Sendable, Equatable {
  /// How many places one search may ask for.
  package static let limitRange = 1...100
  /// The most characters a search or autocomplete text may have: a place's name or address, with room to spare.
  package static let maxTextLength = 500

  package var center: Coordinate
  package var category: PlaceCategory
  package var radiusMeters: Int
  package var text: String?
  package var sort: PlaceSort
  package var scope: SearchScope
  /// 1…100.
  package var limit: Int
  /// Skip the cache (pull-to-refresh).
  package var refresh: Bool
  package var language: Language
  /// Only places open at the time of the search; `limit` then counts open places.
  package var openNow: Bool
  /// Search the demo places too when the user has imported places of their own (without imports the demo
  /// places are always searched).
  package var includesDemo: Bool
  /// Diet, cuisine, access, opening-time and rating filters; `limit` counts places that pass them.
  package var filters: PlaceFilters

  /// Creates a search.
  package init(
    center: Coordinate,
    category: PlaceCategory,
    radiusMeters: Int,
    text: String? = nil,
    sort: PlaceSort = .distance,
    scope: SearchScope = .all,
    limit: Int = 10,
    refresh: Bool = false,
    language: Language = .nb,
    openNow: Bool = false,
    includesDemo: Bool = false,
    filters: PlaceFilters = PlaceFilters()
  ) {
    self.center = center
    self.category = category
    self.radiusMeters = radiusMeters
    self.text = text
    self.sort = sort
    self.scope = scope
    self.limit = limit
    self.refresh = refresh
    self.language = language
    self.openNow = openNow
    self.includesDemo = includesDemo
    self.filters = filters
  }
}

/// What a search found.
package struct PlaceSearchResult: Sendable, Equatable, Codable {
  package var places: [PlaceSummary]
  package var center: Coordinate
  package var category: PlaceCategory
  package var radiusMeters: Int
  package var sort: PlaceSort
  package var scope: SearchScope
  package var source: DataSource
  /// Whether the answer is older than its time to live (served because Geoapify could not be reached).
  package var stale: Bool
  /// When the data was fetched.
  package var fetchedAt: Date
  /// The data's credit line, to show with the results.
  package var attribution: String
  /// A sentence for the user, e.g. "Ingen treff" when nothing was found.
  package var message: String?
  /// Where the centre came from: `request`, `settings`, `ip`, `imported` (the centre of the user's imported
  /// places, nothing stored) or `demo` (offline, nothing stored or imported).
  package var centerSource: String?
  /// The city IP geolocation found, with `centerSource: "ip"`.
  package var city: String?
  /// With filters: per filter, how many places were left out only because their data says nothing about it
  /// (a place may count under several). Offline and for favourites every place in the area is counted; live,
  /// the places of the pages fetched, and filters Geoapify applied upstream count none.
  package var excludedUnknown: [String: Int]?
}

/// What `places/details` found.
package struct PlaceDetailsResult: Sendable, Equatable, Codable {
  package var place: PlaceDetails
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var attribution: String
}

extension PlaceSearch {
  /// `places` as the search answers them: only the open ones with ``openNow``, in its ``sort``, at most ``limit``.
  package func answer(_ places: [PlaceSummary]) -> [PlaceSummary] {
    let kept = openNow ? places.filter { $0.openNow == true } : places
    // Nearest first from the store, usually: then the list is the answer as it is.
    if kept.count <= limit, sort.isOrdered(kept, reach: radiusMeters) { return kept }
    return sort.order(of: kept, reach: radiusMeters).prefix(limit).map { kept[$0] }
  }
}

extension PlaceSearchResult {
  /// The result of `search`: its centre, category, radius, sort and scope, with the credit line of `source`.
  package init(
    _ places: [PlaceSummary],
    of search: PlaceSearch,
    source: DataSource,
    stale: Bool,
    fetchedAt: Date,
    message: String?
  ) {
    self.init(
      places: places,
      center: search.center,
      category: search.category,
      radiusMeters: search.radiusMeters,
      sort: search.sort,
      scope: search.scope,
      source: source,
      stale: stale,
      fetchedAt: fetchedAt,
      attribution: PlacesService.attribution(of: source),
      message: message
    )
  }
}
