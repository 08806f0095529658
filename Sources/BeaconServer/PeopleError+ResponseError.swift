import BeaconCore
import JSONRPC

extension PeopleError {
  /// The error on the wire, with the same codes and kinds as places: `notFound` names the user (`data.userId`);
  /// randomuser.me's faults carry what Geoapify's do.
  func responseError(message: String) -> ResponseError {
    switch self {
    case .userNotFound(let id):
      return ResponseError(
        code: ApplicationErrorCode.notFound,
        message: message,
        data: ["kind": "notFound", "userId": .string(id)]
      )
    case .rateLimited(let seconds):
      return ResponseError(
        code: ApplicationErrorCode.rateLimited,
        message: message,
        data: ["kind": "rateLimited", "retryAfterSeconds": .int(seconds)]
      )
    case .rejected(let detail):
      return ResponseError(
        code: ApplicationErrorCode.upstreamRejected,
        message: message,
        data: ["kind": "upstreamRejected", "upstreamMessage": .string(detail)]
      )
    case .unavailable(let reason):
      return ResponseError(
        code: ApplicationErrorCode.upstreamUnavailable,
        message: message,
        data: ["kind": "upstreamUnavailable", "reason": .string(reason)]
      )
    }
  }
}
