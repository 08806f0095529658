/// What can go wrong in Beacon's domain; the server gives each case its wire form.
public enum BeaconError: Error, Sendable, Equatable {
  /// No place with this id has ever been seen.
  case placeNotFound(String)
  /// Geoapify knows the place, but it is none of the kinds Beacon shows (restaurant, café, hotel).
  case unsupportedPlace(String)
  /// A parameter has a value the domain does not accept.
  case invalidArgument(field: String, message: LocalizedMessage)
  /// The store file cannot be opened or used.
  case storeUnavailable(path: String, reason: String)
  /// The store was written by a newer Beacon.
  case storeTooNew(path: String, version: Int, supported: Int)
  /// SQLite failed while the store was in use.
  case storage(SQLiteError)
  /// No Geoapify key is configured.
  case missingAPIKey
  /// Geoapify refused the key (401).
  case invalidAPIKey
  /// Geoapify's rate limit or daily quota was hit (429); retry after this many seconds.
  case rateLimited(retryAfterSeconds: Int)
  /// Geoapify rejected the request (400) with its own message.
  case upstreamRejected(message: String)
  /// Geoapify could not be reached or answered unusably (5xx, timeout, refused, truncated, invalid).
  case upstreamUnavailable(reason: String)
  /// A file could not be imported; nothing of it was stored.
  case importFailed(file: String, position: ImportPosition?, reason: ImportProblem)
  /// Nothing in a file was a named restaurant, café or hotel (`skipped` counts what was there, by reason); nothing
  /// was stored.
  case nothingImported(file: String, skipped: [String: Int])
  /// Fruityvice failed, or a fruit or group is unknown (the same kinds as places use).
  case fruits(FruitError)
  /// CoinLore failed, or a coin is unknown (the same kinds as places use).
  case crypto(CryptoError)
  /// randomuser.me failed, or a user is unknown (the same kinds as places use).
  case people(PeopleError)

  // Store files a user can act on.
  /// An explicitly chosen store file's folder does not exist (only the default location's folders are created).
  case storeDirectoryMissing(path: String, directory: String)
  /// The store file is damaged (or not a database at all); `atOpen` when that was found while opening it.
  case storeDamaged(path: String, atOpen: Bool, detail: SQLiteError)

  /// A stable machine-readable name, `data.kind` on the wire.
  public var kind: String {
    switch self {
    case .placeNotFound: "notFound"
    case .unsupportedPlace: "unsupportedPlace"
    case .invalidArgument: "invalidParams"
    case .storeUnavailable: "storeUnavailable"
    case .storeTooNew: "storeTooNew"
    case .storage: "storageFailure"
    case .missingAPIKey: "missingApiKey"
    case .invalidAPIKey: "invalidApiKey"
    case .rateLimited: "rateLimited"
    case .upstreamRejected: "upstreamRejected"
    case .upstreamUnavailable: "upstreamUnavailable"
    case .importFailed: "importFailed"
    case .nothingImported: "nothingImported"
    case .fruits(let error): error.kind
    case .crypto(let error): error.kind
    case .people(let error): error.kind
    case .storeDirectoryMissing: "storeUnavailable"
    case .storeDamaged(_, let atOpen, _): atOpen ? "storeUnavailable" : "storageFailure"
    }
  }

  /// Whether a cached answer may stand in for this failure (the network failed, not the request).
  public var allowsStaleFallback: Bool {
    switch self {
    case .upstreamUnavailable, .rateLimited: true
    case .fruits(let error): error.allowsStaleFallback
    case .crypto(let error): error.allowsStaleFallback
    case .people(let error): error.allowsStaleFallback
    default: false
    }
  }

  /// The sentence for people, in `language`.
  public func message(in language: Language) -> String {
    let message: LocalizedMessage
    switch self {
    case .placeNotFound(let id): message = .placeNotFound(id)
    case .unsupportedPlace(let id): message = .unsupportedPlace(id)
    case .invalidArgument(_, let detail): message = detail
    case .storeUnavailable(let path, let reason): message = .storeUnavailable(path: path, reason: reason)
    case .storeTooNew(let path, let version, let supported):
      message = .storeTooNew(path: path, version: version, supported: supported)
    case .storage(let error): message = error.isReadOnly ? .storeReadOnly : .storageFailure
    case .missingAPIKey: message = .missingAPIKey
    case .invalidAPIKey: message = .invalidAPIKey
    case .rateLimited(let seconds): message = .rateLimited(seconds)
    case .upstreamRejected(let detail): message = .upstreamRejected(detail)
    case .upstreamUnavailable: message = .upstreamUnavailable
    case .importFailed(let file, let position, let reason):
      message = .importFailed(file: file, position: position, reason: reason)
    case .nothingImported(let file, let skipped): message = .osmImport(.nothingImported(file: file, skipped: skipped))
    case .fruits(let error): message = .fruit(error.message)
    case .crypto(let error): message = .crypto(error.message)
    case .people(let error): message = .people(error.message)
    case .storeDirectoryMissing(let path, let directory):
      message = .storeDirectoryMissing(path: path, directory: directory)
    case .storeDamaged(let path, _, _): message = .storeDamaged(path: path)
    }
    return message.text(in: language)
  }
}
