import BeaconCore
import BeaconPostgres
import JSONRPC

extension BeaconServer {
  /// `places/searchAlongRoute`, on the places service (either store): one cache, rate limit and coalescing for every
  /// search.
  func searchAlongRoute(
    _ request: SearchAlongRouteRequest,
    context: RequestContext
  ) async throws -> RouteSearchResult {
    let language = language
    try validate(request.corridorMeters, in: RouteLine.corridorRange, field: "corridorMeters")
    try validate(request.limit, in: PlaceSearch.limitRange, field: "limit")
    let route: RouteLine
    let filters: PlaceFilters
    do throws(BeaconError) {
      route = try request.params.routeLine()
      filters = try request.filters()
    } catch {
      throw error.responseError(in: language)
    }
    return try await run(.places) { (places: PlacesService) throws(BeaconError) in
      guard let store = self.placesStore else {
        throw BeaconError.storage(SQLiteError(code: 1, message: "no store"))
      }
      let settings = try await store.settingsForSearch().0
      let search = RouteSearch(
        route: route,
        corridorMeters: request.corridorMeters ?? RouteSearch.defaultCorridorMeters,
        category: request.category ?? settings.category,
        sort: request.sort ?? .distance,
        limit: request.limit ?? RouteSearch.defaultLimit,
        refresh: request.refresh ?? false,
        language: language,
        openNow: request.openNow ?? false,
        includesDemo: request.includeDemo ?? false,
        filters: filters
      )
      context.reportProgress(.begin(title: LocalizedMessage.searching.text(in: language), cancellable: true))
      defer { context.reportProgress(.end()) }
      var result = try await places.searchAlongRoute(search)
      result.message = self.sayingNoDemoData(result.message, if: request.includeDemo)
      return result
    }
  }

  /// `message` with the sentence that a PostgreSQL store holds no demo data when the request asked for it
  /// (`includeDemo: true`) on one; else `message` as it is.
  func sayingNoDemoData(_ message: String?, if includeDemo: Bool?) -> String? {
    guard includeDemo == true, sharedStore != nil else { return message }
    return Sentences.join([message, LocalizedMessage.postgres(.noDemoData).text(in: language)])
  }
}
