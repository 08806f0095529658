import BeaconCore
import Foundation

/// Talks to CoinLore (no key, GET only): keeps to CoinLore's request of about one call per second, merges identical
/// concurrent requests, and maps every fault to the ``UpstreamFault`` of ``UpstreamService/coinlore``.
package final class CoinLoreClient: Sendable {
  /// The public API's base URL.
  package static let defaultBaseURL = ServiceURLOption.coinlore.defaultURL
  /// How long to back off after a 429 without `Retry-After`.
  static let defaultBackoffSeconds = 2

  /// The API's base URL.
  package var baseURL: URL { api.baseURL }
  private let api: KeylessAPIClient

  /// CoinLore asks for about one request per second: three per three seconds allows a short burst (global, a page
  /// and a coin) at that average.
  package static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 3, per: .seconds(3)) }

  /// Creates a client.
  package init(baseURL: URL, transport: any HTTPTransport, limiter: RateLimiter = CoinLoreClient.defaultLimiter()) {
    api = KeylessAPIClient(
      service: .coinlore,
      baseURL: baseURL,
      transport: transport,
      limiter: limiter,
      backoffSeconds: Self.defaultBackoffSeconds
    )
  }

  /// The cache key of a request: its path and its query sorted by name (`/api/tickers/?limit=100&start=0`).
  package static func key(path: String, query: [String: String]) -> String {
    guard !query.isEmpty else { return path }
    return path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
  }

  /// GETs `path` (`/api/global/`) with `query` and returns the body of a 2xx answer.
  ///
  /// - Parameter notFound: What a 404 means for this request (an unknown coin, or an outage).
  package func get(
    path: String,
    query: [String: String] = [:],
    notFound: BeaconError = .upstream(.coinlore, .badAnswer(reason: "HTTP 404"))
  ) async throws(BeaconError) -> [UInt8] {
    var target = path
    if !query.isEmpty {
      var allowed = CharacterSet.urlQueryAllowed
      allowed.remove(charactersIn: "&=+#")
      target +=
        "?"
        + query.sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
        .joined(separator: "&")
    }
    guard let body = try await api.get(target) else { throw notFound }
    return body
  }
}
