import BeaconJSON
import Foundation

/// GET-only access to a JSON API that needs no key (Fruityvice, CoinLore, randomuser.me): keeps to a polite rate,
/// merges identical concurrent requests, backs off after a 429, and maps every fault to an ``UpstreamFault`` of its
/// service.
package final class KeylessAPIClient: Sendable {
  /// The API's base URL; a path in it is kept (`http://127.0.0.1:8080/prefix`).
  package let baseURL: URL
  /// The service behind the base URL, named in its faults.
  package let service: UpstreamService
  private let transport: any HTTPTransport
  private let limiter: RateLimiter
  private let backoffSeconds: Int
  /// A shared run's value is the body, or `nil` for a 404.
  private let coalescer: RequestCoalescer<[UInt8]?>

  /// Creates a client.
  ///
  /// - Parameter backoffSeconds: How long to pause after a 429 without `Retry-After`.
  package init(
    service: UpstreamService,
    baseURL: URL,
    transport: any HTTPTransport,
    limiter: RateLimiter,
    backoffSeconds: Int
  ) {
    self.service = service
    self.baseURL = baseURL
    coalescer = RequestCoalescer(service: service)
    self.transport = transport
    self.limiter = limiter
    self.backoffSeconds = backoffSeconds
  }

  /// GETs `target` — a percent-encoded path with an optional query (`/api/tickers/?start=0&limit=100`) — under the
  /// base URL, and returns the body of a 2xx answer, or `nil` for a 404 (what it means depends on the request: an
  /// unknown fruit group or coin, or a service that moved). Identical targets in flight share one request.
  package func get(_ target: String) async throws(BeaconError) -> [UInt8]? {
    if let pause = await limiter.remainingPause {
      throw .upstream(service, .rateLimited(retryAfterSeconds: max(1, Int(pause.components.seconds) + 1)))
    }
    guard let url = url(for: target) else { throw .upstream(service, .unavailable(reason: "invalid request URL")) }
    let request = HTTPRequest(
      url: url,
      headers: ["accept": "application/json", "user-agent": "beacon/\(BeaconVersion.current)"]
    )
    let result = await coalescer.run(key: target) { [service, transport, limiter, backoffSeconds] in
      do {
        try await limiter.acquire()
      } catch {
        return .failure(.upstream(service, .unavailable(reason: "cancelled")))
      }
      do throws(HTTPTransportError) {
        let response = try await transport.send(request)
        return await Self.interpret(response, limiter: limiter, backoffSeconds: backoffSeconds)
          .mapError { .upstream(service, $0) }
      } catch {
        return .failure(.upstream(service, .unavailable(reason: GeoapifyClient.describe(error))))
      }
    }
    return try result.get()
  }

  /// The base URL with `target` appended to its path.
  func url(for target: String) -> URL? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    components.percentEncodedPath = basePath + String(parts.first ?? "")
    components.percentEncodedQuery = parts.count > 1 ? String(parts[1]) : nil
    return components.url
  }

  /// Maps a response to its body (`nil` for a 404) or to the fault its status means.
  static func interpret(
    _ response: HTTPResponse,
    limiter: RateLimiter,
    backoffSeconds: Int
  ) async -> Result<[UInt8]?, UpstreamFault> {
    switch response.status {
    case 200..<300:
      return .success(response.body)
    case 404:
      return .success(nil)
    case 429:
      let seconds = GeoapifyClient.retryAfterSeconds(response.headers["retry-after"]) ?? backoffSeconds
      await limiter.pause(for: .seconds(seconds))
      return .failure(.rateLimited(retryAfterSeconds: seconds))
    case 400..<500:
      return .failure(.rejected(message: errorMessage(response.body)))
    default:
      return .failure(.badAnswer(reason: "HTTP \(response.status)"))
    }
  }

  /// The API's own words from an error body (`{"error": …}` or `{"message": …}`), else the start of the body.
  package static func errorMessage(_ body: [UInt8]) -> String {
    if let value = try? JSONParser.parse(body) {
      if let error = value["error"]?.stringValue, !error.isEmpty { return error }
      if let message = value["message"]?.stringValue, !message.isEmpty { return message }
    }
    return String(decoding: body.prefix(200), as: UTF8.self)
  }
}
