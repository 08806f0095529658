import Foundation

/// Talks to Fruityvice (no key, GET only): keeps under a polite rate, merges identical concurrent requests, and
/// maps every fault to a ``BeaconError`` of the same kind as Geoapify's (``FruitError``).
public final class FruityviceClient: Sendable {
  /// The public API's base URL.
  public static let defaultBaseURL = "https://www.fruityvice.com"
  /// How long to back off after a 429 without `Retry-After`.
  static let defaultBackoffSeconds = 2

  /// The API's base URL.
  public let baseURL: URL
  private let transport: any HTTPTransport
  private let limiter: RateLimiter
  private let coalescer = RequestCoalescer<[UInt8]>()

  /// Fruityvice publishes no limit; 5 requests per second keeps a free service's load small.
  public static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 5, per: .seconds(1)) }

  /// Creates a client.
  public init(baseURL: URL, transport: any HTTPTransport, limiter: RateLimiter = FruityviceClient.defaultLimiter()) {
    self.baseURL = baseURL
    self.transport = transport
    self.limiter = limiter
  }

  /// The request path for `components`, each percent-encoded: `["api", "fruit", "family", "Rosaceae"]` →
  /// `/api/fruit/family/Rosaceae`. It is also the cache key.
  public static func path(_ components: [String]) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/;?#")
    return components.map { "/" + ($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0) }.joined()
  }

  /// GETs `path` (already percent-encoded, see ``path(_:)``) and returns the body of a 2xx answer.
  ///
  /// - Parameter notFound: What a 404 means for this request (an unknown group, or an outage for `/all`).
  public func get(path: String, notFound: FruitError) async throws(BeaconError) -> [UInt8] {
    if let pause = await limiter.remainingPause {
      throw .fruits(.rateLimited(retryAfterSeconds: max(1, Int(pause.components.seconds) + 1)))
    }
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      throw .fruits(.unavailable(reason: "invalid base URL"))
    }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    components.percentEncodedPath = basePath + path
    guard let url = components.url else { throw .fruits(.unavailable(reason: "invalid request URL")) }
    let request = HTTPRequest(
      url: url,
      headers: ["accept": "application/json", "user-agent": "beacon/\(BeaconVersion.current)"]
    )
    let result = await coalescer.run(key: path) { [transport, limiter] in
      do {
        try await limiter.acquire()
      } catch {
        return .failure(.fruits(.unavailable(reason: "cancelled")))
      }
      do throws(HTTPTransportError) {
        let response = try await transport.send(request)
        return await Self.interpret(response, notFound: notFound, limiter: limiter)
      } catch {
        return .failure(.fruits(.unavailable(reason: GeoapifyClient.describe(error))))
      }
    }
    return try result.get()
  }

  /// Maps a response to its body or to the error its status means (`notFound` for a 404).
  static func interpret(
    _ response: HTTPResponse,
    notFound: FruitError,
    limiter: RateLimiter
  ) async -> Result<[UInt8], BeaconError> {
    switch response.status {
    case 200..<300:
      return .success(response.body)
    case 404:
      return .failure(.fruits(notFound))
    case 429:
      let seconds = GeoapifyClient.retryAfterSeconds(response.headers["retry-after"]) ?? defaultBackoffSeconds
      await limiter.pause(for: .seconds(seconds))
      return .failure(.fruits(.rateLimited(retryAfterSeconds: seconds)))
    case 400..<500:
      return .failure(.fruits(.rejected(message: FruityviceDecoding.errorMessage(response.body))))
    default:
      return .failure(.fruits(.unavailable(reason: "HTTP \(response.status)")))
    }
  }
}
