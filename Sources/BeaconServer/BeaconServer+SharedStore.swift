import BeaconCore
import BeaconPostgres
import Foundation
import JSONRPC

extension BeaconServer {
  /// `initialize` with a PostgreSQL store (`--store postgresql://…`): one connection for the session's user
  /// (`--user`, `initializationOptions.user`, default the account's name). Ratings, favourites, settings and
  /// searches of the stored places use it; every other feature answers `storeUnavailable` with
  /// `reason: "notOnSharedStore"` (``run(_:_:)``), never a SQLite file in its place.
  func initializeShared(
    url: String,
    configuration: BeaconConfiguration,
    request: InitializeRequest,
    context: RequestContext
  ) async throws -> InitializeResult {
    let target = PostgresConnectionString(url)
    let user = configuration.user ?? StoreTarget.defaultUser()
    var language = configuration.language
    let store: PostgresStore
    do {
      store = try await Self.openShared(target, user: user, timeZone: configuration.timeZone)
    } catch {
      // The sentence names the server redacted and libpq's words with the password replaced.
      logger.debug("PostgreSQL store not opened: \(error.message(in: .en))")
      throw wireError(error, in: language)
    }
    logger.debug("PostgreSQL store \(store.server) as user \(user)")
    if !configuration.isLanguageExplicit, let stored = try? await store.settings().locale {
      language = stored
    }
    session.withLock {
      $0.language = language
      $0.configuration = configuration
      $0.shared = store
      $0.services = [:]
    }
    warnOfUnrecognizedLocale(configuration, context: context)
    watchClient(of: request)
    return initializeResult(
      language: language,
      configuration: configuration,
      storePath: store.server,
      storeReadOnly: false,
      offline: true
    )
  }

  /// Connects off the caller's thread (libpq blocks while it connects and migrates).
  private static func openShared(
    _ target: PostgresConnectionString,
    user: String,
    timeZone: TimeZone
  ) async throws(BeaconError) -> PostgresStore {
    let result: Result<PostgresStore, BeaconError> = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        do throws(BeaconError) {
          continuation.resume(
            returning: .success(try PostgresStore.open(target, user: user, defaultTimeZone: timeZone))
          )
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// The sentence that `feature` is not available on a PostgreSQL store yet, in `language`.
  package static func notOnSharedStore(_ feature: String, in language: Language) -> String {
    LocalizedMessage.postgres(.notAvailable(feature: feature)).text(in: language)
  }

  /// The session's PostgreSQL store, if it has one.
  var sharedStore: PostgresStore? { session.withLock { $0.shared } }

  /// `places/search` on a PostgreSQL store: the stored places only (no Geoapify call, no cache of its answers
  /// yet), nearest first, with the team's ratings and the user's favourites.
  func sharedSearch(_ request: SearchPlacesRequest, filters: PlaceFilters) async throws -> PlaceSearchResult {
    if !filters.isEmpty || request.nearMe == true || request.scope == .favorites {
      let feature = "places/search (filters, nearMe, scope)"
      throw BeaconError.notOnSharedStore(feature: feature, message: .postgres(.notAvailable(feature: feature)))
        .responseError(in: language)
    }
    let language = language
    let now = now
    return try await run(.places) { (store: PostgresStore) throws(BeaconError) in
      var settings = try await store.settings()
      var centerSource = "settings"
      if let center = request.center {
        settings = try await store.updateSettings(SettingsUpdate(center: center))
        centerSource = "request"
      }
      // `refresh`, `includeDemo` and the filters (none here) are not read on this store.
      let search = PlaceSearch(request, settings: settings, language: language, filters: filters)
      let found = try await store.offlinePlaces(
        near: search.center,
        radiusMeters: search.radiusMeters,
        category: search.category,
        text: search.text,
        limit: nil
      )
      let places = search.answer(try await store.summaries(of: found, center: search.center, at: now))
      let message = places.isEmpty ? LocalizedMessage.noResults.text(in: language) : nil
      var result = PlaceSearchResult(
        places,
        of: search,
        source: .offline,
        stale: false,
        fetchedAt: now,
        message: message
      )
      result.centerSource = centerSource
      return result
    }
  }

  /// `favorites/list` on a PostgreSQL store: the user's favourites, nearest the centre first.
  func sharedFavorites(
    _ request: ListFavoritesRequest,
    filters: PlaceFilters
  ) async throws
    -> ListFavoritesRequest.Response
  {
    if !filters.isEmpty {
      let feature = "favorites/list (filters)"
      throw BeaconError.notOnSharedStore(feature: feature, message: .postgres(.notAvailable(feature: feature)))
        .responseError(in: language)
    }
    let now = now
    return try await run(.favorites) { (store: PostgresStore) throws(BeaconError) in
      let settings = try await store.settings()
      let center = request.center ?? settings.center
      let words = PostgresTextSearch.words(request.text ?? "")
      var places = try await store.favoritePlaces().filter { place in
        let text = PostgresTextSearch.words(PostgresTextSearch.searchText(of: place))
        return (request.category.map { $0 == place.category } ?? true)
          && words.allSatisfy { word in text.contains { $0.hasPrefix(word) } }
      }
      places.sort { $0.location.distance(to: center) < $1.location.distance(to: center) }
      var summaries = try await store.summaries(of: places, center: center, at: now)
      if request.openNow == true { summaries = summaries.filter { $0.openNow == true } }
      let sort = request.sort ?? settings.sort
      return ListFavoritesRequest.Response(
        places: sort.sorted(summaries, reach: settings.radiusMeters),
        center: center,
        centerSource: request.center == nil ? "settings" : "request",
        excludedUnknown: nil
      )
    }
  }
}
