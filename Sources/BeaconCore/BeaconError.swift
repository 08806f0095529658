/// What can go wrong in Beacon's domain; the server gives each case its wire form.
public enum BeaconError: Error, Sendable, Equatable {
  /// No place with this id has ever been seen.
  case placeNotFound(String)
  /// A parameter has a value the domain does not accept.
  case invalidArgument(field: String, message: LocalizedMessage)
  /// The store file cannot be opened or used.
  case storeUnavailable(path: String, reason: String)
  /// The store was written by a newer Beacon.
  case storeTooNew(path: String, version: Int, supported: Int)
  /// SQLite failed while the store was in use.
  case storage(SQLiteError)

  /// A stable machine-readable name, `data.kind` on the wire.
  public var kind: String {
    switch self {
    case .placeNotFound: "notFound"
    case .invalidArgument: "invalidParams"
    case .storeUnavailable: "storeUnavailable"
    case .storeTooNew: "storeTooNew"
    case .storage: "storageFailure"
    }
  }

  /// The sentence for people, in `language`.
  public func message(in language: Language) -> String {
    let message: LocalizedMessage
    switch self {
    case .placeNotFound(let id): message = .placeNotFound(id)
    case .invalidArgument(_, let detail): message = detail
    case .storeUnavailable(let path, let reason): message = .storeUnavailable(path: path, reason: reason)
    case .storeTooNew(let path, let version, let supported):
      message = .storeTooNew(path: path, version: version, supported: supported)
    case .storage: message = .storageFailure
    }
    return message.text(in: language)
  }
}
