import JSONRPC

/// The wire errors every upstream API's faults share (Geoapify, Fruityvice, CoinLore, randomuser.me).
extension ResponseError {
  /// -33022 `rateLimited` with `data.retryAfterSeconds`.
  static func rateLimited(retryAfterSeconds seconds: Int, message: String) -> ResponseError {
    ResponseError(
      code: ApplicationErrorCode.rateLimited,
      message: message,
      data: ["kind": "rateLimited", "retryAfterSeconds": .int(seconds)]
    )
  }

  /// -33023 `upstreamRejected` with the API's own words in `data.upstreamMessage`.
  static func upstreamRejected(_ detail: String, message: String) -> ResponseError {
    ResponseError(
      code: ApplicationErrorCode.upstreamRejected,
      message: message,
      data: ["kind": "upstreamRejected", "upstreamMessage": .string(detail)]
    )
  }

  /// -33024 `upstreamUnavailable` with `data.reason`.
  static func upstreamUnavailable(reason: String, message: String) -> ResponseError {
    ResponseError(
      code: ApplicationErrorCode.upstreamUnavailable,
      message: message,
      data: ["kind": "upstreamUnavailable", "reason": .string(reason)]
    )
  }
}
