import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests of HTTP clients.
///
/// It records every request in order and answers each with the next scripted response for its path
/// (``enqueue(_:forPath:)``), else with ``handler``'s (404 until one is installed). Responses can be delayed
/// or broken on purpose (see ``Response/Fault``). Connections stay open between requests unless the client
/// asks otherwise; each is served on its own thread.
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// server.handler = { request in .json(#"{"features": []}"#, headers: ["Retry-After": "1"]) }
/// let url = server.baseURL.appendingPathComponent("v2/places")
/// ```
///
/// ``stop()`` (also run by `deinit`) closes the listener and every connection and ends all threads promptly;
/// afterwards connecting to ``port`` is refused.
package final class LoopbackHTTPServer: Sendable {
  private let core: LoopbackHTTPServerCore

  /// The port the server listens on.
  package let port: UInt16
  /// `http://127.0.0.1:<port>`, without a trailing slash.
  package let baseURL: URL

  /// Binds 127.0.0.1 on an ephemeral port and starts accepting connections.
  package init() throws {
    let core = try LoopbackHTTPServerCore()
    var components = URLComponents()
    components.scheme = "http"
    components.host = "127.0.0.1"
    components.port = Int(core.port)
    guard let baseURL = components.url else {
      core.stop()
      throw LoopbackHTTPServerError(operation: "URLComponents", code: 0)
    }
    self.core = core
    self.port = core.port
    self.baseURL = baseURL
    core.start()
  }

  deinit { core.stop() }

  /// Answers every request without a scripted response; the default answers 404.
  package var handler: @Sendable (RecordedRequest) -> Response {
    get { core.handler }
    set { core.handler = newValue }
  }

  /// Every request received so far, in order of arrival.
  package var requests: [RecordedRequest] { core.requests }

  /// How many requests for `path` (percent-decoded, without the query) were received so far.
  package func requestCount(path: String) -> Int {
    requests.count { $0.path == path }
  }

  /// Queues `response` as the answer to the next request for `path` not yet answered by an earlier one.
  ///
  /// Scripted responses take precedence over ``handler``; once a path's queue is empty, ``handler`` answers.
  package func enqueue(_ response: Response, forPath path: String) {
    core.enqueue(response, path: path)
  }

  /// Queues `responses`, in order, as the answers to the next requests for `path`.
  package func enqueue(_ responses: [Response], forPath path: String) {
    for response in responses {
      core.enqueue(response, path: path)
    }
  }

  /// Waits until at least `count` requests have been received; `false` if `timeout` seconds pass first.
  package func waitForRequests(count: Int, timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while requests.count < count {
      guard Date() < deadline else { return false }
      usleep(5_000)
    }
    return true
  }

  /// ``waitForRequests(count:timeout:)`` for async code: it sleeps instead of blocking, so a test on Swift's
  /// cooperative pool (two threads on a two-core machine) does not starve the very request it waits for.
  package func requestsArrive(count: Int, timeout: TimeInterval) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while requests.count < count {
      guard Date() < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// Closes the listener and all open connections and ends the server's threads. Idempotent.
  package func stop() { core.stop() }

  /// A loopback port that nothing listens on, for "connection refused" tests.
  ///
  /// The port is bound (ephemerally) and released again, so another process could in principle take it
  /// before the test connects; on a test machine that is vanishingly rare.
  package static func closedPort() throws -> UInt16 {
    let (fd, port) = try LoopbackSocket.bound()
    close(fd)
    return port
  }

  /// `http://127.0.0.1:<port>` for a port that nothing listens on (see ``closedPort()``).
  package static func closedBaseURL() throws -> URL {
    let port = try closedPort()
    guard let url = URL(string: "http://127.0.0.1:\(port)") else {
      throw LoopbackHTTPServerError(operation: "URL", code: 0)
    }
    return url
  }
}
