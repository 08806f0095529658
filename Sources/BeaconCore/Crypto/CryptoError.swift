/// What can go wrong with crypto data: CoinLore's faults (the same kinds as Geoapify's and Fruityvice's) and unknown
/// coins.
///
/// Carried by ``BeaconError/crypto(_:)``, so the server maps it like every other domain error.
public enum CryptoError: Error, Sendable, Equatable {
  /// CoinLore knows no coin with this id (an empty answer for `/api/ticker/?id=`).
  case coinNotFound(String)
  /// CoinLore's rate limit (HTTP 429); retry after this many seconds.
  case rateLimited(retryAfterSeconds: Int)
  /// CoinLore rejected the request (another 4xx) with its own message.
  case rejected(message: String)
  /// CoinLore could not be reached or answered unusably (5xx, timeout, refused, truncated, invalid JSON, no data),
  /// or Beacon is offline with nothing stored (`reason` is then `offline`).
  case unavailable(reason: String)

  /// The stable `data.kind`: the same kinds as places use.
  public var kind: String {
    switch self {
    case .coinNotFound: "notFound"
    case .rateLimited: "rateLimited"
    case .rejected: "upstreamRejected"
    case .unavailable: "upstreamUnavailable"
    }
  }

  /// Whether a stored answer may stand in for this failure (the network failed, not the request).
  public var allowsStaleFallback: Bool {
    switch self {
    case .unavailable, .rateLimited: true
    default: false
    }
  }

  /// The sentence for people.
  public var message: CryptoMessage {
    switch self {
    case .coinNotFound(let id): .coinNotFound(id)
    case .rateLimited(let seconds): .rateLimited(seconds)
    case .rejected(let detail): .rejected(detail)
    case .unavailable("offline"): .offlineWithoutData
    case .unavailable: .unavailable
    }
  }
}
