import Foundation

/// Talks to randomuser.me (no key, GET only): keeps under a polite rate, merges identical concurrent requests, and
/// maps every fault to a ``BeaconError`` of the same kind as Geoapify's (``PeopleError``).
public final class RandomUserClient: Sendable {
  /// The public API's base URL.
  public static let defaultBaseURL = "https://randomuser.me"
  /// The API version Beacon reads (pinned, so a new version cannot change the shape under it).
  public static let apiPath = "/api/1.4/"
  /// The parts of a user Beacon asks for (`inc`); logins' passwords and hashes are left out where possible.
  public static let includedFields = "name,location,email,login,dob,phone,picture"
  /// How long to back off after a 429 without `Retry-After` (randomuser.me counts users per 5 minutes).
  static let defaultBackoffSeconds = 60

  /// The API's base URL.
  public let baseURL: URL
  private let transport: any HTTPTransport
  private let limiter: RateLimiter
  private let coalescer = RequestCoalescer<[UInt8]>()

  /// randomuser.me allows 20,000 users per 5 minutes; 2 requests per second of 100 stays far below.
  public static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 2, per: .seconds(1)) }

  /// Creates a client.
  public init(baseURL: URL, transport: any HTTPTransport, limiter: RateLimiter = RandomUserClient.defaultLimiter()) {
    self.baseURL = baseURL
    self.transport = transport
    self.limiter = limiter
  }

  /// The request path and query for `count` users of `seed`: `/api/1.4/?results=100&seed=ios&inc=…`, every value
  /// percent-encoded (also `+` and `&`, which randomuser.me would read as a space and a new parameter).
  public static func target(seed: String, count: Int) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    func encoded(_ value: String) -> String { value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
    let query = [("results", String(count)), ("seed", seed), ("inc", includedFields)]
      .map { "\($0.0)=\(encoded($0.1))" }.joined(separator: "&")
    return apiPath + "?" + query
  }

  /// GETs `count` users of `seed` and returns the body of a 2xx answer.
  public func users(seed: String, count: Int) async throws(BeaconError) -> [UInt8] {
    if let pause = await limiter.remainingPause {
      throw .people(.rateLimited(retryAfterSeconds: max(1, Int(pause.components.seconds) + 1)))
    }
    let target = Self.target(seed: seed, count: count)
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      throw .people(.unavailable(reason: "invalid base URL"))
    }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    let parts = target.split(separator: "?", maxSplits: 1)
    components.percentEncodedPath = basePath + String(parts.first ?? "")
    components.percentEncodedQuery = parts.count > 1 ? String(parts[1]) : nil
    guard let url = components.url else { throw .people(.unavailable(reason: "invalid request URL")) }
    let request = HTTPRequest(
      url: url,
      headers: ["accept": "application/json", "user-agent": "beacon/\(BeaconVersion.current)"]
    )
    let result = await coalescer.run(key: target) { [transport, limiter] in
      do {
        try await limiter.acquire()
      } catch {
        return .failure(.people(.unavailable(reason: "cancelled")))
      }
      do throws(HTTPTransportError) {
        let response = try await transport.send(request)
        return await Self.interpret(response, limiter: limiter)
      } catch {
        return .failure(.people(.unavailable(reason: GeoapifyClient.describe(error))))
      }
    }
    return try result.get()
  }

  /// Maps a response to its body or to the error its status means.
  static func interpret(_ response: HTTPResponse, limiter: RateLimiter) async -> Result<[UInt8], BeaconError> {
    switch response.status {
    case 200..<300:
      return .success(response.body)
    case 429:
      let seconds = GeoapifyClient.retryAfterSeconds(response.headers["retry-after"]) ?? defaultBackoffSeconds
      await limiter.pause(for: .seconds(seconds))
      return .failure(.people(.rateLimited(retryAfterSeconds: seconds)))
    case 404:
      // An unknown API version (or a wrong base URL): the service is not where Beacon looks for it.
      return .failure(.people(.unavailable(reason: "HTTP 404")))
    case 400..<500:
      return .failure(.people(.rejected(message: RandomUserDecoding.errorMessage(response.body))))
    default:
      return .failure(.people(.unavailable(reason: "HTTP \(response.status)")))
    }
  }
}
