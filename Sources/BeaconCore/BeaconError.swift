/// What can go wrong in Beacon's domain; the server gives each case its wire form.
///
/// Every domain (places, fruits, crypto, people) throws these: an unknown place, fruit, group, coin or user is
/// ``notFound(_:)``, and any upstream API's fault is ``upstream(_:_:)`` naming the service.
package enum BeaconError: Error, Sendable, Equatable {
  /// Beacon knows no such place, fruit, fruit group, coin or user.
  case notFound(UnknownEntity)
  /// Geoapify knows the place, but it is none of the kinds Beacon shows (restaurant, café, hotel).
  case unsupportedPlace(String)
  /// A parameter has a value the domain does not accept.
  case invalidArgument(field: String, message: LocalizedMessage)
  /// The store file cannot be opened or used.
  case storeUnavailable(path: String, reason: StoreUnavailableReason)
  /// The store was written by a newer Beacon.
  case storeTooNew(path: String, version: Int, supported: Int)
  /// SQLite failed while the store was in use.
  case storage(SQLiteError)
  /// No Geoapify key is configured.
  case missingAPIKey
  /// Geoapify refused the key (401).
  /// Geoapify refused the key given at `source` (``APIKey/source``).
  case invalidAPIKey(source: String)
  /// An upstream API failed: rate-limited (429), rejected the request (another 4xx), or could not be reached or
  /// answered unusably (5xx, timeout, refused, truncated, invalid; `offline` when Beacon runs offline).
  case upstream(UpstreamService, UpstreamFault)
  /// A file could not be imported; nothing of it was stored.
  case importFailed(file: String, position: ImportPosition?, reason: ImportProblem)
  /// Nothing in a file was a named restaurant, café or hotel (`skipped` counts what was there, by reason); nothing
  /// was stored.
  case nothingImported(file: String, skipped: [String: Int])

  // Store files a user can act on.
  /// An explicitly chosen store file's folder does not exist (only the default location's folders are created).
  case storeDirectoryMissing(path: String, directory: String)
  /// The store file is damaged (or not a database at all); `atOpen` when that was found while opening it.
  case storeDamaged(path: String, atOpen: Bool, detail: SQLiteError)
  /// A database server store (PostgreSQL) failed during a request: the connection broke or the server refused a
  /// statement. `message` says so in the user's language; `detail` (for logs) is the server's words, redacted.
  case storeServer(message: LocalizedMessage, detail: String)
  /// A database server store (PostgreSQL) cannot be used now: its client library (libpq) is not installed
  /// (`reason` `libraryMissing`), or the connection broke and could not be made again (`reconnecting`). `message`
  /// says so, and what to do, in the user's language.
  case storeServerUnavailable(path: String, reason: String, message: LocalizedMessage)
  /// The session's store is a shared server (PostgreSQL) that does not hold `feature`'s data yet; `message` says so.
  case notOnSharedStore(feature: String, message: LocalizedMessage)

  /// A stable machine-readable name, `data.kind` on the wire: Beacon's kinds are spelled here only.
  package var kind: String {
    switch self {
    case .notFound: "notFound"
    case .unsupportedPlace: "unsupportedPlace"
    case .invalidArgument: "invalidParams"
    case .storeUnavailable, .storeDirectoryMissing, .notOnSharedStore, .storeServerUnavailable: "storeUnavailable"
    case .storeTooNew: "storeTooNew"
    case .storage, .storeServer: "storageFailure"
    case .missingAPIKey: "missingApiKey"
    case .invalidAPIKey: "invalidApiKey"
    case .upstream(_, .rateLimited): "rateLimited"
    case .upstream(_, .rejected): "upstreamRejected"
    case .upstream(_, .unavailable), .upstream(_, .badAnswer): "upstreamUnavailable"
    case .importFailed: "importFailed"
    case .nothingImported: "nothingImported"
    case .storeDamaged(_, let atOpen, _): atOpen ? "storeUnavailable" : "storageFailure"
    }
  }

  /// Whether a cached answer may stand in for this failure (the network failed, not the request).
  package var allowsStaleFallback: Bool {
    if case .upstream(_, let fault) = self { fault.allowsStaleFallback } else { false }
  }

  /// The sentence for people, in `language`.
  package func message(in language: Language) -> String {
    let message: LocalizedMessage
    switch self {
    case .notFound(let entity): message = entity.message
    case .unsupportedPlace(let id): message = .unsupportedPlace(id)
    case .invalidArgument(_, let detail): message = detail
    case .storeUnavailable(let path, let reason): message = .storeUnavailable(path: path, reason: reason)
    case .storeTooNew(let path, let version, let supported):
      message = .storeTooNew(path: path, version: version, supported: supported)
    case .storage(let error): message = error.isReadOnly ? .storeReadOnly : error.isBusy ? .storeBusy : .storageFailure
    case .missingAPIKey: message = .missingAPIKey
    case .invalidAPIKey(let source): message = .invalidAPIKey(source: source)
    case .upstream(let service, let fault): message = .upstream(service, fault)
    case .importFailed(let file, let position, let reason):
      message = .importFailed(file: file, position: position, reason: reason)
    case .nothingImported(let file, let skipped): message = .osmImport(.nothingImported(file: file, skipped: skipped))
    case .storeDirectoryMissing(let path, let directory):
      message = .storeDirectoryMissing(path: path, directory: directory)
    case .storeDamaged(let path, _, _): message = .storeDamaged(path: path)
    case .storeServer(let detail, _), .notOnSharedStore(_, let detail), .storeServerUnavailable(_, _, let detail):
      message = detail
    }
    return message.text(in: language)
  }
}
