import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconPeople

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
    let store = try store ?? Store.open(path: ":memory:", migrations: PeopleSchema.migrations)
    let clock = clock
    let service = PeopleService(
      store: store,
      client: RandomUserClient(
        baseURL: baseURL ?? server.baseURL,
        transport: URLSessionTransport(connectTimeout: 3, totalTimeout: 30)
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
      let (service, _) = try makeService(store: Store.open(path: path, migrations: PeopleSchema.migrations))
      _ = try await service.list()
      _ = try await service.update(id: Self.id(5), with: UserUpdate(city: "Tromsø"))
    }
    server.stop()
    clock.advance(by: 3 * 24 * 3600)
    let (offline, _) = try makeService(
      store: Store.open(path: path, migrations: PeopleSchema.migrations),
      offline: true
    )
    let stored = try await offline.list()
    #expect(stored.users.count == 100)
    #expect(stored.source == .cache)
    #expect(stored.stale == true)
    #expect(stored.users.first { $0.id == Self.id(5) }?.city == "Tromsø")
    #expect(try await offline.user(id: Self.id(0)).user.id == Self.id(0))
    #expect(try await offline.map().pins.count == 100)

    let (online, _) = try makeService(store: Store.open(path: path, migrations: PeopleSchema.migrations))
    let fallback = try await online.list()
    #expect(fallback.source == .cache, "randomuser.me is down: the stored users stand in")
    #expect(fallback.stale == true)
    #expect(fallback.users.count == 100)
  }

  @Test func offlineWithNothingStoredSaysHowToGetUsers() async throws {
    let (service, _) = try makeService(offline: true)
    let error = await failure { () async throws(BeaconError) in try await service.list() }
    #expect(error == .upstream(.randomUser, .unavailable(reason: "offline")))
    #expect(error?.message(in: .nb).contains("--offline") == true)
    #expect(server.requests.isEmpty)
  }

  // MARK: - The store

  @Test func anOlderStoreGainsTheDirectoryAndKeepsItsData() async throws {
    let path = directory.file("old.sqlite")
    let directoryMigration = try #require(
      Migrations.all(adding: PeopleSchema.migrations).firstIndex { $0.contains("CREATE TABLE person (") }
    )
    do {
      let old = try Store.open(path: path, upTo: directoryMigration, migrations: PeopleSchema.migrations)
      #expect(try await old.schemaVersion == directoryMigration)
      try await old.writeRadiusSetting()
    }
    let store = try Store.open(path: path, migrations: PeopleSchema.migrations)
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
