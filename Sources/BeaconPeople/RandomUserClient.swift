import BeaconCore
import Foundation

/// Talks to randomuser.me (no key, GET only): keeps under a polite rate, merges identical concurrent requests, and
/// maps every fault to the ``UpstreamFault`` of ``UpstreamService/randomUser``.
package final class RandomUserClient: Sendable {
  /// The public API's base URL.
  package static let defaultBaseURL = ServiceURLOption.randomUser.defaultURL
  /// The API version Beacon reads (pinned, so a new version cannot change the shape under it).
  package static let apiPath = "/api/1.4/"
  /// The parts of a user Beacon asks for (`inc`); logins' passwords and hashes are left out where possible.
  package static let includedFields = "name,location,email,login,dob,phone,picture"
  /// How long to back off after a 429 without `Retry-After` (randomuser.me counts users per 5 minutes).
  static let defaultBackoffSeconds = 60

  /// The API's base URL.
  package var baseURL: URL { api.baseURL }
  private let api: KeylessAPIClient

  /// randomuser.me allows 20,000 users per 5 minutes; 2 requests per second of 100 stays far below.
  package static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 2, per: .seconds(1)) }

  /// Creates a client.
  package init(baseURL: URL, transport: any HTTPTransport, limiter: RateLimiter = RandomUserClient.defaultLimiter()) {
    api = KeylessAPIClient(
      service: .randomUser,
      baseURL: baseURL,
      transport: transport,
      limiter: limiter,
      backoffSeconds: Self.defaultBackoffSeconds
    )
  }

  /// The request path and query for `count` users of `seed`: `/api/1.4/?results=100&seed=ios&inc=…`, every value
  /// percent-encoded (also `+` and `&`, which randomuser.me would read as a space and a new parameter).
  package static func target(seed: String, count: Int) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    func encoded(_ value: String) -> String { value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
    let query = [("results", String(count)), ("seed", seed), ("inc", includedFields)]
      .map { "\($0.0)=\(encoded($0.1))" }.joined(separator: "&")
    return apiPath + "?" + query
  }

  /// GETs `count` users of `seed` and returns the body of a 2xx answer.
  package func users(seed: String, count: Int) async throws(BeaconError) -> [UInt8] {
    // A 404 is an unknown API version (or a wrong base URL): the service is not where Beacon looks for it.
    guard let body = try await api.get(Self.target(seed: seed, count: count)) else {
      throw .upstream(.randomUser, .badAnswer(reason: "HTTP 404"))
    }
    return body
  }
}
