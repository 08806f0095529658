import BeaconSync
import BeaconTestSupport
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The loopback server, exercised with the client the product uses: URLSession (FoundationNetworking on Linux).
@Suite struct LoopbackHTTPServerTests {
  /// What one fetch produced: a response and its body, or the client's error.
  enum Outcome {
    case response(HTTPURLResponse, Data)
    case failure(URLError)

    var response: HTTPURLResponse? {
      if case .response(let response, _) = self { return response }
      return nil
    }

    var body: Data? {
      if case .response(_, let body) = self { return body }
      return nil
    }

    var errorCode: URLError.Code? {
      if case .failure(let error) = self { return error.code }
      return nil
    }
  }

  /// An ephemeral session whose requests give up after `timeout` seconds without data.
  ///
  /// On Linux, FoundationNetworking truncates the timeout to whole seconds (0.5 times out at once), so the
  /// timeout tests use 1 second.
  func makeSession(timeout: TimeInterval = 10) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = max(60, timeout)
    return URLSession(configuration: configuration)
  }

  /// Expects the fetch to fail: on Linux with exactly `linuxCode`, what FoundationNetworking (libcurl) reports.
  func expectFailure(
    _ outcome: Outcome,
    linuxCode: URLError.Code,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #if canImport(FoundationNetworking)
    #expect(outcome.errorCode == linuxCode, sourceLocation: sourceLocation)
    #else
    #expect(outcome.errorCode != nil, sourceLocation: sourceLocation)
    #endif
  }

  func fetch(_ request: URLRequest, in session: URLSession) async -> Outcome {
    do {
      let (data, response) = try await session.data(for: request)
      guard let http = response as? HTTPURLResponse else { return .failure(URLError(.badServerResponse)) }
      return .response(http, data)
    } catch let error as URLError {
      return .failure(error)
    } catch {
      return .failure(URLError(.unknown))
    }
  }

  func fetch(_ url: URL, in session: URLSession) async -> Outcome {
    await fetch(URLRequest(url: url), in: session)
  }

  @Test func answersWithTheHandlersStatusHeadersAndBody() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"features":[{"name":"Café"}]}"#, headers: ["X-Request-Id": "abc-123"]) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("v2/places"), in: session)

    #expect(outcome.response?.statusCode == 200)
    #expect(outcome.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    #expect(outcome.response?.value(forHTTPHeaderField: "X-Request-Id") == "abc-123")
    #expect(outcome.body == Data(#"{"features":[{"name":"Café"}]}"#.utf8))
  }

  @Test func passesBodiesThatAreNotJSONThroughUnchanged() async throws {
    let server = try LoopbackHTTPServer()
    let bytes = Data([0x3C, 0x68, 0x74, 0x6D, 0x6C, 0x3E, 0x00, 0xFF, 0xFE, 0x7B])
    server.handler = { _ in .init(status: 502, headers: ["Content-Type": "text/html"], body: bytes) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("v2/places"), in: session)

    #expect(outcome.response?.statusCode == 502)
    #expect(outcome.body == bytes)
  }

  @Test func recordsMethodPathDecodedQueryAndHeaders() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json("{}") }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
    components.path = "/v2/places"
    components.queryItems = [
      URLQueryItem(name: "categories", value: "catering.cafe,catering.restaurant"),
      URLQueryItem(name: "filter", value: "circle:10.75,59.91,500"),
      URLQueryItem(name: "name", value: "Kaffe & Bøker"),
    ]
    var request = URLRequest(url: try #require(components.url))
    request.setValue("secret-key", forHTTPHeaderField: "X-API-Key")

    _ = await fetch(request, in: session)

    let recorded = try #require(server.requests.first)
    #expect(server.requests.count == 1)
    #expect(recorded.method == "GET")
    #expect(recorded.path == "/v2/places")
    #expect(
      recorded.queryItems == [
        "categories": "catering.cafe,catering.restaurant",
        "filter": "circle:10.75,59.91,500",
        "name": "Kaffe & Bøker",
      ]
    )
    #expect(recorded.target.hasPrefix("/v2/places?"))
    #expect(recorded.headers["x-api-key"] == "secret-key")
    #expect(recorded.header("X-Api-Key") == "secret-key")
    #expect(server.requestCount(path: "/v2/places") == 1)
    #expect(server.requestCount(path: "/v1/other") == 0)
  }

  @Test func recordsARequestBody() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { request in .init(status: 201, body: request.body) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: server.baseURL.appendingPathComponent("echo"))
    request.httpMethod = "POST"
    request.httpBody = Data(#"{"query":"kaffe"}"#.utf8)

    let outcome = await fetch(request, in: session)

    #expect(outcome.response?.statusCode == 201)
    #expect(outcome.body == Data(#"{"query":"kaffe"}"#.utf8))
    #expect(server.requests.first?.method == "POST")
    #expect(server.requests.first?.body == Data(#"{"query":"kaffe"}"#.utf8))
  }

  @Test func keepsTheConnectionAliveAcrossSequentialRequests() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { request in .text(request.path) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    var bodies: [Data?] = []
    var pauses: [Duration] = []
    for path in ["first", "second", "third"] {
      let started = ContinuousClock.now
      bodies.append(await fetch(server.baseURL.appendingPathComponent(path), in: session).body)
      pauses.append(ContinuousClock.now - started)
    }

    #expect(bodies == ["/first", "/second", "/third"].map { Data($0.utf8) })
    #expect(server.requests.map(\.path) == ["/first", "/second", "/third"])
    // At least one request came on a connection kept from an earlier one. Not all three: under AddressSanitizer on
    // two cores libcurl twice opened a second connection (the first not yet back in its cache, or idle past its
    // 118 s `CURLOPT_MAXAGE_CONN`), and a server that closes after every answer gives three.
    let connections = Set(server.requests.map(\.connectionIndex))
    if pauses.allSatisfy({ $0 < .seconds(100) }) {
      #expect(connections.count < 3, "\(server.requests.map(\.connectionIndex))")
    }
  }

  @Test func closesTheConnectionWhenTheClientAsks() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { request in .text(request.path) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: server.baseURL.appendingPathComponent("first"))
    request.setValue("close", forHTTPHeaderField: "Connection")

    let first = await fetch(request, in: session)
    let second = await fetch(server.baseURL.appendingPathComponent("second"), in: session)

    #expect(first.response?.value(forHTTPHeaderField: "Connection") == "close")
    #expect(second.body == Data("/second".utf8))
    #expect(server.requests.map(\.connectionIndex) == [0, 1])
  }

  @Test func servesScriptedResponsesPerPathBeforeTheHandler() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .text("handler") }
    server.enqueue([.text("one", status: 503), .text("two")], forPath: "/v2/places")
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let url = server.baseURL.appendingPathComponent("v2/places")

    let first = await fetch(url, in: session)
    let other = await fetch(server.baseURL.appendingPathComponent("v1/geocode"), in: session)
    let second = await fetch(url, in: session)
    let third = await fetch(url, in: session)

    #expect(first.response?.statusCode == 503)
    #expect(first.body == Data("one".utf8))
    #expect(other.body == Data("handler".utf8))
    #expect(second.body == Data("two".utf8))
    #expect(third.body == Data("handler".utf8))
  }

  @Test func answersNotFoundWithoutAHandler() async throws {
    let server = try LoopbackHTTPServer()
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("anything"), in: session)

    #expect(outcome.response?.statusCode == 404)
  }

  @Test func tooManyRequestsCarriesRetryAfter() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"message":"slow down"}"#, status: 429, headers: ["Retry-After": "7"]) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("v2/places"), in: session)

    #expect(outcome.response?.statusCode == 429)
    #expect(outcome.response?.value(forHTTPHeaderField: "Retry-After") == "7")
    #expect(outcome.body == Data(#"{"message":"slow down"}"#.utf8))
  }

  @Test func delayedResponseOutlastsAShortClientTimeout() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json("{}", delay: 30) }
    let session = makeSession(timeout: 1)
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("slow"), in: session)

    #expect(outcome.errorCode == .timedOut)
    #expect(server.requestCount(path: "/slow") == 1)
  }

  @Test func delayedResponseArrivesWithinALongerClientTimeout() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .json(#"{"late":true}"#, delay: 0.2) }
    let session = makeSession(timeout: 20)
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("slow"), in: session)

    #expect(outcome.body == Data(#"{"late":true}"#.utf8))
  }

  @Test func truncatedBodyFailsTheRequest() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .fault(.truncateBody, body: Data(#"{"features":[{"name":"Café"}]}"#.utf8)) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("v2/places"), in: session)

    // libcurl: "transfer closed with N bytes remaining to read", reported as NSURLErrorUnknown.
    expectFailure(outcome, linuxCode: .unknown)
    #expect(outcome.body == nil)
    #expect(server.requestCount(path: "/v2/places") == 1)
  }

  @Test func unfinishedBodyTimesOut() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .fault(.neverFinish) }
    let session = makeSession(timeout: 1)
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("v2/places"), in: session)

    #expect(outcome.errorCode == .timedOut)
    #expect(server.requestCount(path: "/v2/places") == 1)
  }

  @Test func closingWithoutAResponseFailsTheRequest() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .fault(.closeWithoutResponse) }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(server.baseURL.appendingPathComponent("v2/places"), in: session)

    // libcurl: "Empty reply from server".
    expectFailure(outcome, linuxCode: .badServerResponse)
    #expect(server.requestCount(path: "/v2/places") >= 1)
  }

  @Test func closedPortRefusesConnections() async throws {
    let url = try LoopbackHTTPServer.closedBaseURL().appendingPathComponent("v2/places")
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await fetch(url, in: session)

    #expect(outcome.errorCode == .cannotConnectToHost)
  }

  @Test func stopEndsOpenConnectionsAndRefusesNewOnes() async throws {
    let server = try LoopbackHTTPServer()
    server.handler = { _ in .fault(.neverFinish) }
    // The client's own timeout must not end the request first: under AddressSanitizer on a loaded machine the
    // request once took long enough to reach the server that it ended as `.timedOut` before `stop()` ended it.
    let session = makeSession(timeout: 900)
    defer { session.invalidateAndCancel() }
    let url = server.baseURL.appendingPathComponent("hang")
    let pending = Task { await fetch(url, in: session) }
    // A deadline, not a goal: a ThreadSanitizer run on two cores can stall everything for 20 s at start-up, and
    // under AddressSanitizer the suite's long differential tests can hold both threads of the cooperative pool
    // (which starts the request's task) for over a minute.
    #expect(await server.requestsArrive(count: 1, timeout: 900))

    // Stopped from a thread of its own, awaited without blocking the cooperative pool.
    let stopped = Locked(false)
    Thread {
      server.stop()
      stopped.withLock { $0 = true }
    }.start()
    let deadline = Date(timeIntervalSinceNow: 10)
    while !stopped.withLock({ $0 }), Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    #expect(stopped.withLock { $0 })
    // The connection ends with no answer: libcurl reports that as `.unknown`, or, when the stop lands between its
    // reads, as a response that is not HTTP (`.badServerResponse`); seen once in a CI run on a loaded machine.
    let ended = await pending.value
    #if canImport(FoundationNetworking)
    #expect([URLError.Code.unknown, .badServerResponse].contains(ended.errorCode), "\(ended)")
    #else
    #expect(ended.errorCode != nil)
    #endif
    let after = await fetch(url, in: makeSession())
    #expect(after.errorCode == .cannotConnectToHost)
  }

  @Test func releasingTheServerStopsIt() async throws {
    var server: LoopbackHTTPServer? = try LoopbackHTTPServer()
    let url = try #require(server?.baseURL.appendingPathComponent("v2/places"))
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    #expect(await fetch(url, in: session).response?.statusCode == 404)

    server = nil

    #expect(await fetch(url, in: session).errorCode == .cannotConnectToHost)
  }
}
