import BeaconCore
import JSONRPC

extension BeaconError {
  /// The error as it goes on the wire, with its message in `language`.
  func responseError(in language: Language) -> ResponseError {
    let message = message(in: language)
    switch self {
    case .placeNotFound(let id):
      return ResponseError(
        code: ApplicationErrorCode.notFound,
        message: message,
        data: ["kind": "notFound", "placeId": .string(id)]
      )
    case .unsupportedPlace(let id):
      return ResponseError(
        code: ApplicationErrorCode.unsupportedPlace,
        message: message,
        data: ["kind": "unsupportedPlace", "placeId": .string(id)]
      )
    case .invalidArgument(let field, _):
      return ResponseError(
        code: .invalidParams,
        message: message,
        data: ["kind": "invalidParams", "field": .string(field)]
      )
    case .storeUnavailable(let path, _):
      return ResponseError(
        code: ApplicationErrorCode.storeUnavailable,
        message: message,
        data: ["kind": "storeUnavailable", "path": .string(path)]
      )
    case .storeTooNew(let path, let version, let supported):
      return ResponseError(
        code: ApplicationErrorCode.storeTooNew,
        message: message,
        data: ["kind": "storeTooNew", "path": .string(path), "version": .int(version), "supported": .int(supported)]
      )
    case .storage(let error):
      // `reason: "readOnly"` tells a client that retrying will not help until the store can be written.
      return ResponseError(
        code: ApplicationErrorCode.storageFailure,
        message: message,
        data: error.isReadOnly ? ["kind": "storageFailure", "reason": "readOnly"] : ["kind": "storageFailure"]
      )
    case .missingAPIKey:
      return ResponseError(code: ApplicationErrorCode.missingAPIKey, message: message, data: ["kind": "missingApiKey"])
    case .invalidAPIKey:
      return ResponseError(code: ApplicationErrorCode.invalidAPIKey, message: message, data: ["kind": "invalidApiKey"])
    case .rateLimited(let seconds):
      return .rateLimited(retryAfterSeconds: seconds, message: message)
    case .upstreamRejected(let detail):
      return .upstreamRejected(detail, message: message)
    case .upstreamUnavailable(let reason):
      return .upstreamUnavailable(reason: reason, message: message)
    case .importFailed(let file, let position, let reason):
      var data: [String: JSONValue] = [
        "kind": "importFailed", "file": .string(file), "reason": .string(reason.wireText),
      ]
      if let position { data["position"] = .string(position.wireText) }
      return ResponseError(code: ApplicationErrorCode.importFailed, message: message, data: .object(data))
    case .nothingImported(let file, let skipped):
      let data: JSONValue = [
        "kind": "nothingImported", "file": .string(file), "skipped": .object(skipped.mapValues { .int($0) }),
      ]
      return ResponseError(code: ApplicationErrorCode.importFailed, message: message, data: data)
    case .fruits(let error):
      return error.responseError(message: message)
    case .crypto(let error):
      return error.responseError(message: message)
    case .people(let error):
      return error.responseError(message: message)
    case .storeDirectoryMissing(let path, let directory):
      return ResponseError(
        code: ApplicationErrorCode.storeUnavailable,
        message: message,
        data: [
          "kind": "storeUnavailable", "reason": "directoryMissing", "path": .string(path),
          "directory": .string(directory),
        ]
      )
    case .storeDamaged(let path, let atOpen, _):
      // `reason: "damaged"`: retrying will not help; `beacon store check` and `beacon store recover` will.
      return ResponseError(
        code: atOpen ? ApplicationErrorCode.storeUnavailable : ApplicationErrorCode.storageFailure,
        message: message,
        data: ["kind": .string(kind), "reason": "damaged", "path": .string(path)]
      )
    }
  }
}
