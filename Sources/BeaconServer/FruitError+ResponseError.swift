import BeaconCore
import JSONRPC

extension FruitError {
  /// The error on the wire, with the same codes and kinds as places: `notFound` names the fruit (`data.fruitId`)
  /// or the group (`data.groupKind`, `data.groupName`); Fruityvice's faults carry what Geoapify's do.
  func responseError(message: String) -> ResponseError {
    switch self {
    case .fruitNotFound(let id):
      return ResponseError(
        code: ApplicationErrorCode.notFound,
        message: message,
        data: ["kind": "notFound", "fruitId": .int(id)]
      )
    case .groupNotFound(let kind, let name):
      return ResponseError(
        code: ApplicationErrorCode.notFound,
        message: message,
        data: ["kind": "notFound", "groupKind": .string(kind.rawValue), "groupName": .string(name)]
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
