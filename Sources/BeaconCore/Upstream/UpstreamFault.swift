/// What went wrong with an upstream API, the same for every service (Geoapify, Fruityvice, CoinLore,
/// randomuser.me): carried with the service by ``BeaconError/upstream(_:_:)``, so each fault has one wire form and
/// one sentence.
package enum UpstreamFault: Error, Sendable, Equatable {
  /// HTTP 429, or Beacon still pausing after one; retry after this many seconds.
  case rateLimited(retryAfterSeconds: Int)
  /// The API rejected the request (a 4xx other than a key or rate fault) with its own message.
  case rejected(message: String)
  /// A transport failure, an unusable URL, or the request was cancelled while waiting for its turn; `offline` when
  /// Beacon runs offline and has nothing stored to answer with.
  case unavailable(reason: String)
  /// The service answered, but with nothing Beacon can use: a 5xx (or another unexpected status) or a body it cannot
  /// read. On the wire it is `upstreamUnavailable` as well, with the same `data.reason`; only the sentence differs
  /// (the network is not to blame).
  case badAnswer(reason: String)

  /// Whether a stored answer may stand in for this fault (the network failed, not the request).
  package var allowsStaleFallback: Bool {
    switch self {
    case .rateLimited, .unavailable, .badAnswer: true
    case .rejected: false
    }
  }
}
