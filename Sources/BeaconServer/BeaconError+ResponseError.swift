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
    case .storage:
      return ResponseError(
        code: ApplicationErrorCode.storageFailure,
        message: message,
        data: ["kind": "storageFailure"]
      )
    }
  }
}
