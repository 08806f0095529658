import BeaconSync
import CCurlLoader
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over URLSession (FoundationNetworking on Linux), with timeouts and a size cap.
///
/// The cap is enforced while the body arrives (``BoundedBodyDelegate``): a larger declared `Content-Length`
/// is refused before the body is read, and an undeclared one is cut off once it passes the cap.
///
/// The session is made on the first request: creating one initializes libcurl and its TLS libraries
/// (~8 MB of resident pages on Linux), which a session that never goes online should not pay.
package final class URLSessionTransport: HTTPTransport {
  private let configuration: URLSessionConfiguration
  private let madeSession = Locked<URLSession?>(nil)
  private let maxResponseBytes: Int
  private let delegate: BoundedBodyDelegate

  /// Creates a transport.
  ///
  /// - Parameters:
  ///   - connectTimeout: Seconds without any data before giving up (connecting included).
  ///   - totalTimeout: Seconds for the whole exchange.
  ///   - maxResponseBytes: The largest body accepted.
  package init(connectTimeout: Double = 5, totalTimeout: Double = 15, maxResponseBytes: Int = 8 << 20) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = connectTimeout
    configuration.timeoutIntervalForResource = totalTimeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    self.configuration = configuration
    self.maxResponseBytes = maxResponseBytes
    delegate = BoundedBodyDelegate(maxBytes: maxResponseBytes, totalTimeout: totalTimeout)
  }

  deinit { madeSession.withLock { $0?.finishTasksAndInvalidate() } }

  /// The session, made on first use.
  private var session: URLSession {
    madeSession.withLock { made in
      if let made { return made }
      let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
      made = session
      return session
    }
  }

  package func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    // libcurl is loaded on the first request (Sources/CCurlLoader); without it, the network is out of reach.
    guard beacon_curl_load() != 0 else { throw .cannotConnect("libcurl (libcurl.so.4) is not installed") }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await delegate.data(for: urlRequest, on: session)
    } catch is BoundedBodyDelegate.TooLarge {
      throw .responseTooLarge(limit: maxResponseBytes)
    } catch let error as URLError {
      throw Self.transportError(error)
    } catch {
      throw .failed("\(type(of: error))")
    }
    guard let http = response as? HTTPURLResponse else { throw .failed("not an HTTP response") }
    guard data.count <= maxResponseBytes else { throw .responseTooLarge(limit: maxResponseBytes) }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    if let declared = headers["content-length"].flatMap(Int.init), declared > data.count {
      throw .connectionLost("body shorter than its Content-Length")
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
  }

  /// Maps URLSession's errors to the few cases callers tell apart; the URL (never secret) is left out.
  static func transportError(_ error: URLError) -> HTTPTransportError {
    switch error.code {
    case .timedOut: return .timedOut
    case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed, .secureConnectionFailed:
      return .cannotConnect(describe(error.code))
    case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
      return .connectionLost(describe(error.code))
    default:
      return .failed(describe(error.code))
    }
  }

  /// What went wrong, in the words a reader of `data.reason` or the log knows (`host not found`), not URLSession's
  /// number; a code without words here keeps its number.
  static func describe(_ code: URLError.Code) -> String {
    switch code {
    case .timedOut: "timed out"
    case .cannotFindHost, .dnsLookupFailed: "host not found"
    case .cannotConnectToHost: "connection refused"
    case .notConnectedToInternet: "no network"
    case .secureConnectionFailed: "TLS handshake failed"
    case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
      .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
      "certificate not accepted"
    case .networkConnectionLost: "connection closed by the server"
    case .badServerResponse, .cannotParseResponse: "no readable HTTP response"
    case .zeroByteResource: "empty response"
    case .httpTooManyRedirects, .redirectToNonExistentLocation: "redirect loop or bad redirect"
    case .unsupportedURL, .badURL: "unsupported URL"
    case .cancelled: "cancelled"
    default: "URLError \(code.rawValue)"
    }
  }
}
