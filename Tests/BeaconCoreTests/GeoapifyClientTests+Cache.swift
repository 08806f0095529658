import BeaconSync
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// Coalescing, the rate limit, the cache's time to live and the stale fallback.
extension GeoapifyClientTests {
  // MARK: - Coalescing and rate limit

  @Test func identicalConcurrentRequestsReachTheServerOnce() async throws {
    let body = GeoapifyFixtures.text("places-oslo-cafes.json")
    server.handler = { _ in .json(body, delay: 0.3) }
    let client = makeClient()
    let query = [("categories", "catering.cafe"), ("limit", "10")]
    let results = await withTaskGroup(of: Result<[UInt8], BeaconError>.self) { group in
      for _ in 0..<5 {
        group.addTask {
          do throws(BeaconError) {
            return .success(try await client.get(path: "/v2/places", query: query))
          } catch {
            return .failure(error)
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 5)
    for result in results {
      #expect((try? result.get()) == Array(body.utf8))
    }
    #expect(server.requests.count == 1)
  }

  @Test func requestsStayUnderFivePerSecond() async throws {
    let arrivals = Locked<[ContinuousClock.Instant]>([])
    server.handler = { _ in
      arrivals.withLock { $0.append(.now) }
      return .json(#"{"type": "FeatureCollection", "features": []}"#)
    }
    let client = makeClient()
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<12 {
        group.addTask {
          (try? await client.get(path: "/v2/places", query: [("limit", String(index + 1))])) != nil
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 12))
    let times = arrivals.withLock { $0 }.sorted()
    #expect(times.count == 12)
    // Never more than 5 arrivals within any 1-second window, as Geoapify counts them.
    let window = Duration.seconds(1)
    let busiest = times.map { start in times.count { $0 >= start && $0 - start < window } }.max() ?? 0
    #expect(busiest <= 5)
  }

  // MARK: - Cache: time to live and refresh

  @Test func aRepeatedSearchComesFromTheCacheUntilADayHasPassed() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let first = try await service.search(Self.search())
    #expect(first.source == .live)
    #expect(first.stale == false)
    #expect(first.fetchedAt == clock.now)

    clock.advance(by: 3600)
    let second = try await service.search(Self.search())
    #expect(placesRequests == 1)
    #expect(second.source == .cache)
    #expect(second.stale == false)
    #expect(second.places == first.places)
    #expect(second.fetchedAt == first.fetchedAt)

    clock.advance(by: 24 * 3600 - 3600 - 1)
    _ = try await service.search(Self.search())
    #expect(placesRequests == 1)

    clock.advance(by: 2)
    let third = try await service.search(Self.search())
    #expect(placesRequests == 2)
    #expect(third.source == .live)
    #expect(third.fetchedAt == clock.now)
  }

  @Test func aDifferentSearchIsNotServedFromTheCache() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search(radius: 1500))
    _ = try await service.search(Self.search(radius: 1000))
    _ = try await service.search(Self.search(radius: 1500, text: "kaffe"))
    #expect(placesRequests == 3)
  }

  @Test func refreshGoesUpstreamEvenWhenTheCacheIsFresh() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search())
    let refreshed = try await service.search(Self.search(refresh: true))
    #expect(placesRequests == 2)
    #expect(refreshed.source == .live)
    #expect(refreshed.stale == false)
  }

  @Test func detailsStayFreshForSevenDays() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let id = GeoapifyFixtures.detailsRestaurantID
    let first = try await service.details(id: id)
    #expect(first.source == .live)
    clock.advance(by: 7 * 24 * 3600 - 1)
    let second = try await service.details(id: id)
    #expect(second.source == .cache)
    #expect(second.stale == false)
    // Opening hours are read again at the later time; everything else is the cached answer.
    #expect(second.place.timeless == first.place.timeless)
    #expect(server.requestCount(path: "/v2/place-details") == 1)
    clock.advance(by: 2)
    let third = try await service.details(id: id)
    #expect(third.source == .live)
    #expect(server.requestCount(path: "/v2/place-details") == 2)
    _ = try await service.details(id: id, refresh: true)
    #expect(server.requestCount(path: "/v2/place-details") == 3)
  }

  @Test func autocompleteStaysFreshForAnHour() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let first = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    clock.advance(by: 3600 - 1)
    let second = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    #expect(second == first)
    #expect(server.requestCount(path: "/v1/geocode/autocomplete") == 1)
    clock.advance(by: 2)
    _ = try await service.autocomplete(text: "fisk", center: Self.center, limit: 5, language: .nb)
    #expect(server.requestCount(path: "/v1/geocode/autocomplete") == 2)
  }

  // MARK: - Stale fallback

  enum Outage: String, CaseIterable, Sendable {
    case serverError, rateLimited, timeout, stopped
  }

  @Test(arguments: Outage.allCases)
  func anOutageAfterTheTimeToLiveServesTheCachedAnswerAsStale(outage: Outage) async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let fresh = try await service.search(Self.search())
    clock.advance(by: 25 * 3600)
    switch outage {
    case .serverError: server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: 500) }
    case .rateLimited: server.handler = { _ in .json(GeoapifyFixtures.text("error-429.json"), status: 429) }
    case .timeout: server.handler = { _ in .fault(.neverFinish) }
    case .stopped: server.stop()
    }
    let stale = try await service.search(Self.search())
    #expect(stale.source == .cache)
    #expect(stale.stale == true)
    #expect(stale.places.map(\.timeless) == fresh.places.map(\.timeless))
    #expect(stale.fetchedAt == fresh.fetchedAt)
    #expect(stale.places.count == 10)
    if outage != .stopped { #expect(placesRequests == 2) }
  }

  @Test func anOutageWithNothingCachedIsUpstreamUnavailable() async throws {
    server.handler = { _ in .json(GeoapifyFixtures.text("error-500.json"), status: 500) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error?.kind == "upstreamUnavailable")
  }

  @Test func aRejectedRequestDoesNotFallBackToTheCache() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    _ = try await service.search(Self.search())
    clock.advance(by: 25 * 3600)
    server.handler = { _ in .json(GeoapifyFixtures.text("error-401.json"), status: 401) }
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error == .invalidAPIKey(source: "GEOAPIFY_API_KEY"))
  }

  @Test func anUnusableAnswerIsNotCached() async throws {
    server.handler = { _ in .text("<html>gateway hiccup</html>") }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.search(Self.search()) }
    #expect(error?.kind == "upstreamUnavailable")
    serveFixtures()
    let result = try await service.search(Self.search())
    #expect(result.source == .live)
    #expect(result.places.count == 10)
    #expect(placesRequests == 2)
  }

  @Test func anUnusableAnswerFallsBackToTheStaleCache() async throws {
    serveFixtures()
    let (service, _) = try makeService()
    let fresh = try await service.search(Self.search())
    clock.advance(by: 25 * 3600)
    server.handler = { _ in .json(#"{"type": "FeatureCollection"}"#) }
    let stale = try await service.search(Self.search())
    #expect(stale.source == .cache)
    #expect(stale.stale == true)
    #expect(stale.places.map(\.timeless) == fresh.places.map(\.timeless))
  }
}
