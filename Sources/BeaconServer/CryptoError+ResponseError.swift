import BeaconCore
import JSONRPC

extension CryptoError {
  /// The error on the wire, with the same codes and kinds as places: `notFound` names the coin (`data.coinId`);
  /// CoinLore's faults carry what Geoapify's do.
  func responseError(message: String) -> ResponseError {
    switch self {
    case .coinNotFound(let id):
      return ResponseError(
        code: ApplicationErrorCode.notFound,
        message: message,
        data: ["kind": "notFound", "coinId": .string(id)]
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
