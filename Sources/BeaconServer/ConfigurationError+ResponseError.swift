import BeaconCore
import JSONRPC

extension ConfigurationError: ResponseErrorConvertible {
  /// `-32602` `invalidParams` naming the `initializationOptions` field (``BeaconServer/field(of:)``).
  func responseError(in language: Language) -> ResponseError {
    ResponseError(
      code: .invalidParams,
      message: message(in: language),
      kind: .invalidParams,
      details: ["field": .string(BeaconServer.field(of: self))]
    )
  }
}
