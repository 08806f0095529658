import BeaconCore
import BeaconPostgres
import BeaconSync
import Foundation
import JSONRPC

/// Beacon's method catalogue on a ``Dispatcher``: one request type per method, handlers that call
/// BeaconCore, and Core errors turned into wire errors. Used by `serve`, `mcp` and the CLI alike.
///
/// ## Adding a method
/// Write a request type under `Requests/` and a ``MethodDescriptor`` in its feature's file under `Features/`,
/// describe it in `Schemas/openrpc.json` and `Documentation/Protocol.md`, and test it.
package final class BeaconServer: Sendable {
  /// The dispatcher carrying Beacon's methods.
  package let dispatcher: Dispatcher
  let options: ServerOptions
  let logger: Logger
  private let exit: @Sendable (Int32) -> Void
  let session: Locked<Session>

  struct Session {
    var language: Language
    var configuration: BeaconConfiguration?
    var store: Store?
    /// The session's PostgreSQL store (`--store postgresql://…`); then ``store`` is `nil`.
    var shared: PostgresStore?
    /// Each feature's service (``Feature/makeService``), made in `initialize`.
    var services: [Feature.Name: any Sendable] = [:]
    var monitor: ClientProcessMonitor?
  }

  /// Creates a server.
  ///
  /// - Parameters:
  ///   - options: Flags, environment and test switches.
  ///   - logger: Where diagnostics go (stderr).
  ///   - send: Writes one outgoing message body.
  ///   - exit: Ends the process with a code (`exit`, a dead client process).
  package init(
    options: ServerOptions,
    logger: Logger = Logger(),
    send: @escaping @Sendable ([UInt8]) -> Void,
    sendInPlace: Dispatcher.SendInPlace? = nil,
    exit: @escaping @Sendable (Int32) -> Void
  ) {
    self.options = options
    self.logger = logger
    self.exit = exit
    session = Locked(Session(language: options.initialLanguage))
    dispatcher = Dispatcher(
      configuration: .init(
        requestsAllowedBeforeInitialize: [DiscoverRequest.method],
        maxJSONDepth: options.maxJSONDepth,
        maxBatchLength: options.maxBatchLength,
        maxInFlight: options.maxInFlight
      ),
      send: send,
      sendInPlace: sendInPlace,
      onExit: exit,
      log: { logger.warning($0) }
    )
    dispatcher.setErrorPresenter { [weak self] error in
      Self.localized(error, in: self?.language ?? options.initialLanguage)
    }
    registerMethods()
  }

  /// The language the session speaks now.
  package var language: Language { session.withLock { $0.language } }

  /// The session's store, once `initialize` has succeeded.
  package var store: Store? { session.withLock { $0.store } }

  /// The resolved configuration, once `initialize` has succeeded.
  package var configuration: BeaconConfiguration? { session.withLock { $0.configuration } }

  /// The current time, from the server's one clock (``ServerOptions/now``).
  package var now: Date { options.now() }

  private func registerMethods() {
    for descriptor in MethodDescriptor.all { descriptor.register(self) }
    dispatcher.onShutdown { [weak self] in
      // Closing the connection checkpoints the WAL; every earlier request has finished by now. The store is closed
      // here, before `shutdown` is answered, not in `deinit` on whichever thread lets go last: a process that exits
      // right after the answer must not cut that close short (and leave a `-wal` beside the store).
      let store = self?.session.withLock { session -> Store? in
        defer {
          session.services = [:]
          session.store = nil
          session.shared = nil
        }
        return session.store
      }
      await store?.close()
    }
    if options.enablesTestMethods {
      TestMethods.register(on: dispatcher)
    }
  }

  // MARK: - initialize

  func initialize(_ request: InitializeRequest, context: RequestContext) async throws -> InitializeResult {
    let given = request.initializationOptions
    let layer = BeaconOptions(
      storePath: given?.storePath,
      user: given?.user,
      offline: given?.offline,
      geoapifyAPIKey: given?.geoapify?.apiKey.flatMap { APIKey($0, source: "initializationOptions.geoapify.apiKey") },
      geoapifyBaseURL: given?.geoapify?.baseURL,
      locale: request.locale,
      timeZone: given?.timeZone,
      serviceURLs: given?.services.compactMapValues(\.baseURL) ?? [:]
    )
    let configuration: BeaconConfiguration
    do {
      configuration = try BeaconConfiguration.resolve(
        [options.flags, layer, options.environment],
        serviceURLs: Feature.serviceURLOptions
      )
    } catch {
      // In the language the request asked for, when it names one of ours.
      let language = request.locale.flatMap(Language.init(bcp47:)) ?? session.withLock { $0.language }
      throw error.responseError(in: language)
    }
    if let storePath = configuration.storePath, case .postgres(let url) = StoreTarget(storePath) {
      return try await initializeShared(url: url, configuration: configuration, request: request, context: context)
    }
    var storePath =
      configuration.storePath ?? StoreLocation.defaultPath(environment: ProcessInfo.processInfo.environment)
    if case .sqlite(let path) = StoreTarget(storePath) { storePath = path }
    let store: Store
    var language = configuration.language
    do {
      // Only the default location's folders are created; a path the user chose must be in an existing folder.
      store = try Store.open(
        path: storePath,
        migrations: Feature.storeMigrations,
        defaultTimeZone: configuration.timeZone,
        createsDirectory: configuration.storePath == nil
      )
    } catch {
      throw wireError(error, in: language)
    }
    if !configuration.isLanguageExplicit, (try? await store.hasStoredLocale()) == true,
      let stored = try? await store.settings().locale
    {
      language = stored
    }
    do {
      // The demo places are there from the first call of any method (the README's demo ids work at once).
      try await store.loadDemoDataIfNeeded()
    } catch {
      logger.debug("Demo data not loaded: \(error.kind)")  // Searches try again; nothing else depends on it.
    }
    let made = FeatureContext(store: store, configuration: configuration, options: options)
    var services: [Feature.Name: any Sendable] = [:]
    for feature in Feature.built { services[feature.name] = feature.makeService(made) }
    session.withLock {
      $0.language = language
      $0.configuration = configuration
      $0.store = store
      $0.services = services
    }
    warnOfUnrecognizedLocale(configuration, context: context)
    if let reason = store.readOnlyReason {
      let message = LocalizedMessage.storeOpenedReadOnly(path: storePath, reason: reason).text(in: language)
      warn(message, context: context)
    }
    warnOfKeyInTheClear(configuration, in: language, context: context)
    watchClient(of: request)
    return initializeResult(
      language: language,
      configuration: configuration,
      storePath: storePath,
      storeReadOnly: store.isReadOnly,
      offline: configuration.offline
    )
  }

  /// Exits when the client process `request` names ends.
  func watchClient(of request: InitializeRequest) {
    if let processID = request.processId, let pid = Int32(exactly: processID), pid > 0 {
      watchClient(pid)
    } else if let processID = request.processId {
      logger.warning("Ignoring processId \(processID): not a process id")
    }
  }

  private func watchClient(_ processID: Int32) {
    let monitor = ClientProcessMonitor(processID: processID) { [logger, exit] in
      logger.warning("Client process \(processID) is gone; exiting")
      exit(1)
    }
    session.withLock { $0.monitor = monitor }
  }

  // MARK: - Store

  /// `error` as the client gets it, in `language` (the session's by default); store failures are logged.
  func wireError(_ error: BeaconError, in language: Language? = nil) -> ResponseError {
    logStoreFailure(error)
    return error.responseError(in: language ?? self.language)
  }

  /// Logs SQLite's own words for a store failure (code, message, statement) at debug level: the user reads the
  /// localized sentence of the error, and a person at the command line sees nothing else.
  func logStoreFailure(_ error: BeaconError) {
    switch error {
    case .storage(let detail): logger.debug("Store failure: \(detail)")
    case .storeDamaged(let path, _, let detail): logger.debug("Store damaged (\(path)): \(detail)")
    case .storeServer(_, let detail): logger.debug("Store server failure: \(detail)")
    default: break
    }
  }

  /// Whether the session's searches run on the store only (`--offline` or no key); `true` before `initialize`.
  var searchesOffline: Bool {
    session.withLock { ($0.services[.places] as? PlacesService)?.searchesOffline ?? true }
  }

  /// The `initializationOptions` field a configuration error is about.
  static func field(of error: ConfigurationError) -> String {
    switch error {
    case .invalidBaseURL: "initializationOptions.geoapify.baseURL"
    case .invalidServiceURL(let option, _): option.initializationField
    case .invalidTimeZone: "initializationOptions.timeZone"
    case .emptyUser: "initializationOptions.user"
    }
  }

  /// Switches the session's language (a `settings/update` of `locale`).
  func setLanguage(_ language: Language) {
    session.withLock { $0.language = language }
  }

  // MARK: - Errors

  /// Replaces the message of a protocol error by its localized sentence, keeping code and data; errors of
  /// other kinds are returned unchanged (domain errors are localized where they are made).
  static func localized(_ error: ResponseError, in language: Language) -> ResponseError {
    let message: LocalizedMessage?
    switch error.errorKind {
    case .parseError?: message = parseErrorMessage(error.data)
    case .framingError?: message = framingErrorMessage(error.data)
    case .invalidRequest?: message = .invalidRequest
    case .emptyBatch?: message = .emptyBatch
    case .methodNotFound?: message = .methodNotFound(error.data?["method"]?.stringValue ?? "")
    case .invalidParams?: message = invalidParamsMessage(error.data)
    case .internalError?: message = .internalError
    case .serverNotInitialized?: message = .serverNotInitialized
    case .alreadyInitialized?: message = .alreadyInitialized
    case .shuttingDown?: message = .shuttingDown
    case .requestCancelled?: message = .requestCancelled
    case .serverOverloaded?: message = .serverOverloaded(error.data?["limit"]?.intValue ?? 0)
    default: message = nil
    }
    guard let message else { return error }
    var localized = error
    localized.message = message.text(in: language)
    return localized
  }
}
