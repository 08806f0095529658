import BeaconCore
import BeaconPostgres
import Foundation
import JSONRPC

extension BeaconServer {
  /// `initialize` with a PostgreSQL store (`--store postgresql://…`): one connection for the session's user
  /// (`--user`, `initializationOptions.user`, default the account's name). Ratings, favourites, settings, the
  /// places service (searches live and offline, the cache, details, autocomplete) and every feature with a shared
  /// service (``Feature/makeSharedService``) use it; every other feature answers `storeUnavailable` with `reason: "notOnSharedStore"` (``run(_:_:)``), never a SQLite file in its place.
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
    // The places service runs on the server's store as on a SQLite file: the cache, live searches, details.
    var services: [Feature.Name: any Sendable] = [
      .places: Feature.placesService(store: store, configuration: configuration, options: options)
    ]
    let made = SharedFeatureContext(store: store, configuration: configuration, options: options)
    for feature in Feature.built {
      if let service = feature.makeSharedService(made) { services[feature.name] = service }
    }
    session.withLock {
      $0.language = language
      $0.configuration = configuration
      $0.shared = store
      $0.services = services
    }
    warnOfUnrecognizedLocale(configuration, context: context)
    warnOfKeyInTheClear(configuration, in: language, context: context)
    watchClient(of: request)
    return initializeResult(
      language: language,
      configuration: configuration,
      storePath: store.server,
      storeReadOnly: false,
      offline: configuration.offline
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
            returning: .success(
              try PostgresStore.open(
                target,
                user: user,
                migrations: Feature.sharedMigrations,
                defaultTimeZone: timeZone
              )
            )
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

  /// The session's store for places, SQLite or PostgreSQL, once `initialize` has succeeded.
  var placesStore: (any PlacesStore)? {
    session.withLock { session -> (any PlacesStore)? in
      if let store = session.store { return store }
      return session.shared
    }
  }
}
