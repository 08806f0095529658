import BeaconCore
import Foundation
import Testing

/// Expects every fault of `service` (rate limit, rejection, outage, offline) to be said in every language, the same
/// through `LocalizedMessage` and `BeaconError`, and differently in Bokmål and English: for a feature's service.
package func expectEveryFaultSaidInEveryLanguage(
  of service: UpstreamService,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let faults: [UpstreamFault] = [
    .rateLimited(retryAfterSeconds: 3), .rejected(message: "x"), .unavailable(reason: "timed out"),
    .badAnswer(reason: "HTTP 502"), .unavailable(reason: "offline"),
  ]
  for fault in faults {
    let message = LocalizedMessage.upstream(service, fault)
    for language in Language.allCases {
      #expect(!message.text(in: language).isEmpty, sourceLocation: sourceLocation)
      #expect(
        BeaconError.upstream(service, fault).message(in: language) == message.text(in: language),
        sourceLocation: sourceLocation
      )
    }
    #expect(message.text(in: .nb) != message.text(in: .en), sourceLocation: sourceLocation)
  }
}

/// The faults every feature's upstream client must turn into its ``BeaconError``, each checked on a fresh service
/// against a loopback server standing in for the upstream service: server errors, a rate limit that holds later
/// calls back, broken responses, a refused connection, and a base URL with a path.
package struct UpstreamFaultScenarios<Service> {
  /// The upstream service the server stands in for.
  package let upstream: UpstreamService
  /// The loopback server.
  package let server: LoopbackHTTPServer
  /// A fresh service whose client talks to the given base URL.
  package let makeService: (URL) throws -> Service

  package init(
    _ upstream: UpstreamService,
    on server: LoopbackHTTPServer,
    makeService: @escaping (URL) throws -> Service
  ) {
    self.upstream = upstream
    self.server = server
    self.makeService = makeService
  }

  /// The service's answers to break, and what to expect.
  package struct Answers {
    /// The body of a server error (HTTP `statuses`) and how it is said in Bokmål (the service answered: the network is
    /// not blamed).
    package var serverError: (statuses: [Int], body: String, bokmål: String)
    /// The body of a 429 and its `Retry-After` seconds.
    package var rateLimit: (body: String, retryAfter: Int)
    /// A good answer's body, to be broken.
    package var good: String
    /// The request target `call` asks for under a base URL of `/proxy/`.
    package var proxiedTarget: String

    package init(
      serverError: (statuses: [Int], body: String, bokmål: String),
      rateLimit: (body: String, retryAfter: Int),
      good: String,
      proxiedTarget: String
    ) {
      self.serverError = serverError
      self.rateLimit = rateLimit
      self.good = good
      self.proxiedTarget = proxiedTarget
    }
  }

  /// Checks every scenario with `call`, and `later` (another call) for the pause a rate limit makes.
  package func expectEveryFault(
    _ answers: Answers,
    sourceLocation: SourceLocation = #_sourceLocation,
    call: (Service) async throws -> Void,
    later: (Service) async throws -> Void
  ) async throws {
    let base = server.baseURL
    for status in answers.serverError.statuses {
      let service = try makeService(base)
      let body = answers.serverError.body
      server.handler = { _ in .json(body, status: status) }
      let error = await Self.failure(of: call, on: service)
      #expect(error == .upstream(upstream, .badAnswer(reason: "HTTP \(status)")), sourceLocation: sourceLocation)
      #expect(error?.kind == "upstreamUnavailable", sourceLocation: sourceLocation)
      #expect(error?.message(in: .nb) == answers.serverError.bokmål, sourceLocation: sourceLocation)
      #expect(error?.message(in: .nb).contains("sjekk nettet") == false, "it answered", sourceLocation: sourceLocation)
    }
    try await expectRateLimitHoldsLaterCallsBack(answers.rateLimit, sourceLocation: sourceLocation, call, later)
    for fault in [LoopbackHTTPServer.Response.Fault.neverFinish, .truncateBody, .closeWithoutResponse] {
      let service = try makeService(base)
      let body = Data(answers.good.utf8)
      server.handler = { _ in .fault(fault, headers: ["Content-Type": "application/json"], body: body) }
      let error = await Self.failure(of: call, on: service)
      #expect(error?.kind == "upstreamUnavailable", "\(fault)", sourceLocation: sourceLocation)
    }
    let refused = try makeService(try LoopbackHTTPServer.closedBaseURL())
    let error = await Self.failure(of: call, on: refused)
    #expect(error?.kind == "upstreamUnavailable", "a refused connection", sourceLocation: sourceLocation)
    #expect(
      error?.message(in: .nb).contains("sjekk nettet") == true,
      "the network's fault",
      sourceLocation: sourceLocation
    )

    let proxied = try makeService(try #require(URL(string: base.absoluteString + "/proxy/")))
    let before = server.requests.count
    _ = await Self.failure(of: call, on: proxied)
    #expect(server.requests.dropFirst(before).first?.target == answers.proxiedTarget, sourceLocation: sourceLocation)
  }

  private func expectRateLimitHoldsLaterCallsBack(
    _ rateLimit: (body: String, retryAfter: Int),
    sourceLocation: SourceLocation,
    _ call: (Service) async throws -> Void,
    _ later: (Service) async throws -> Void
  ) async throws {
    let service = try makeService(server.baseURL)
    let retryAfter = rateLimit.retryAfter
    let body = rateLimit.body
    server.handler = { _ in .json(body, status: 429, headers: ["Retry-After": "\(retryAfter)"]) }
    let before = server.requests.count
    let first = await Self.failure(of: call, on: service)
    #expect(first == .upstream(upstream, .rateLimited(retryAfterSeconds: retryAfter)), sourceLocation: sourceLocation)
    #expect(first?.kind == "rateLimited", sourceLocation: sourceLocation)
    let second = await Self.failure(of: later, on: service)
    guard case .upstream(upstream, .rateLimited(let seconds))? = second else {
      Issue.record("expected rateLimited, got \(String(describing: second))", sourceLocation: sourceLocation)
      return
    }
    #expect((1...retryAfter).contains(seconds), sourceLocation: sourceLocation)
    #expect(server.requests.count == before + 1, "the pause holds later calls back", sourceLocation: sourceLocation)
  }

  /// The `BeaconError` `call` failed with on `service`, or `nil` when it returned (an error of another type is an
  /// issue).
  private static func failure(of call: (Service) async throws -> Void, on service: Service) async -> BeaconError? {
    do {
      try await call(service)
      return nil
    } catch let error as BeaconError {
      return error
    } catch {
      Issue.record("not a BeaconError: \(error)")
      return nil
    }
  }
}
