import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `RandomUserClient` and `PeopleService` against a real HTTP server on 127.0.0.1 and a real SQLite store: the
/// directory and its seed, edits that win over a refetch, deletions that outlast it, a change of seed that keeps
/// exactly the edited users, the store that makes everything work offline and after a restart, and every fault.
///
/// Serialized: the timeout tests wait on the wall clock, and beside other tests they would only add noise.
@Suite(.serialized) struct PeopleServiceTests {

  let server: LoopbackHTTPServer
  /// Starts at Wednesday 25 November 2026, 13:00 in Oslo.
  let clock = TestClock(RandomUserFixtures.now)
  let directory = TemporaryDirectory()

  init() throws {
    server = try RandomUserFixtures.server()
  }

  func makeService(
    store: Store? = nil,
    baseURL: URL? = nil,
    offline: Bool = false,
    timeZone: String = "Europe/Oslo"
  ) throws -> (service: PeopleService, store: Store) {
    let store = try store ?? Store.open(path: ":memory:")
    let clock = clock
    let service = PeopleService(
      store: store,
      client: RandomUserClient(
        baseURL: baseURL ?? server.baseURL,
        transport: URLSessionTransport(connectTimeout: 1, totalTimeout: 2)
      ),
      offline: offline,
      timeZone: try #require(TimeZone(identifier: timeZone)),
      now: { clock.now }
    )
    return (service, store)
  }

  static func id(_ index: Int, seed: String = "ios") -> String { RandomUserFixtures.uuid(seed: seed, index: index) }

  var fetches: [String] { server.requests.compactMap { $0.queryItems["seed"] } }

  // MARK: - users/list

  @Test func theFirstListFetches100UsersWithTheSeedIos() async throws {
    let (service, _) = try makeService()
    let result = try await service.list()
    #expect(result.users.count == 100)
    #expect(result.seed == "ios")
    #expect(result.source == .live)
    #expect(result.stale == false)
    #expect(result.fetchedAt == clock.now)
    #expect(result.attribution == PeopleService.attribution)
    #expect(result.users.first?.id == Self.id(0))
    #expect(result.users.allSatisfy { !$0.edited && $0.editedFields.isEmpty })
    let request = try #require(server.requests.first)
    #expect(request.path == "/api/1.4/")
    #expect(request.queryItems["results"] == "100")
    #expect(request.queryItems["seed"] == "ios")
    #expect(request.queryItems["inc"] == RandomUserClient.includedFields)
    #expect(request.header("accept") == "application/json")
  }

  @Test func agesAreComputedForTodayOnTheUsersCalendar() async throws {
    let (service, _) = try makeService()
    let users = try await service.list().users
    let leapling = try #require(users.first { $0.id == Self.id(1) })
    #expect(leapling.birthDate == CivilDate(year: 1988, month: 2, day: 29))
    #expect(leapling.age == 38)
    for user in users {
      let born = try #require(user.birthDate)
      #expect(user.age == BirthdayCalendar.age(of: born, on: CivilDate(year: 2026, month: 11, day: 25)))
    }
  }

  @Test func theStoredListIsServedUntilADayHasPassed() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let cached = try await service.list()
    #expect(cached.source == .cache)
    #expect(cached.users.count == 100)
    #expect(server.requests.count == 1)
    clock.advance(by: 24 * 3600 + 1)
    #expect(try await service.list().source == .live)
    #expect(server.requests.count == 2)
    _ = try await service.list(refresh: true)
    #expect(server.requests.count == 3)
  }

  @Test func theListWorksOfflineAfterARestart() async throws {
    let path = directory.file("people.sqlite")
    do {
      let (service, _) = try makeService(store: Store.open(path: path))
      _ = try await service.list()
      _ = try await service.update(id: Self.id(5), with: UserUpdate(city: "Tromsø"))
    }
    server.stop()
    clock.advance(by: 3 * 24 * 3600)
    let (offline, _) = try makeService(store: Store.open(path: path), offline: true)
    let stored = try await offline.list()
    #expect(stored.users.count == 100)
    #expect(stored.source == .cache)
    #expect(stored.stale == true)
    #expect(stored.users.first { $0.id == Self.id(5) }?.city == "Tromsø")
    #expect(try await offline.user(id: Self.id(0)).user.id == Self.id(0))
    #expect(try await offline.map().pins.count == 100)

    let (online, _) = try makeService(store: Store.open(path: path))
    let fallback = try await online.list()
    #expect(fallback.source == .cache, "randomuser.me is down: the stored users stand in")
    #expect(fallback.stale == true)
    #expect(fallback.users.count == 100)
  }

  @Test func offlineWithNothingStoredSaysHowToGetUsers() async throws {
    let (service, _) = try makeService(offline: true)
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .people(.unavailable(reason: "offline")))
    #expect(error?.message(in: .nb).contains("--offline") == true)
    #expect(server.requests.isEmpty)
  }

  // MARK: - users/update

  @Test func editsWinOverTheAPIAndUntouchedFieldsKeepItsDataAcrossARefetch() async throws {
    let (service, _) = try makeService()
    let original = try #require(try await service.list().users.first { $0.id == Self.id(7) })
    let edited = try await service.update(id: Self.id(7), with: UserUpdate(lastName: "  Moksnes ", city: "Bergen"))
    #expect(edited.lastName == "Moksnes")
    #expect(edited.city == "Bergen")
    #expect(edited.firstName == original.firstName)
    #expect(edited.email == original.email)
    #expect(edited.edited)
    #expect(edited.editedFields == [.lastName, .city])

    // randomuser.me changes its data for everyone; the edited fields still win, the others follow the API.
    server.handler = { request in
      let page = RandomUserFixtures.page(seed: "ios").replacingOccurrences(of: "@example.com", with: "@example.org")
      return request.path.hasPrefix("/api") ? .json(page) : .text("Not Found", status: 404)
    }
    let refetched = try await service.list(refresh: true)
    #expect(refetched.source == .live)
    let user = try #require(refetched.users.first { $0.id == Self.id(7) })
    #expect(user.lastName == "Moksnes")
    #expect(user.city == "Bergen")
    #expect(user.email.hasSuffix("@example.org"))
    #expect(user.edited)
    #expect(refetched.users.map(\.id) == (0..<100).map { Self.id($0) }, "the order stays")

    let again = try await service.update(id: Self.id(7), with: UserUpdate(phone: "+47 912 34 567"))
    #expect(again.editedFields == [.lastName, .city, .phone], "later edits add to earlier ones")
  }

  @Test func aNewBirthDateGivesANewAgeAndBirthday() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let user = try await service.update(id: Self.id(9), with: UserUpdate(birthDate: "2000-11-29"))
    #expect(user.birthDate == CivilDate(year: 2000, month: 11, day: 29))
    #expect(user.age == 25)
    #expect(user.editedFields == [.birthDate])
    let profile = try await service.user(id: Self.id(9))
    #expect(profile.birthdayThisWeek)
    #expect(profile.birthday == CivilDate(year: 2026, month: 11, day: 29))
    let today = try await service.update(id: Self.id(9), with: UserUpdate(birthDate: "2026-11-25"))
    #expect(today.age == 0, "born today is allowed")
  }

  @Test(arguments: [
    (UserUpdate(firstName: " "), "firstName"), (UserUpdate(lastName: String(repeating: "x", count: 101)), "lastName"),
    (UserUpdate(city: ""), "city"), (UserUpdate(email: "jana.moksnes@example"), "email"),
    (UserUpdate(email: "jana moksnes@example.com"), "email"), (UserUpdate(email: "@example.com"), "email"),
    (UserUpdate(phone: "ring meg"), "phone"), (UserUpdate(phone: "+-()"), "phone"),
    (UserUpdate(birthDate: "15.06.1995"), "birthDate"), (UserUpdate(birthDate: "1995-02-30"), "birthDate"),
    (UserUpdate(birthDate: "2026-11-26"), "birthDate"),
  ])
  func invalidEditsNameTheirFieldAndChangeNothing(update: UserUpdate, field: String) async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let error = await failure { () async throws(BeaconError) in
      try await service.update(id: Self.id(3), with: update)
    }
    guard case .invalidArgument(let named, _)? = error else {
      Issue.record("expected invalid params, got \(String(describing: error))")
      return
    }
    #expect(named == field)
    #expect(try await service.list().users.first { $0.id == Self.id(3) }?.edited == false)
  }

  @Test func theMessagesOfInvalidEditsAreNorwegian() {
    let today = CivilDate(year: 2026, month: 11, day: 25)
    func message(_ update: UserUpdate) -> String? {
      do {
        _ = try PeopleService.validate(update, today: today)
        return nil
      } catch {
        return error.message(in: .nb)
      }
    }
    #expect(message(UserUpdate(email: "jana")) == "'jana' er ikke en e-postadresse; skriv den som navn@eksempel.no")
    #expect(message(UserUpdate(birthDate: "2027-01-01")) == "Fødselsdatoen kan ikke være i fremtiden")
    #expect(message(UserUpdate(firstName: "")) == "Fornavn mangler")
    #expect(message(UserUpdate(email: "jana.moksnes@example.com", phone: "+47 (0) 912-34.567/8")) == nil)
  }

  @Test func anUnknownUserCannotBeEditedAndAnEmptyEditChangesNothing() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    let error = await failure { () async throws(BeaconError) in
      try await service.update(id: "nobody", with: UserUpdate(city: "Oslo"))
    }
    #expect(error == .people(.userNotFound("nobody")))
    #expect(error?.kind == "notFound")
    let unchanged = try await service.update(id: Self.id(3), with: UserUpdate())
    #expect(unchanged.edited == false)
  }

  // MARK: - users/delete

  @Test func aDeletedUserNeverComesBackNotEvenWhenTheAPIListsThemAgain() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    _ = try await service.update(id: Self.id(4), with: UserUpdate(firstName: "Jana"))
    #expect(try await service.delete(id: Self.id(4)))
    #expect(try await service.delete(id: Self.id(11)))
    #expect(try await service.delete(id: Self.id(11)) == false, "already gone")
    #expect(try await service.delete(id: "nobody") == false)

    let refetched = try await service.list(refresh: true)
    #expect(server.requests.count == 2)
    #expect(refetched.users.count == 98)
    #expect(!refetched.users.contains { [Self.id(4), Self.id(11)].contains($0.id) })
    let error = await failure { () async throws(BeaconError) in try await service.user(id: Self.id(4)) }
    #expect(error == .people(.userNotFound(Self.id(4))))
    #expect(try await store.storedUser(id: Self.id(4)) == nil, "the edits went with the user")

    // Not after a change of seed and back either.
    _ = try await service.setSeed("android")
    let back = try await service.setSeed("ios")
    #expect(back.total == 98)
    #expect(!(try await service.list().users.contains { $0.id == Self.id(11) }))
  }

  // MARK: - users/setSeed

  @Test func aNewSeedKeepsExactlyTheEditedUsers() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    _ = try await service.update(id: Self.id(42), with: UserUpdate(lastName: "Moksnes"))
    let result = try await service.setSeed(" android ")
    #expect(result.seed == "android")
    #expect(result.previousSeed == "ios")
    #expect(result.removed == 99)
    #expect(result.kept == 1)
    #expect(result.added == 100)
    #expect(result.total == 101)
    #expect(result.fetchedAt == clock.now)

    let list = try await service.list()
    #expect(list.users.count == 101)
    #expect(list.seed == "android")
    #expect(list.source == .cache)
    #expect(list.users.first?.id == Self.id(42), "the kept user stays first")
    #expect(list.users.first?.lastName == "Moksnes")
    #expect(Array(list.users.dropFirst().map(\.id)) == (0..<100).map { Self.id($0, seed: "android") })
    #expect(list.users.filter(\.edited).map(\.id) == [Self.id(42)])
  }

  @Test func theSeedIsUsedForEveryLaterFetchAndSurvivesARestart() async throws {
    let path = directory.file("seed.sqlite")
    do {
      let (service, _) = try makeService(store: Store.open(path: path))
      _ = try await service.setSeed("a b+c&d")
    }
    let (service, _) = try makeService(store: Store.open(path: path))
    clock.advance(by: 25 * 3600)
    let list = try await service.list()
    #expect(list.seed == "a b+c&d")
    #expect(list.source == .live)
    #expect(fetches == ["a b+c&d", "a b+c&d"])
    #expect(server.requests.last?.target.contains("seed=a%20b%2Bc%26d&") == true)
    #expect(list.users.first?.id == Self.id(0, seed: "a b+c&d"))
  }

  @Test func aSeedChangeThatCannotFetchChangesNothing() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    _ = try await service.update(id: Self.id(1), with: UserUpdate(city: "Bergen"))
    server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: 500) }
    let error = await failure { () async throws(BeaconError) in try await service.setSeed("android") }
    #expect(error == .people(.unavailable(reason: "HTTP 500")))
    let list = try await service.list()
    #expect(list.seed == "ios")
    #expect(list.users.count == 100)

    let (offline, _) = try makeService(store: service.store, offline: true)
    let refused = await failure { () async throws(BeaconError) in try await offline.setSeed("android") }
    #expect(refused == .people(.unavailable(reason: "offline")))
    #expect(server.requests.count == 2)
  }

  @Test(arguments: [("", "emptySeed"), ("   ", "emptySeed"), (String(repeating: "s", count: 65), "seedTooLong")])
  func anEmptyOrLongSeedIsInvalid(seed: String, problem: String) async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.setSeed(seed) }
    guard case .invalidArgument("seed", .people(let message))? = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(problem == "emptySeed" ? message == .emptySeed : message == .seedTooLong(64))
    #expect(server.requests.isEmpty)
  }

  // MARK: - users/get, users/map

  @Test func theProfileSaysWhetherTheBirthdayIsThisWeek() async throws {
    let (service, _) = try makeService()
    let friday = try await service.user(id: Self.id(0), language: .nb)
    #expect(friday.birthdayThisWeek)
    #expect(friday.birthday == CivilDate(year: 2026, month: 11, day: 27))
    #expect(friday.week.monday.description == RandomUserFixtures.week.0)
    #expect(friday.week.sunday.description == RandomUserFixtures.week.1)
    #expect(friday.week.timeZone == "Europe/Oslo")
    #expect(friday.notice == "\(friday.user.firstName) har bursdag denne uken 🎉")
    #expect(friday.celebration == BirthdayCelebration())
    #expect(friday.celebration?.badge.emoji == "🎉")
    #expect(friday.celebration?.rain.emoji == ["🍰", "🎂", "🧁"])
    #expect(friday.celebration?.rain.scaleFrom == 1)
    #expect(friday.celebration?.rain.scaleTo == 0.01)

    let nextMonday = try await service.user(id: Self.id(2))
    #expect(nextMonday.birthdayThisWeek == false)
    #expect(nextMonday.birthday == nil && nextMonday.notice == nil && nextMonday.celebration == nil)
    #expect(
      try await service.user(id: Self.id(0), language: .en).notice?.hasSuffix("has a birthday this week 🎉") == true
    )
  }

  @Test func onlyTheFixedUserHasABirthdayThisWeek() async throws {
    let (service, _) = try makeService()
    var celebrating: [String] = []
    for user in try await service.list().users {
      if try await service.user(id: user.id).birthdayThisWeek { celebrating.append(user.id) }
    }
    #expect(celebrating == [Self.id(0)])
  }

  @Test func theWeekFollowsTheConfiguredTimeZone() async throws {
    // Sunday 29 November 2026, 23:30 UTC: Monday in Oslo (user 2's birthday week), Sunday in UTC.
    clock.advance(by: 4 * 24 * 3600 + 11.5 * 3600)
    let (oslo, store) = try makeService()
    #expect(try await oslo.user(id: Self.id(2)).birthdayThisWeek)
    #expect(try await oslo.user(id: Self.id(0)).birthdayThisWeek == false)
    let (utc, _) = try makeService(store: store, timeZone: "UTC")
    #expect(try await utc.user(id: Self.id(2)).birthdayThisWeek == false)
    #expect(try await utc.user(id: Self.id(0)).birthdayThisWeek)
    #expect(try await utc.user(id: Self.id(0)).week.timeZone == TimeZone(identifier: "UTC")?.identifier)
  }

  @Test func theMapHasEveryUserOrOnlyTheOneItIsCentredOn() async throws {
    let (service, _) = try makeService()
    _ = try await service.list()
    _ = try await service.update(id: Self.id(6), with: UserUpdate(firstName: "Jana"))
    let all = try await service.map()
    #expect(all.pins.count == 100)
    #expect(all.focus == nil)
    let region = try #require(all.region)
    for pin in all.pins {
      #expect(abs(pin.location.lat - region.center.lat) <= region.latitudeDelta / 2)
      #expect(abs(pin.location.lon - region.center.lon) <= region.longitudeDelta / 2)
    }
    let one = try await service.map(focus: Self.id(6))
    #expect(one.pins.map(\.id) == [Self.id(6)])
    #expect(one.pins.first?.name.hasPrefix("Jana ") == true, "the edited name")
    #expect(one.focus == Self.id(6))
    #expect(one.region?.center == one.pins.first?.location)
    #expect(one.region?.latitudeDelta == MapRegion.singleUserSpan)
    let error = await failure { () async throws(BeaconError) in try await service.map(focus: "nobody") }
    #expect(error == .people(.userNotFound("nobody")))
  }

  // MARK: - Faults

  @Test(arguments: [500, 502, 503])
  func aServerErrorIsUpstreamUnavailable(status: Int) async throws {
    server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: status) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .people(.unavailable(reason: "HTTP \(status)")))
    #expect(error?.message(in: .nb) == "Får ikke kontakt med randomuser.me; sjekk nettet eller prøv igjen senere")
  }

  @Test func troubleWithStatus200IsUpstreamUnavailableToo() async throws {
    server.handler = { _ in .json(RandomUserFixtures.troubleBody) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    guard case .people(.unavailable(let reason))? = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("randomuser.me: Uh oh"))
  }

  @Test func tooManyRequestsHonoursRetryAfterAndPausesLaterCalls() async throws {
    server.handler = { _ in .json(RandomUserFixtures.rateLimitBody, status: 429, headers: ["Retry-After": "7"]) }
    let (service, _) = try makeService()
    let first = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(first == .people(.rateLimited(retryAfterSeconds: 7)))
    #expect(first?.kind == "rateLimited")
    let second = await failure { () async throws(BeaconError) in try await service.setSeed("android") }
    guard case .people(.rateLimited(let seconds))? = second else {
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
    #expect(error == .people(.rejected(message: "Bad seed")))
    #expect(error?.kind == "upstreamRejected")
  }

  @Test func anUnknownVersionIsUpstreamUnavailable() async throws {
    server.handler = { _ in .text("Not Found", status: 404) }
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .people(.unavailable(reason: "HTTP 404")))
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

  // MARK: - The store

  @Test func anOlderStoreGainsTheDirectoryAndKeepsItsData() async throws {
    let path = directory.file("old.sqlite")
    let directoryMigration = try #require(Migrations.all.firstIndex { $0.contains("CREATE TABLE person (") })
    do {
      let old = try Store.open(path: path, upTo: directoryMigration)
      #expect(try await old.schemaVersion == directoryMigration)
      try await old.writeRadiusSetting()
    }
    let store = try Store.open(path: path)
    #expect(try await store.schemaVersion == Migrations.latestVersion)
    #expect(try await store.settings().radiusMeters == 3000)
    let (service, _) = try makeService(store: store)
    #expect(try await service.list().users.count == 100)
  }
}

extension Store {
  /// Writes something through an older schema, so the upgrade has data to keep.
  fileprivate func writeRadiusSetting() throws(BeaconError) {
    try storage {
      try database.run("INSERT INTO setting (key, value) VALUES ('radiusMeters', '3000')")
    }
  }
}
