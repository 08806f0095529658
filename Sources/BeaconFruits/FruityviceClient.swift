import BeaconCore
import Foundation

/// Talks to Fruityvice (no key, GET only): keeps under a polite rate, merges identical concurrent requests, and
/// maps every fault to the ``UpstreamFault`` of ``UpstreamService/fruityvice``.
package final class FruityviceClient: Sendable {
  /// The public API's base URL.
  package static let defaultBaseURL = ServiceURLOption.fruityvice.defaultURL
  /// How long to back off after a 429 without `Retry-After`.
  static let defaultBackoffSeconds = 2

  /// The API's base URL.
  package var baseURL: URL { api.baseURL }
  private let api: KeylessAPIClient

  /// Fruityvice publishes no limit; 5 requests per second keeps a free service's load small.
  package static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 5, per: .seconds(1)) }

  /// Creates a client.
  package init(baseURL: URL, transport: any HTTPTransport, limiter: RateLimiter = FruityviceClient.defaultLimiter()) {
    api = KeylessAPIClient(
      service: .fruityvice,
      baseURL: baseURL,
      transport: transport,
      limiter: limiter,
      backoffSeconds: Self.defaultBackoffSeconds
    )
  }

  /// The request path for `components`, each percent-encoded: `["api", "fruit", "family", "Rosaceae"]` →
  /// `/api/fruit/family/Rosaceae`. It is also the cache key.
  package static func path(_ components: [String]) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/;?#")
    return components.map { "/" + ($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0) }.joined()
  }

  /// GETs `path` (already percent-encoded, see ``path(_:)``) and returns the body of a 2xx answer.
  ///
  /// - Parameter notFound: What a 404 means for this request (an unknown group, or an outage for `/all`).
  package func get(path: String, notFound: BeaconError) async throws(BeaconError) -> [UInt8] {
    guard let body = try await api.get(path) else { throw notFound }
    return body
  }
}
