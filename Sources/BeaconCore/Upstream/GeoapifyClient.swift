import Foundation

/// Talks to Geoapify: builds the query, sends the key in the `x-api-key` header (never in a URL),
/// keeps under the rate limit, merges identical concurrent requests, and maps every fault to a
/// ``BeaconError`` a person can act on.
package final class GeoapifyClient: Sendable {
  /// The API's base URL.
  package let baseURL: URL
  private let apiKey: APIKey?
  private let transport: any HTTPTransport
  private let limiter: RateLimiter
  private let coalescer = RequestCoalescer<[UInt8]>()
  /// How long to back off after a 429 without `Retry-After`.
  static let defaultBackoffSeconds = 2

  /// Geoapify's 5 requests per second, counted over 1.1 s: requests admitted exactly 1 s apart can arrive
  /// less than 1 s apart (the first ones wait for a connection, later ones reuse it), and Geoapify counts arrivals.
  package static func defaultLimiter() -> RateLimiter { RateLimiter(maxRequests: 5, per: .milliseconds(1_100)) }

  /// Creates a client.
  package init(
    baseURL: URL,
    apiKey: APIKey?,
    transport: any HTTPTransport,
    limiter: RateLimiter = GeoapifyClient.defaultLimiter()
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.transport = transport
    self.limiter = limiter
  }

  /// Whether a key is configured.
  package var hasAPIKey: Bool { apiKey != nil }

  /// A stable key for a request, without the API key: the cache and the coalescer use it.
  package static func requestKey(path: String, query: [(String, String)]) -> String {
    path + "?" + query.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
  }

  /// GETs `path` with `query` and returns the body of a 200 answer.
  package func get(path: String, query: [(String, String)]) async throws(BeaconError) -> [UInt8] {
    guard let apiKey else { throw .missingAPIKey }
    if let pause = await limiter.remainingPause {
      throw .upstream(.geoapify, .rateLimited(retryAfterSeconds: max(1, Int(pause.components.seconds) + 1)))
    }
    guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
    else { throw .upstream(.geoapify, .unavailable(reason: "invalid base URL")) }
    components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    // URLQueryItem leaves "+" as it is, and servers read a literal "+" in a query as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    guard let url = components.url else { throw .upstream(.geoapify, .unavailable(reason: "invalid request URL")) }
    let request = HTTPRequest(
      url: url,
      headers: [
        "x-api-key": apiKey.revealedForRequest, "accept": "application/json",
        "user-agent": "beacon/\(BeaconVersion.current)",
      ]
    )
    let result = await coalescer.run(key: Self.requestKey(path: path, query: query)) { [transport, limiter] in
      do {
        try await limiter.acquire()
      } catch {
        return .failure(.upstream(.geoapify, .unavailable(reason: "cancelled")))
      }
      do throws(HTTPTransportError) {
        let response = try await transport.send(request)
        return await Self.interpret(response, limiter: limiter, key: apiKey)
      } catch {
        return .failure(.upstream(.geoapify, .unavailable(reason: Self.describe(error))))
      }
    }
    return try result.get()
  }

  /// Maps a response to its body or to the error its status means; the key never reaches the error, even
  /// when the server's own message quotes it.
  static func interpret(
    _ response: HTTPResponse,
    limiter: RateLimiter,
    key: APIKey
  ) async -> Result<[UInt8], BeaconError> {
    let secret = key.revealedForRequest
    switch response.status {
    case 200..<300:
      return .success(response.body)
    case 401, 403:
      return .failure(.invalidAPIKey(source: key.source))
    case 429:
      let seconds = retryAfterSeconds(response.headers["retry-after"]) ?? defaultBackoffSeconds
      await limiter.pause(for: .seconds(seconds))
      return .failure(.upstream(.geoapify, .rateLimited(retryAfterSeconds: seconds)))
    case 400..<500:
      let message = GeoapifyDecoding.errorMessage(response.body)
      return .failure(.upstream(.geoapify, .rejected(message: message.replacingOccurrences(of: secret, with: "***"))))
    default:
      return .failure(.upstream(.geoapify, .badAnswer(reason: "HTTP \(response.status)")))
    }
  }

  /// The longest pause a `Retry-After` makes, in seconds: a server (or anything in between) that asks for a day must
  /// not keep a long session away from it for that day; the next call after five minutes asks again.
  static let maxRetryAfterSeconds = 300

  /// Reads `Retry-After` as seconds or as an HTTP date, at most ``maxRetryAfterSeconds``.
  static func retryAfterSeconds(_ value: String?, now: Date = Date()) -> Int? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Int(value) { return min(maxRetryAfterSeconds, max(0, seconds)) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    let seconds = date.timeIntervalSince(now).rounded(.up)
    return seconds > Double(maxRetryAfterSeconds) ? maxRetryAfterSeconds : max(0, Int(seconds))
  }

  static func describe(_ error: HTTPTransportError) -> String {
    switch error {
    case .timedOut: "timed out"
    case .cannotConnect(let detail): "cannot connect (\(detail))"
    case .connectionLost(let detail): "connection lost (\(detail))"
    case .responseTooLarge(let limit): "response larger than \(limit) bytes"
    case .failed(let detail): detail
    }
  }
}
