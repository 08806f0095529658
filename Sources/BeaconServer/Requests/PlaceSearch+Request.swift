import BeaconCore

extension PlaceSearch {
  /// The search a `places/search` request asks for, on either store: what the request leaves out comes from the
  /// user's `settings` (their centre already decided: the request's, the stored one, or a fallback).
  package init(_ request: SearchPlacesRequest, settings: Settings, language: Language, filters: PlaceFilters) {
    self.init(
      center: settings.center,
      category: request.category ?? settings.category,
      radiusMeters: request.radiusMeters ?? settings.radiusMeters,
      text: request.text,
      sort: request.sort ?? settings.sort,
      scope: request.scope ?? .all,
      limit: request.limit ?? 10,
      refresh: request.refresh ?? false,
      language: language,
      openNow: request.openNow ?? false,
      includesDemo: request.includeDemo ?? false,
      filters: filters
    )
  }
}
