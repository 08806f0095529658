import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconPeople

/// Every upstream fault, and the stored directory standing in for it.
extension PeopleServiceTests {
  // MARK: - Faults

  @Test(arguments: [500, 502, 503])
  func aServerErrorIsUpstreamUnavailable(status: Int) async throws {
    server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: status) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .upstream(.randomUser, .unavailable(reason: "HTTP \(status)")))
    #expect(error?.message(in: .nb) == "Får ikke kontakt med randomuser.me; sjekk nettet eller prøv igjen senere")
  }

  @Test func troubleWithStatus200IsUpstreamUnavailableToo() async throws {
    server.handler = { _ in .json(RandomUserFixtures.troubleBody) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    guard case .upstream(.randomUser, .unavailable(let reason))? = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("randomuser.me: Uh oh"))
  }

  @Test func tooManyRequestsHonoursRetryAfterAndPausesLaterCalls() async throws {
    server.handler = { _ in .json(RandomUserFixtures.rateLimitBody, status: 429, headers: ["Retry-After": "7"]) }
    let (service, _) = try makeService()
    let first = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(first == .upstream(.randomUser, .rateLimited(retryAfterSeconds: 7)))
    #expect(first?.kind == "rateLimited")
    let second = await failure { () async throws(BeaconError) in try await service.setSeed("android") }
    guard case .upstream(.randomUser, .rateLimited(let seconds))? = second else {
      Issue.record("expected rateLimited, got \(String(describing: second))")
      return
    }
    #expect((1...7).contains(seconds))
    #expect(server.requests.count == 1, "the pause holds later calls back")
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
    #expect(error == .upstream(.randomUser, .unavailable(reason: "HTTP 404")))
  }

  @Test(arguments: [LoopbackHTTPServer.Response.Fault.neverFinish, .truncateBody, .closeWithoutResponse])
  func aBrokenResponseIsUpstreamUnavailable(fault: LoopbackHTTPServer.Response.Fault) async throws {
    let body = Data(RandomUserFixtures.page(seed: "ios").utf8)
    server.handler = { _ in .fault(fault, headers: ["Content-Type": "application/json"], body: body) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error?.kind == "upstreamUnavailable")
  }

  @Test func anEmptyAnswerNeverEmptiesTheDirectory() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    server.handler = { _ in .json(#"{"results": [], "info": {"seed": "ios", "results": 0}}"#) }
    let stale = try await service.list(refresh: true)
    #expect(stale.stale)
    #expect(try await store.storedUsers().count == 100)
  }

  @Test func aRefusedConnectionIsUpstreamUnavailable() async throws {
    let (service, _) = try makeService(baseURL: try LoopbackHTTPServer.closedBaseURL())
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error?.kind == "upstreamUnavailable")
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

  @Test func aBaseURLWithAPathKeepsIt() async throws {
    let base = try #require(URL(string: server.baseURL.absoluteString + "/proxy/"))
    let (service, _) = try makeService(baseURL: base)
    _ = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(server.requests.first?.path == "/proxy/api/1.4/")
  }
}
