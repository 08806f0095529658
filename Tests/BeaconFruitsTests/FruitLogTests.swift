import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconFruits

/// The log of eaten fruit: days on the user's calendar (Europe/Oslo, across midnight and both changes of daylight
/// saving time), daily totals, the 30-day rain window, and what may be logged.
@Suite struct FruitLogTests {
  static let oslo = TimeZone(identifier: "Europe/Oslo") ?? .gmt

  static func instant(_ text: String) -> Date {
    (try? FruitsService.instant(text, field: "test")) ?? .distantPast
  }

  let clock = TestClock(FruitLogTests.instant("2026-11-22T12:00:00Z"))
  let store: Store
  let service: FruitsService

  /// A service whose store already holds the fixture catalogue, so no test here needs the network.
  init() async throws {
    store = try Store.open(path: ":memory:", migrations: FruitsSchema.migrations)
    let fruits = try FruityviceDecoding.fruits(from: Array(FruityviceFixtures.all.utf8))
    let clock = clock
    try await store.replaceFruitCatalogue(fruits, at: clock.now)
    service = FruitsService(
      store: store,
      client: FruityviceClient(baseURL: try LoopbackHTTPServer.closedBaseURL(), transport: URLSessionTransport()),
      timeZone: Self.oslo,
      now: { clock.now }
    )
  }

  /// Logs fruit `id` at each of `times`.
  func log(_ id: Int, at times: String...) async throws {
    for time in times { _ = try await service.logFruit(id: id, eatenAt: Self.instant(time)) }
  }

  func days(from: String? = nil, to: String? = nil) async throws -> [String: [String]] {
    let result = try await service.logDays(
      from: from.flatMap(CivilDate.init(parsing:)),
      to: to.flatMap(CivilDate.init(parsing:))
    )
    return Dictionary(uniqueKeysWithValues: result.days.map { ("\($0.date)", $0.entries.map(\.name)) })
  }

  // MARK: - Days

  @Test func midnightInOsloSeparatesDaysNotMidnightInUTC() async throws {
    try await log(1, at: "2026-03-10T22:59:59Z", "2026-03-10T23:00:00Z", "2026-03-10T23:30:00Z")
    #expect(try await days() == ["2026-03-10": ["Banana"], "2026-03-11": ["Banana", "Banana"]])
  }

  @Test func theNightDaylightSavingTimeStartsHasATwentyThreeHourDay() async throws {
    // 2026-03-29: at 01:00 UTC the clocks jump from 02:00 to 03:00, so the day runs 23:00Z … 22:00Z.
    try await log(3, at: "2026-03-28T22:59:00Z", "2026-03-28T23:00:00Z", "2026-03-29T01:30:00Z")
    try await log(1, at: "2026-03-29T21:59:59Z", "2026-03-29T22:00:00Z")
    #expect(
      try await days() == [
        "2026-03-28": ["Strawberry"], "2026-03-29": ["Strawberry", "Strawberry", "Banana"], "2026-03-30": ["Banana"],
      ]
    )
    let result = try await service.logDays()
    let sunday = try #require(result.days.first { "\($0.date)" == "2026-03-29" })
    #expect(
      sunday.entries.map(\.localTime.description) == [
        "2026-03-29T00:00:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-29T23:59:59+02:00",
      ]
    )
  }

  @Test func theNightDaylightSavingTimeEndsHasATwentyFiveHourDay() async throws {
    // 2026-10-25: at 01:00 UTC the clocks fall back from 03:00 to 02:00, so the day runs 22:00Z … 23:00Z.
    try await log(2, at: "2026-10-24T21:59:59Z", "2026-10-24T22:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z")
    try await log(26, at: "2026-10-25T22:59:59Z", "2026-10-25T23:00:00Z")
    #expect(
      try await days() == [
        "2026-10-24": ["Orange"], "2026-10-25": ["Orange", "Orange", "Orange", "Lemon"], "2026-10-26": ["Lemon"],
      ]
    )
    let result = try await service.logDays()
    let sunday = try #require(result.days.first { "\($0.date)" == "2026-10-25" })
    // The repeated hour: 02:30 summer time, then 02:30 winter time.
    #expect(sunday.entries.map(\.localTime.time) == ["00:00", "02:30", "02:30", "23:59"])
  }

  @Test func daysAreNewestFirstAndEachDayInTheOrderEaten() async throws {
    try await log(1, at: "2026-11-20T18:00:00Z")
    try await log(3, at: "2026-11-21T07:00:00Z")
    try await log(4, at: "2026-11-20T06:00:00Z")
    try await log(6, at: "2026-11-21T06:00:00Z")
    let result = try await service.logDays()
    #expect(result.days.map(\.date.description) == ["2026-11-21", "2026-11-20"])
    #expect(result.days.map { $0.entries.map(\.name) } == [["Apple", "Strawberry"], ["Pear", "Banana"]])
    #expect(result.timeZone == "Europe/Oslo")
  }

  @Test func eachDaySumsEveryNutritionField() async throws {
    // Strawberry + Pear + Orange + Banana: 0.4 + 0.1 + 0.2 + 0.2 g fat must read 0.9, not 0.9000000000000001.
    try await log(3, at: "2026-11-21T07:00:00Z")
    try await log(4, at: "2026-11-21T08:00:00Z")
    try await log(2, at: "2026-11-21T09:00:00Z")
    try await log(1, at: "2026-11-21T10:00:00Z")
    try await log(96, at: "2026-11-20T10:00:00Z")
    let result = try await service.logDays()
    #expect(
      result.days.first?.totals
        == Nutrition(calories: 225, fat: 0.9, sugar: 40.8, carbohydrates: 50.8, protein: 3.2)
    )
    #expect(result.days.last?.totals == Nutrition(calories: 628, fat: 61, sugar: 4.3, carbohydrates: 17, protein: 15))
  }

  @Test func fromAndToAreInclusiveLocalDays() async throws {
    try await log(1, at: "2026-03-09T23:30:00Z", "2026-03-10T12:00:00Z", "2026-03-11T22:59:00Z", "2026-03-11T23:00:00Z")
    #expect(
      try await days(from: "2026-03-10", to: "2026-03-11") == [
        "2026-03-10": ["Banana", "Banana"], "2026-03-11": ["Banana"],
      ]
    )
    #expect(try await days(from: "2026-03-12") == ["2026-03-12": ["Banana"]])
    #expect(try await days(to: "2026-03-09") == [:])
    let backwards = await failure { () async throws(BeaconError) in
      try await service.logDays(
        from: CivilDate(year: 2026, month: 3, day: 12),
        to: CivilDate(year: 2026, month: 3, day: 1)
      )
    }
    guard case .invalidArgument("from", _)? = backwards else {
      Issue.record("expected an invalid 'from', got \(String(describing: backwards))")
      return
    }
  }

  @Test func anotherZoneCountsItsOwnDays() async throws {
    try await log(1, at: "2026-03-10T23:30:00Z")
    let newYork = try await service.logDays(in: TimeZone(identifier: "America/New_York"))
    #expect(newYork.days.map(\.date.description) == ["2026-03-10"])
    #expect(newYork.timeZone == "America/New_York")
    #expect(try await service.logDays().days.map(\.date.description) == ["2026-03-11"])
  }

  @Test func removingAnEntryTakesItOutOfItsDay() async throws {
    let first = try await service.logFruit(id: 1, eatenAt: Self.instant("2026-11-21T10:00:00Z"))
    _ = try await service.logFruit(id: 3, eatenAt: Self.instant("2026-11-21T11:00:00Z"))
    #expect(try await service.removeLogEntry(id: first.id))
    #expect(try await service.removeLogEntry(id: first.id) == false)
    #expect(try await days() == ["2026-11-21": ["Strawberry"]])
  }

  @Test func theLogSurvivesReopeningTheStore() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("fruits.sqlite")
    do {
      let store = try Store.open(path: path, migrations: FruitsSchema.migrations)
      let fruits = try FruityviceDecoding.fruits(from: Array(FruityviceFixtures.all.utf8))
      try await store.replaceFruitCatalogue(fruits, at: clock.now)
      _ = try await store.addFruitLogEntry(
        try #require(fruits.first { $0.id == 1 }),
        eatenAt: clock.now,
        loggedAt: clock.now,
        timeZone: Self.oslo
      )
    }
    let reopened = try Store.open(path: path, migrations: FruitsSchema.migrations)
    let entries = try await reopened.fruitLogEntries(from: nil, to: nil, timeZone: Self.oslo)
    #expect(entries.map(\.name) == ["Banana"])
    #expect(try await reopened.fruitCatalogue()?.fruits.count == 16)
  }

  // MARK: - What may be logged

  @Test func withoutATimeTheEntryIsEatenNow() async throws {
    let entry = try await service.logFruit(id: 72)
    #expect(entry.eatenAt == clock.now)
    #expect(entry.name == "GreenApple")
    #expect(entry.localTime.description == "2026-11-22T13:00:00+01:00")
    #expect(entry.nutritions.calories == 21)
  }

  @Test func aTimeInTheFutureIsRefusedButNowIsNot() async throws {
    let future = await failure { () async throws(BeaconError) in
      try await service.logFruit(id: 1, eatenAt: clock.now.addingTimeInterval(1))
    }
    #expect(future == .invalidArgument(field: "eatenAt", message: .fruit(.eatenInTheFuture)))
    _ = try await service.logFruit(id: 1, eatenAt: clock.now)
  }

  @Test func anUnknownFruitIsNotFound() async throws {
    let error = await failure { () async throws(BeaconError) in try await service.logFruit(id: 999) }
    #expect(error == .notFound(.fruit(999)))
  }

  @Test func theEntryKeepsTheNutritionItWasLoggedWith() async throws {
    _ = try await service.logFruit(id: 1, eatenAt: Self.instant("2026-11-21T10:00:00Z"))
    var changed = try FruityviceDecoding.fruits(from: Array(FruityviceFixtures.all.utf8))
    for index in changed.indices where changed[index].id == 1 { changed[index].nutritions.calories = 500 }
    try await store.replaceFruitCatalogue(changed, at: clock.now)
    #expect(try await service.logDays().days.first?.totals.calories == 96)
  }

  @Test(arguments: [
    ("2026-03-29T08:30:00+02:00", "2026-03-29T06:30:00Z"), ("2026-03-29T06:30:00Z", "2026-03-29T06:30:00Z"),
    ("2026-03-29T06:30Z", "2026-03-29T06:30:00Z"), ("2026-03-29t06:30:00.250z", "2026-03-29T06:30:00Z"),
    ("2026-03-28T20:00:00-05:00", "2026-03-29T01:00:00Z"),
  ])
  func rfc3339TimesAreRead(text: String, utc: String) throws {
    let date = try FruitsService.instant(text, field: "eatenAt")
    #expect(abs(date.timeIntervalSince(Self.instant(utc))) < 0.5)
  }

  @Test(arguments: [
    "yesterday", "2026-03-29", "2026-03-29T08:30:00", "2026-13-01T08:30:00Z", "2026-02-30T08:30:00Z",
    "2026-03-29T24:00:00Z", "2026-03-29T08:60:00Z", "2026-03-29T08:30:61Z", "2026-03-29T08:30:00+0200", "",
  ])
  func otherTextsAreNoTime(text: String) {
    #expect(throws: BeaconError.invalidArgument(field: "eatenAt", message: .fruit(.invalidDateTime(text)))) {
      try FruitsService.instant(text, field: "eatenAt")
    }
  }

  // MARK: - The rain's window

  @Test func theRainCountsTheLastThirtyDaysWithBothEdges() async throws {
    clock.set(Self.instant("2026-12-22T12:00:00Z"))
    try await log(1, at: "2026-11-22T12:00:00Z", "2026-12-22T12:00:00Z", "2026-12-01T08:00:00Z")
    try await log(1, at: "2026-11-22T11:59:59Z")  // One second too early.
    try await log(3, at: "2026-12-20T08:00:00Z")  // Another fruit.
    let banana = try #require(try await store.fruitCatalogue()?.fruits.first { $0.id == 1 })
    let rain = try await service.rain(for: banana)
    #expect(rain.count == 3)
    #expect(rain.since == Self.instant("2026-11-22T12:00:00Z"))
    #expect(rain.emoji == "🍌")
    #expect(rain.windowDays == 30)
    #expect(rain.scaleFrom == 2.0)
    #expect(rain.scaleTo == 0.1)
  }

  @Test func theRainWindowKeepsTheWallClockTimeAcrossADaylightSavingChange() {
    // 30 days before 12:00 CEST on 10 April is 12:00 CET on 11 March: 721 hours, not 720.
    let since = service.rainWindowStart(before: Self.instant("2026-04-10T12:00:00+02:00"))
    #expect(since == Self.instant("2026-03-11T12:00:00+01:00"))
  }

  @Test func aFruitNeverEatenRainsNothing() async throws {
    let details = try await service.fruit(id: 96)
    #expect(details.rain.count == 0)
    #expect(details.rain.emoji == FruitRain.fallbackEmoji)
  }

  @Test(arguments: [
    ("Apple", "🍏"), ("GreenApple", "🍏"), ("Orange", "🍊"), ("Tangerine", "🍊"), ("Lemon", "🍋"), ("Banana", "🍌"),
    ("Pineapple", "🍍"), ("Grape", "🍇"), ("Melon", "🍈"), ("Watermelon", "🍉"), ("Horned Melon", "💯"),
    ("Hazelnut", "💯"), (" banana ", "🍌"),
  ])
  func eachFruitRainsItsEmoji(name: String, emoji: String) {
    #expect(FruitRain.emoji(for: name) == emoji)
  }
}
