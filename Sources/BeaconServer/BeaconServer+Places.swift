import BeaconCore
import JSONRPC

extension BeaconServer {
  /// The default debounce of `places/autocomplete` (the seed: at least 300 ms).
  static let autocompleteDebounceMs = 300

  /// `places/details`: one place, from the store when fresh, else from Geoapify.
  func details(_ request: PlaceDetailsRequest, context: RequestContext) async throws -> PlaceDetailsResult {
    let language = language
    return try await run(.places) { (places: PlacesService) throws(BeaconError) in
      try await self.upstream(context, title: .searching) { () throws(BeaconError) in
        try await places.details(id: request.id, refresh: request.refresh ?? false, language: language)
      }
    }
  }

  /// `places/autocomplete`: suggestions for a partly typed text, after the debounce.
  func autocomplete(
    _ request: AutocompleteRequest,
    context: RequestContext
  ) async throws
    -> AutocompleteRequest.Response
  {
    try validate(request.limit, in: 1...20, field: "limit")
    try validate(request.debounceMs, in: 0...5_000, field: "debounceMs")
    if let center = request.center, !center.isValid { throw invalid("center", .invalidCoordinate) }
    try validate(text: request.text)
    let text = request.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return AutocompleteRequest.Response(suggestions: []) }
    try await debounce(request.debounceMs ?? Self.autocompleteDebounceMs, context: context)
    let language = language
    let suggestions = try await run(.places) { (places: PlacesService) throws(BeaconError) in
      try await places.autocomplete(text: text, center: request.center, limit: request.limit ?? 5, language: language)
    }
    return AutocompleteRequest.Response(suggestions: suggestions)
  }

  /// `places/search`: the places around the centre, with the user's ratings and favourites, on either store.
  func search(_ request: SearchPlacesRequest, context: RequestContext) async throws -> PlaceSearchResult {
    try validate(request.radiusMeters, in: Settings.radiusRange, field: "radiusMeters")
    try validate(request.limit, in: PlaceSearch.limitRange, field: "limit")
    try validate(request.debounceMs, in: 0...5_000, field: "debounceMs")
    if let center = request.center, !center.isValid { throw invalid("center", .invalidCoordinate) }
    if let text = request.text { try validate(text: text) }
    let filters: PlaceFilters
    do throws(BeaconError) { filters = try request.filters() } catch { throw error.responseError(in: language) }
    if let debounceMs = request.debounceMs { try await debounce(debounceMs, context: context) }
    let language = language
    return try await run(.places) { (places: PlacesService) throws(BeaconError) in
      guard let store = self.placesStore else {
        throw BeaconError.storage(SQLiteError(code: 1, message: "no store"))
      }
      var (settings, hasStoredCenter) = try await store.settingsForSearch()
      var centerSource = "settings"
      var city: String?
      var message: String?
      if let center = request.center {
        // Remembered as the next search's centre (not for an agent, ``ServerOptions/searchStoresCenter``), unless
        // the store is read-only or another process holds it longer than a write waits (a long import): the search
        // still runs.
        if store.isReadOnly || !self.options.searchStoresCenter {
          settings.center = center
        } else {
          do throws(BeaconError) {
            settings = try await store.updateSettings(SettingsUpdate(center: center))
          } catch .storage(let failure) where failure.isBusy {
            self.logger.debug("The search's centre was not remembered: \(failure)")
            settings.center = center
          }
        }
        centerSource = "request"
      } else if request.nearMe == true {
        do {
          let found = try await places.locateByIP()
          settings.center = found.location
          centerSource = "ip"
          city = found.city
        } catch {
          message = LocalizedMessage.nearMeUnavailable.text(in: language)
        }
      }
      if centerSource == "settings", !hasStoredCenter {
        // Nowhere stored to start from: where the user's imported places are, else (offline) the demo data.
        let fallback = try await store.defaultCenter(
          searchesOffline: places.searchesOffline,
          includesDemo: request.includeDemo ?? false
        )
        settings.center = fallback.center
        centerSource = fallback.source
      }
      let search = PlaceSearch(request, settings: settings, language: language, filters: filters)
      var result = try await self.upstream(context, title: .searching) { () throws(BeaconError) in
        try await places.search(search)
      }
      result.centerSource = centerSource
      result.city = city
      if let message { result.message = Sentences.join([message, result.message]) }
      result.message = self.sayingNoDemoData(result.message, if: request.includeDemo)
      return result
    }
  }

  /// Waits `milliseconds`; throws `-32800` with `data.reason: "superseded"` if a newer request of the same
  /// method arrived meanwhile (then no upstream call is made).
  private func debounce(_ milliseconds: Int, context: RequestContext) async throws {
    if milliseconds > 0 { try await Task.sleep(for: .milliseconds(milliseconds)) }
    if context.isSuperseded {
      throw ResponseError(
        code: .requestCancelled,
        message: LocalizedMessage.superseded.text(in: language),
        kind: .requestCancelled,
        details: ["reason": "superseded"]
      )
    }
  }

  /// Wraps upstream work in `$/progress` begin/end when the request carries a `workDoneToken`.
  private func upstream<T>(
    _ context: RequestContext,
    title: LocalizedMessage,
    _ work: () async throws(BeaconError) -> T
  ) async throws(BeaconError) -> T {
    context.reportProgress(.begin(title: title.text(in: language), cancellable: true))
    defer { context.reportProgress(.end()) }
    return try await work()
  }

  func validate(_ value: Int?, in range: ClosedRange<Int>, field: String) throws(ResponseError) {
    guard let value, !range.contains(value) else { return }
    throw invalid(field, .outOfRange(field: field, lower: range.lowerBound, upper: range.upperBound, value: value))
  }

  /// Refuses a `text` longer than ``PlaceSearch/maxTextLength`` characters, judged on at most one more, or longer than
  /// 32 bytes a character (one character may be of any length: a letter and 200 000 accents took a second): a text of
  /// megabytes took seconds to normalize before it found nothing.
  private func validate(text: String) throws(ResponseError) {
    guard text.utf8.count > 32 * PlaceSearch.maxTextLength || text.isLonger(than: PlaceSearch.maxTextLength) else {
      return
    }
    throw invalid("text", .filter(.textTooLong(PlaceSearch.maxTextLength)))
  }

  private func invalid(_ field: String, _ message: LocalizedMessage) -> ResponseError {
    BeaconError.invalidArgument(field: field, message: message).responseError(in: language)
  }
}
