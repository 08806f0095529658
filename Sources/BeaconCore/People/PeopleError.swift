/// What can go wrong with the user directory: randomuser.me's faults (the same kinds as Geoapify's and
/// Fruityvice's) and unknown users.
///
/// Carried by ``BeaconError/people(_:)``, so the server maps it like every other domain error.
public enum PeopleError: Error, Sendable, Equatable {
  /// No stored user has this id (it was never fetched, or it was deleted).
  case userNotFound(String)
  /// randomuser.me's rate limit (HTTP 429); retry after this many seconds.
  case rateLimited(retryAfterSeconds: Int)
  /// randomuser.me rejected the request (a 4xx other than 404 and 429) with its own message.
  case rejected(message: String)
  /// randomuser.me could not be reached or answered unusably (5xx, 404, timeout, refused, truncated, invalid JSON,
  /// its own `{"error": …}`), or Beacon is offline and needs it (`reason` is then `offline`).
  case unavailable(reason: String)

  /// The stable `data.kind`: the same kinds as places and fruits use.
  public var kind: String {
    switch self {
    case .userNotFound: "notFound"
    case .rateLimited: "rateLimited"
    case .rejected: "upstreamRejected"
    case .unavailable: "upstreamUnavailable"
    }
  }

  /// Whether the stored users may stand in for this failure (the network failed, not the request).
  public var allowsStaleFallback: Bool {
    switch self {
    case .unavailable, .rateLimited: true
    case .userNotFound, .rejected: false
    }
  }

  /// The sentence for people.
  public var message: PeopleMessage {
    switch self {
    case .userNotFound(let id): .userNotFound(id)
    case .rateLimited(let seconds): .rateLimited(seconds)
    case .rejected(let detail): .rejected(detail)
    case .unavailable("offline"): .offline
    case .unavailable: .unavailable
    }
  }
}
