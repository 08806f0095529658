import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconFruits

/// `FruityviceClient` and `FruitsService` against a real HTTP server on 127.0.0.1: the catalogue, groups, the
/// stored copy that makes them work offline after one fetch, and every upstream fault.
///
/// Serialized: the timeout tests wait on the wall clock, and beside other tests they would only add noise.
@Suite(.serialized) struct FruitsServiceTests {

  let server: LoopbackHTTPServer
  let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))

  init() throws {
    server = try FruityviceFixtures.server()
  }

  func makeService(
    store: Store? = nil,
    baseURL: URL? = nil,
    offline: Bool = false
  ) throws -> (service: FruitsService, store: Store) {
    let store = try store ?? Store.open(path: ":memory:", migrations: FruitsSchema.migrations)
    let clock = clock
    let service = FruitsService(
      store: store,
      client: FruityviceClient(
        baseURL: baseURL ?? server.baseURL,
        transport: URLSessionTransport(connectTimeout: 3, totalTimeout: 30)
      ),
      offline: offline,
      now: { clock.now }
    )
    return (service, store)
  }

  var catalogueRequests: Int { server.requestCount(path: "/api/fruit/all") }

  // MARK: - fruits/list

  @Test func theListIsEveryFruitSortedByIdWithItsFamilysColour() async throws {
    let (service, _) = try makeService()
    let result = try await service.list()
    #expect(result.fruits.map(\.id) == [1, 2, 3, 4, 6, 10, 25, 26, 41, 52, 66, 72, 81, 87, 96, 101])
    #expect(result.source == .live)
    #expect(result.stale == false)
    #expect(result.fetchedAt == clock.now)
    #expect(result.attribution == FruitsService.attribution)
    let byFamily = Dictionary(grouping: result.fruits, by: \.family)
    for (family, fruits) in byFamily {
      #expect(Set(fruits.map(\.color)).count == 1, "\(family) has one colour")
    }
    #expect(Set(byFamily.values.compactMap(\.first?.color)).count == byFamily.count, "families differ")
    let persimmons = result.fruits.filter { $0.genus == "Diospyros" }
    #expect(persimmons.map(\.family) == ["Ebenaceae", "Ebenaceae"])
    #expect(persimmons.first?.color == persimmons.last?.color)
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.target == "/api/fruit/all")
    #expect(request.header("accept") == "application/json")
  }

  @Test func theSameColoursComeBackOnEveryRun() async throws {
    let first = try await makeService().service.list()
    let second = try await makeService().service.list()
    #expect(first.fruits.map(\.color) == second.fruits.map(\.color))
  }

  @Test func afterOneFetchEveryFruitsCallWorksWithoutTheNetwork() async throws {
    let (service, _) = try makeService()
    let live = try await service.list()
    server.stop()
    let cached = try await service.list()
    #expect(cached.source == .cache)
    #expect(cached.stale == false)
    #expect(cached.fruits == live.fruits)
    #expect(try await service.groups().families.count == 10)
    #expect(try await service.fruit(id: 1).fruit.name == "Banana")
    let rosaceae = try await service.fruits(in: .family, named: "Rosaceae")
    #expect(rosaceae.source == .cache)
    #expect(rosaceae.stale == true, "the group's own answer could not be fetched")
    #expect(rosaceae.fruits.map(\.id) == [3, 4, 6, 72])
    #expect(rosaceae.fruits.map(\.color) == live.fruits.filter { $0.family == "Rosaceae" }.map(\.color))
    _ = try await service.logFruit(id: 1)
    #expect(try await service.logDays().days.count == 1)
  }

  @Test func aDayLaterTheCatalogueIsFetchedAgainAndAnOutageMakesItStale() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    _ = try await service.list()
    #expect(catalogueRequests == 1)
    clock.advance(by: 24 * 3600 + 1)
    #expect(try await service.list().source == .live)
    #expect(catalogueRequests == 2)
    clock.advance(by: 24 * 3600 + 1)
    server.handler = { _ in .json(#"{"error": "down"}"#, status: 503) }
    let stale = try await service.list()
    #expect(stale.source == .cache)
    #expect(stale.stale == true)
    #expect(stale.fruits.count == 16)
    #expect(catalogueRequests == 3)
  }

  @Test func refreshFetchesAgainAndReplacesTheStoredCatalogue() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    server.handler = { _ in .json(FruityviceFixtures.olderShape) }
    let refreshed = try await service.list(refresh: true)
    #expect(refreshed.fruits.map(\.id) == [1, 6, 84])
    #expect(try await store.fruitCatalogue()?.fruits.map(\.id) == [1, 6, 84])
  }

  @Test func anEmptyOrUnusableAnswerNeverReplacesAGoodCatalogue() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    clock.advance(by: 25 * 3600)
    server.handler = { _ in .json("[]") }
    let stale = try await service.list()
    #expect(stale.stale == true)
    #expect(try await store.fruitCatalogue()?.fruits.count == 16)
    server.handler = { _ in .text("<html>maintenance</html>") }
    #expect(try await service.list().fruits.count == 16)
  }

  @Test func offlineWithoutAStoredCatalogueSaysHowToGetOne() async throws {
    let (service, _) = try makeService(offline: true)
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .upstream(.fruityvice, .unavailable(reason: "offline")))
    #expect(error?.message(in: .nb).contains("--offline") == true)
    #expect(server.requests.isEmpty)
  }

  @Test func offlineWithAStoredCatalogueNeverTouchesTheNetwork() async throws {
    let (online, store) = try makeService()
    _ = try await online.list()
    let (offline, _) = try makeService(store: store, offline: true)
    clock.advance(by: 48 * 3600)
    let result = try await offline.list(refresh: true)
    #expect(result.source == .cache)
    #expect(result.stale == true)
    #expect(try await offline.fruits(in: .genus, named: "citrus").fruits.map(\.name) == ["Orange", "Lemon"])
    let unknown = await failure { () async throws(BeaconError) in
      try await offline.fruits(in: .family, named: "Nope")
    }
    #expect(unknown == .notFound(.fruitGroup(kind: .family, name: "Nope")))
    #expect(catalogueRequests == 1)
    #expect(server.requests.count == 1)
  }

  // MARK: - fruits/get

  @Test func aFruitHasEveryFieldAndTheSugarHints() async throws {
    let (service, _) = try makeService()
    let banana = try await service.fruit(id: 1, language: .nb)
    #expect(banana.fruit.name == "Banana")
    #expect(banana.fruit.genus == "Musa")
    #expect(banana.fruit.nutritions.sugar == 17.2)
    #expect(banana.highSugar)
    #expect(banana.notice == "Denne frukten har høyt sukkernivå")
    #expect(banana.background == FruitPulse())
    #expect(banana.background?.from == "#FFFFFF")
    #expect(banana.background?.to == "#FF0000")
    #expect(banana.background?.repeats == true)
    #expect(banana.rain.emoji == "🍌")
    #expect(try await service.fruit(id: 1, language: .en).notice == "This fruit is high in sugar")
  }

  @Test(arguments: [(4, false), (6, true), (3, false)])
  func sugarAboveTenIsHigh(id: Int, high: Bool) async throws {
    let (service, _) = try makeService()
    let details = try await service.fruit(id: id)
    #expect(details.highSugar == high, "\(details.fruit.name): \(details.fruit.nutritions.sugar)")
    #expect((details.notice != nil) == high)
    #expect((details.background != nil) == high)
  }

  @Test func anIdMissingFromAFreshCatalogueIsLookedUpOnceMore() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let error = await failure { () async throws(BeaconError) in try await service.fruit(id: 999) }
    #expect(error == .notFound(.fruit(999)))
    #expect(catalogueRequests == 2)
  }

  // MARK: - Groups

  @Test func groupsAreDistinctSortedAndSeparatedByKind() async throws {
    let (service, _) = try makeService()
    let groups = try await service.groups()
    #expect(
      groups.families.map(\.name) == [
        "Actinidiaceae", "Betulaceae", "Bromeliaceae", "Cucurbitaceae", "Ebenaceae", "Ericaceae", "Musaceae",
        "Rosaceae", "Rutaceae", "Vitaceae",
      ]
    )
    #expect(groups.families.first { $0.name == "Rosaceae" }?.count == 4)
    #expect(groups.families.first { $0.name == "Ebenaceae" }?.count == 2)
    #expect(groups.families.allSatisfy { $0.color != nil })
    #expect(groups.genera.count == 13)
    #expect(groups.genera.allSatisfy { $0.color == nil })
    #expect(
      groups.orders.map(\.name) == [
        "Cucurbitaceae", "Cucurbitales", "Ericales", "Fagales", "Poales", "Rosales", "Sapindales", "Struthioniformes",
        "Vitales", "Zingiberales",
      ]
    )
    #expect(groups.orders.first { $0.name == "Ericales" }?.count == 2)
  }

  @Test func aGroupCallsItsOwnEndpointAndIsCached() async throws {
    let (service, _) = try makeService()
    let result = try await service.fruits(in: .order, named: "Sapindales")
    #expect(result.kind == .order)
    #expect(result.name == "Sapindales")
    #expect(result.fruits.map(\.name) == ["Orange", "Lemon"])
    #expect(result.source == .live)
    #expect(server.requests.map(\.target) == ["/api/fruit/order/Sapindales"])
    let again = try await service.fruits(in: .order, named: " Sapindales ")
    #expect(again.source == .cache)
    #expect(again.fruits == result.fruits)
    #expect(server.requests.count == 1)
    _ = try await service.fruits(in: .order, named: "Sapindales", refresh: true)
    #expect(server.requests.count == 2)
  }

  @Test func groupColoursAreTheCataloguesColours() async throws {
    let (service, _) = try makeService()
    let list = try await service.list()
    let genus = try await service.fruits(in: .genus, named: "Diospyros")
    #expect(genus.fruits.map(\.color) == list.fruits.filter { $0.genus == "Diospyros" }.map(\.color))
  }

  @Test func aGroupNameIsOnePathSegment() async throws {
    #expect(
      FruityviceClient.path(["api", "fruit", "genus", "Big Genus/x?y#z"]) == "/api/fruit/genus/Big%20Genus%2Fx%3Fy%23z"
    )
    let (service, _) = try makeService()
    _ = await failure { () async throws(BeaconError) in try await service.fruits(in: .family, named: "Rosa ceae") }
    #expect(server.requests.first?.target == "/api/fruit/family/Rosa%20ceae")
  }

  @Test func anUnknownGroupIsNotFoundAndNotCached() async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in
      try await service.fruits(in: .family, named: "Nope")
    }
    #expect(error == .notFound(.fruitGroup(kind: .family, name: "Nope")))
    #expect(error?.kind == "notFound")
    _ = await failure { () async throws(BeaconError) in try await service.fruits(in: .family, named: "Nope") }
    #expect(server.requests.count == 2)
  }

  @Test func anEmptyGroupNameIsAnInvalidArgument() async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.fruits(in: .genus, named: "  ") }
    #expect(error == .invalidArgument(field: "name", message: .fruit(.emptyGroupName)))
    #expect(server.requests.isEmpty)
  }

  // MARK: - Faults

  /// Server errors, a rate limit, broken responses, a refused connection and a base URL with a path, each on a
  /// fresh service.
  @Test func everyUpstreamFaultIsItsError() async throws {
    try await UpstreamFaultScenarios(.fruityvice, on: server) { try makeService(baseURL: $0).service }.expectEveryFault(
      .init(
        serverError: (
          [500, 502, 503, 504], #"{"error": "boom"}"#,
          "Fruityvice svarer ikke som det skal akkurat nå; prøv igjen senere"
        ),
        rateLimit: (#"{"error": "slow down"}"#, 9),
        good: FruityviceFixtures.all,
        proxiedTarget: "/proxy/api/fruit/all"
      ),
      call: { _ = try await $0.list() },
      later: { _ = try await $0.fruits(in: .family, named: "Rosaceae") }
    )
  }

  @Test func aRejectedRequestCarriesFruityvicesMessage() async throws {
    server.handler = { _ in .json(#"{"error": "Bad nutrition range"}"#, status: 400) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .upstream(.fruityvice, .rejected(message: "Bad nutrition range")))
    #expect(error?.kind == "upstreamRejected")
  }

  @Test func aRejectedRequestDoesNotFallBackToTheStoredCatalogue() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    server.handler = { _ in .json(#"{"error": "Gone"}"#, status: 410) }
    let error = await failure { () async throws(BeaconError) in try await service.list(refresh: true) }
    #expect(error?.kind == "upstreamRejected")
  }

  @Test func invalidJSONIsUpstreamUnavailable() async throws {
    server.handler = { _ in .json(#"[{"id": 1, "name": "Ban"#) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error?.kind == "upstreamUnavailable")
  }

  @Test func identicalConcurrentRequestsReachTheServerOnce() async throws {
    server.handler = { _ in .json(FruityviceFixtures.all, delay: 0.3) }
    let client = FruityviceClient(baseURL: server.baseURL, transport: URLSessionTransport())
    async let first = client.get(
      path: "/api/fruit/all",
      notFound: .upstream(.fruityvice, .unavailable(reason: "HTTP 404"))
    )
    async let second = client.get(
      path: "/api/fruit/all",
      notFound: .upstream(.fruityvice, .unavailable(reason: "HTTP 404"))
    )
    let (a, b) = try await (first, second)
    #expect(a == b)
    #expect(server.requests.count == 1)
  }
}
