import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconPeople

/// Every upstream fault, and the stored directory standing in for it.
extension PeopleServiceTests {
  // MARK: - Faults

  /// Server errors, a rate limit, broken responses, a refused connection and a base URL with a path, each on a
  /// fresh service.
  @Test func everyUpstreamFaultIsItsError() async throws {
    try await UpstreamFaultScenarios(.randomUser, on: server) { try makeService(baseURL: $0).service }.expectEveryFault(
      .init(
        serverError: (
          [500, 502, 503], RandomUserFixtures.troubleBody,
          "randomuser.me svarer ikke som det skal akkurat nå; prøv igjen senere"
        ),
        rateLimit: (RandomUserFixtures.rateLimitBody, 7),
        good: RandomUserFixtures.page(seed: "ios"),
        proxiedTarget:
          "/proxy/api/1.4/?results=100&seed=ios&inc=name%2Clocation%2Cemail%2Clogin%2Cdob%2Cphone%2Cpicture"
      ),
      call: { _ = try await $0.list() },
      later: { _ = try await $0.setSeed("android") }
    )
  }

  @Test func troubleWithStatus200IsUpstreamUnavailableToo() async throws {
    server.handler = { _ in .json(RandomUserFixtures.troubleBody) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    guard case .upstream(.randomUser, .badAnswer(let reason))? = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("randomuser.me: Uh oh"))
  }

  @Test func aRateLimitWithStoredUsersServesThemStale() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    server.handler = { _ in .json(RandomUserFixtures.rateLimitBody, status: 429) }
    let stale = try await service.list(refresh: true)
    #expect(stale.source == .cache)
    #expect(stale.stale)
    #expect(stale.users.count == 100)
  }

  @Test func aRejectedRequestCarriesRandomUsersMessageAndDoesNotFallBack() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    server.handler = { _ in .json(#"{"error": "Bad seed"}"#, status: 400) }
    let error = await failure { () async throws(BeaconError) in try await service.list(refresh: true) }
    #expect(error == .upstream(.randomUser, .rejected(message: "Bad seed")))
    #expect(error?.kind == "upstreamRejected")
  }

  @Test func anUnknownVersionIsUpstreamUnavailable() async throws {
    server.handler = { _ in .text("Not Found", status: 404) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .upstream(.randomUser, .badAnswer(reason: "HTTP 404")))
  }

  @Test func anEmptyAnswerNeverEmptiesTheDirectory() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    server.handler = { _ in .json(#"{"results": [], "info": {"seed": "ios", "results": 0}}"#) }
    let stale = try await service.list(refresh: true)
    #expect(stale.stale)
    #expect(try await store.storedUsers().count == 100)
  }

  @Test func identicalConcurrentRequestsReachTheServerOnce() async throws {
    server.handler = { _ in .json(RandomUserFixtures.page(seed: "ios"), delay: 0.3) }
    let client = RandomUserClient(baseURL: server.baseURL, transport: URLSessionTransport())
    async let first = client.users(seed: "ios", count: 100)
    async let second = client.users(seed: "ios", count: 100)
    let (a, b) = try await (first, second)
    #expect(a == b)
    #expect(server.requests.count == 1)
  }
}
