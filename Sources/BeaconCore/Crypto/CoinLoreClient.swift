import Foundation

/// Talks to CoinLore (no key, GET only): keeps to CoinLore's request of about one call per second, merges identical
/// concurrent requests, and maps every fault to a ``BeaconError`` of the same kind as Geoapify's (``CryptoError``).
public final class CoinLoreClient: Sendable {
  /// The public API's base URL.
  public static let defaultBaseURL = "https://api.coinlore.net"
  /// How long to back off after a 429 without `Retry-After`.
  static let defaultBackoffSeconds = 2

  /// The API's base URL.
  public let baseURL: URL
  private let transport: any HTTPTransport
  private let limiter: RateLimiter
  private let coalescer = RequestCoalescer<[UInt8]>()

  /// CoinLore asks for about one request per second: three per three seconds allows a short burst (global, a page
  /// and a coin) at that average.
  public static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 3, per: .seconds(3)) }

  /// Creates a client.
  public init(baseURL: URL, transport: any HTTPTransport, limiter: RateLimiter = CoinLoreClient.defaultLimiter()) {
    self.baseURL = baseURL
    self.transport = transport
    self.limiter = limiter
  }

  /// The cache key of a request: its path and its query sorted by name (`/api/tickers/?limit=100&start=0`).
  public static func key(path: String, query: [String: String]) -> String {
    guard !query.isEmpty else { return path }
    return path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
  }

  /// GETs `path` (`/api/global/`) with `query` and returns the body of a 2xx answer.
  ///
  /// - Parameter notFound: What a 404 means for this request (an unknown coin, or an outage).
  public func get(
    path: String,
    query: [String: String] = [:],
    notFound: CryptoError = .unavailable(reason: "HTTP 404")
  ) async throws(BeaconError) -> [UInt8] {
    if let pause = await limiter.remainingPause {
      throw .crypto(.rateLimited(retryAfterSeconds: max(1, Int(pause.components.seconds) + 1)))
    }
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      throw .crypto(.unavailable(reason: "invalid base URL"))
    }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    components.percentEncodedPath = basePath + path
    if !query.isEmpty {
      components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
    }
    guard let url = components.url else { throw .crypto(.unavailable(reason: "invalid request URL")) }
    let request = HTTPRequest(
      url: url,
      headers: ["accept": "application/json", "user-agent": "beacon/\(BeaconVersion.current)"]
    )
    let result = await coalescer.run(key: Self.key(path: path, query: query)) { [transport, limiter] in
      do {
        try await limiter.acquire()
      } catch {
        return .failure(.crypto(.unavailable(reason: "cancelled")))
      }
      do throws(HTTPTransportError) {
        let response = try await transport.send(request)
        return await Self.interpret(response, notFound: notFound, limiter: limiter)
      } catch {
        return .failure(.crypto(.unavailable(reason: GeoapifyClient.describe(error))))
      }
    }
    return try result.get()
  }

  /// Maps a response to its body or to the error its status means (`notFound` for a 404).
  static func interpret(
    _ response: HTTPResponse,
    notFound: CryptoError,
    limiter: RateLimiter
  ) async -> Result<[UInt8], BeaconError> {
    switch response.status {
    case 200..<300:
      return .success(response.body)
    case 404:
      return .failure(.crypto(notFound))
    case 429:
      let seconds = GeoapifyClient.retryAfterSeconds(response.headers["retry-after"]) ?? defaultBackoffSeconds
      await limiter.pause(for: .seconds(seconds))
      return .failure(.crypto(.rateLimited(retryAfterSeconds: seconds)))
    case 400..<500:
      return .failure(.crypto(.rejected(message: FruityviceDecoding.errorMessage(response.body))))
    default:
      return .failure(.crypto(.unavailable(reason: "HTTP \(response.status)")))
    }
  }
}
