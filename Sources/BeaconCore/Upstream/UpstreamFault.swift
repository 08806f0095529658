/// What went wrong with a keyless JSON API before a domain names it (``KeylessAPIClient``): each domain maps it
/// to its own error of the kinds Geoapify's faults have.
public enum UpstreamFault: Error, Sendable, Equatable {
  /// HTTP 404: what it means depends on the request (an unknown fruit group or coin, or a service moved).
  case notFound
  /// HTTP 429, or Beacon still pausing after one; retry after this many seconds.
  case rateLimited(retryAfterSeconds: Int)
  /// Another 4xx, with the API's own message.
  case rejected(message: String)
  /// 5xx, a transport failure, an unusable URL, or the request was cancelled while waiting for its turn.
  case unavailable(reason: String)
}
