import BeaconCore
import JSONRPC

extension BeaconError: ResponseErrorConvertible {
  /// The error as it goes on the wire, with its message in `language`: the code and `data.kind` of its kind, and in
  /// `data` what it is about (an id, a path, a field, an upstream API's words).
  func responseError(in language: Language) -> ResponseError {
    ResponseError(code: code, message: message(in: language), kind: ErrorKind(rawValue: kind), details: details)
  }

  /// The wire code of the error's kind (``ApplicationErrorCode``).
  private var code: ErrorCode {
    switch self {
    case .notFound: ApplicationErrorCode.notFound
    case .unsupportedPlace: ApplicationErrorCode.unsupportedPlace
    case .invalidArgument: .invalidParams
    case .storeUnavailable, .storeDirectoryMissing, .notOnSharedStore, .storeServerUnavailable:
      ApplicationErrorCode.storeUnavailable
    case .storeTooNew: ApplicationErrorCode.storeTooNew
    case .storage, .storeServer: ApplicationErrorCode.storageFailure
    case .missingAPIKey: ApplicationErrorCode.missingAPIKey
    case .invalidAPIKey: ApplicationErrorCode.invalidAPIKey
    case .upstream(_, .rateLimited): ApplicationErrorCode.rateLimited
    case .upstream(_, .rejected): ApplicationErrorCode.upstreamRejected
    case .upstream(_, .unavailable), .upstream(_, .badAnswer): ApplicationErrorCode.upstreamUnavailable
    case .importFailed, .nothingImported: ApplicationErrorCode.importFailed
    case .storeDamaged(_, let atOpen, _):
      atOpen ? ApplicationErrorCode.storeUnavailable : ApplicationErrorCode.storageFailure
    }
  }

  /// `data`'s members besides `kind`.
  private var details: [String: JSONValue] {
    switch self {
    case .notFound(let entity):
      return entity.ids
    case .unsupportedPlace(let id):
      return ["placeId": .string(id)]
    case .invalidArgument(let field, _):
      return ["field": .string(field)]
    case .storeUnavailable(let path, _):
      return ["path": .string(path)]
    case .storeTooNew(let path, let version, let supported):
      return ["path": .string(path), "version": .int(version), "supported": .int(supported)]
    case .storage(let error):
      // `reason: "readOnly"` tells a client that retrying will not help until the store can be written; `busy`, that
      // retrying later will.
      return error.isReadOnly ? ["reason": "readOnly"] : error.isBusy ? ["reason": "busy"] : [:]
    case .missingAPIKey, .invalidAPIKey, .storeServer:
      return [:]
    // Every upstream API's faults carry the same members, whichever service failed.
    case .upstream(_, .rateLimited(let seconds)):
      return ["retryAfterSeconds": .int(seconds)]
    case .upstream(_, .rejected(let detail)):
      return ["upstreamMessage": .string(detail)]
    case .upstream(_, .unavailable(let reason)), .upstream(_, .badAnswer(let reason)):
      return ["reason": .string(reason)]
    case .importFailed(let file, let position, let reason):
      var details: [String: JSONValue] = ["file": .string(file), "reason": .string(reason.wireText)]
      if let position { details["position"] = .string(position.wireText) }
      return details
    case .nothingImported(let file, let skipped):
      return ["file": .string(file), "skipped": .object(skipped.mapValues { .int($0) })]
    case .notOnSharedStore(let feature, _):
      // `reason: "notOnSharedStore"`: the feature works with a SQLite store (`--store PATH`), not on this server yet.
      return ["reason": "notOnSharedStore", "feature": .string(feature)]
    case .storeServerUnavailable(let path, let reason, _):
      // `libraryMissing`: retrying will not help until libpq is installed; `reconnecting`: the next request tries.
      return ["reason": .string(reason), "path": .string(path)]
    case .storeDirectoryMissing(let path, let directory):
      return ["reason": "directoryMissing", "path": .string(path), "directory": .string(directory)]
    case .storeDamaged(let path, _, _):
      // `reason: "damaged"`: retrying will not help; `beacon store check` and `beacon store recover` will.
      return ["reason": "damaged", "path": .string(path)]
    }
  }
}

extension UnknownEntity {
  /// What names the entity in `data` of a `notFound` error: `placeId`, `fruitId`, `groupKind` and `groupName`,
  /// `coinId` or `userId`.
  var ids: [String: JSONValue] {
    switch self {
    case .place(let id): ["placeId": .string(id)]
    case .feature(let entity): entity.ids
    }
  }
}
