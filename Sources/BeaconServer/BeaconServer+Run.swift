import BeaconCore
import JSONRPC

extension BeaconServer {
  /// Runs `body` with the session's service of `feature` (``Feature/makeService``), or with the session's store,
  /// which every feature may use: before `initialize` it answers `serverNotInitialized`; a domain error is logged
  /// (with SQLite's own words for a store failure) and becomes its localized wire error.
  func run<Service: Sendable, T: Sendable>(
    _ feature: Feature.Name,
    _ body: (Service) async throws(BeaconError) -> T
  ) async throws(ResponseError) -> T {
    let (service, store, shared, language) = session.withLock {
      ($0.services[feature], $0.store, $0.shared, $0.language)
    }
    guard store != nil || shared != nil else { throw ResponseError.serverNotInitialized("") }
    guard let service = service as? Service ?? store as? Service ?? shared as? Service else {
      if let shared {
        // The feature keeps its data in a SQLite store only (so far): say so rather than use a file silently.
        let error = BeaconError.notOnSharedStore(
          feature: feature.rawValue,
          message: .postgres(.notAvailable(feature: feature.rawValue))
        )
        logger.info("\(feature.logName): not on the PostgreSQL store \(shared.server)")
        throw error.responseError(in: language)
      }
      logger.fault("\(feature.logName): the service is no \(Service.self)")
      throw ResponseError.internalError
    }
    do {
      return try await body(service)
    } catch {
      logger.info("\(feature.logName): \(error.kind)")
      throw wireError(error, in: language)
    }
  }
}
