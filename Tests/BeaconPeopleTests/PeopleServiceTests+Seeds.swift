import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconPeople

/// A change of seed, and single users and the map.
extension PeopleServiceTests {
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
      let (service, _) = try makeService(store: Store.open(path: path, migrations: PeopleSchema.migrations))
      _ = try await service.setSeed("a b+c&d")
    }
    let (service, _) = try makeService(store: Store.open(path: path, migrations: PeopleSchema.migrations))
    clock.advance(by: 25 * 3600)
    let list = try await service.list()
    #expect(list.seed == "a b+c&d")
    #expect(list.source == .live)
    #expect(fetches == ["a b+c&d", "a b+c&d"])
    #expect(server.requests.last?.target.contains("seed=a%20b%2Bc%26d&") == true)
    #expect(list.users.first?.id == Self.id(0, seed: "a b+c&d"))
  }

  @Test func aSeedChangeThatCannotFetchChangesNothing() async throws {
    let (service, store) = try makeService()
    _ = try await service.list()
    _ = try await service.update(id: Self.id(1), with: UserUpdate(city: "Bergen"))
    server.handler = { _ in .json(RandomUserFixtures.troubleBody, status: 500) }
    let error = await failure { () async throws(BeaconError) in try await service.setSeed("android") }
    #expect(error == .upstream(.randomUser, .badAnswer(reason: "HTTP 500")))
    let list = try await service.list()
    #expect(list.seed == "ios")
    #expect(list.users.count == 100)

    let (offline, _) = try makeService(store: store, offline: true)
    let refused = await failure { () async throws(BeaconError) in try await offline.setSeed("android") }
    #expect(refused == .upstream(.randomUser, .unavailable(reason: "offline")))
    #expect(server.requests.count == 2)
  }

  @Test(arguments: [("", "emptySeed"), ("   ", "emptySeed"), (String(repeating: "s", count: 65), "seedTooLong")])
  func anEmptyOrLongSeedIsInvalid(seed: String, problem: String) async throws {
    let (service, _) = try makeService()
    let error = await failure { () async throws(BeaconError) in try await service.setSeed(seed) }
    guard case .invalidArgument("seed", let sentence)? = error,
      let message = sentence.featureMessage(PeopleMessage.self)
    else {
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
    #expect(error == .notFound(.user("nobody")))
  }
}
