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
      return .rateLimited(retryAfterSeconds: seconds, message: message)
    case .rejected(let detail):
      return .upstreamRejected(detail, message: message)
    case .unavailable(let reason):
      return .upstreamUnavailable(reason: reason, message: message)
    }
  }
}
