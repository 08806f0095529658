/// What can go wrong with fruits: Fruityvice faults (the same kinds as Geoapify's) and unknown fruits or groups.
///
/// Carried by ``BeaconError/fruits(_:)``, so the server maps it like every other domain error.
public enum FruitError: Error, Sendable, Equatable {
  /// No fruit with this id is in Fruityvice's catalogue.
  case fruitNotFound(Int)
  /// Fruityvice knows no family, genus or order of this name (HTTP 404).
  case groupNotFound(kind: FruitGroupKind, name: String)
  /// Fruityvice's rate limit (HTTP 429); retry after this many seconds.
  case rateLimited(retryAfterSeconds: Int)
  /// Fruityvice rejected the request (another 4xx) with its own message.
  case rejected(message: String)
  /// Fruityvice could not be reached or answered unusably (5xx, timeout, refused, truncated, invalid JSON), or
  /// Beacon is offline with no stored catalogue (`reason` is then `offline`).
  case unavailable(reason: String)

  /// The stable `data.kind`: the same kinds as places use.
  public var kind: String {
    switch self {
    case .fruitNotFound, .groupNotFound: "notFound"
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
  public var message: FruitMessage {
    switch self {
    case .fruitNotFound(let id): .fruitNotFound(id)
    case .groupNotFound(let kind, let name): .groupNotFound(kind: kind, name: name)
    case .rateLimited(let seconds): .rateLimited(seconds)
    case .rejected(let detail): .rejected(detail)
    case .unavailable("offline"): .offlineWithoutCatalogue
    case .unavailable: .unavailable
    }
  }
}
