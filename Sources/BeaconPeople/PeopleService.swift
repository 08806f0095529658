import BeaconCore
import Foundation

/// Serves the user directory from randomuser.me: a directory of 100 users fetched with a stored seed, profiles
/// with the birthday celebration, a map of everyone, and the user's own edits and deletions.
///
/// The users are kept in the store: after one successful fetch every `users/*` call works without the network and
/// after a restart, with `source: cache` (and `stale: true` once the copy is older than its time to live and
/// randomuser.me cannot be reached). A fetch never undoes the user's work: edited fields keep winning over the
/// API's data and deleted users never come back.
package final class PeopleService: Sendable {
  /// How long a fetch stays fresh; the same seed gives the same users, so this only picks up changes in the API.
  package struct TimeToLive: Sendable {
    package var users: TimeInterval = 24 * 3600
    package init() {}
  }

  /// The credit line for randomuser.me's data.
  package static let attribution = "Data: Random User Generator (https://randomuser.me)"
  /// The seed used until `users/setSeed` stores another.
  package static let defaultSeed = "ios"
  /// How many users one fetch asks for.
  package static let pageSize = 100
  /// The longest seed accepted, in characters.
  package static let maxSeedLength = 64

  let store: any PeopleStorage
  let client: RandomUserClient
  /// Whether the service never touches the network (`--offline`).
  let offline: Bool
  let ttl: TimeToLive
  /// The user's zone: "this week" and ages are counted on its calendar.
  package let timeZone: TimeZone
  let now: @Sendable () -> Date

  /// Creates a service.
  package init(
    store: any PeopleStorage,
    client: RandomUserClient,
    offline: Bool = false,
    ttl: TimeToLive = TimeToLive(),
    timeZone: TimeZone = OpeningHours.timeZone(nil),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.client = client
    self.offline = offline
    self.ttl = ttl
    self.timeZone = timeZone
    self.now = now
  }

  /// Today on the user's calendar.
  package var today: CivilDate { BirthdayCalendar.today(at: now(), in: timeZone) }

  /// The stored users with where they came from.
  struct Directory {
    var users: [User]
    var seed: String
    var source: DataSource
    var stale: Bool
    var fetchedAt: Date
  }

  /// The directory: the stored users while fresh, else randomuser.me's with the stored seed (stored first), else
  /// (when the network failed) the stored users marked stale. An answer without a single user is an outage, so it
  /// never empties the directory.
  func directory(refresh: Bool = false) async throws(BeaconError) -> Directory {
    let (seed, fetchedAt) = try await store.userDirectory(defaultSeed: Self.defaultSeed)
    let time = now()
    func stored(_ source: DataSource, stale: Bool, at date: Date) async throws(BeaconError) -> Directory {
      let today = BirthdayCalendar.today(at: time, in: timeZone)
      let users = try await store.storedUsers().map { User(record: $0.record, edits: $0.edits, today: today) }
      return Directory(users: users, seed: seed, source: source, stale: stale, fetchedAt: date)
    }
    if let fetchedAt, !refresh || offline, time.timeIntervalSince(fetchedAt) < ttl.users {
      return try await stored(.cache, stale: false, at: fetchedAt)
    }
    if offline {
      if let fetchedAt { return try await stored(.cache, stale: true, at: fetchedAt) }
      throw .upstream(.randomUser, .unavailable(reason: "offline"))
    }
    do throws(BeaconError) {
      _ = try await fetch(seed: seed, at: time)
      return try await stored(.live, stale: false, at: time)
    } catch {
      if error.allowsStaleFallback, let fetchedAt { return try await stored(.cache, stale: true, at: fetchedAt) }
      throw error
    }
  }

  /// Fetches ``pageSize`` users of `seed` and stores them (see ``Store/storeUsers(_:seed:at:)``).
  func fetch(seed: String, at time: Date) async throws(BeaconError) -> UserStoreChange {
    let body = try await client.users(seed: seed, count: Self.pageSize)
    let records = try RandomUserDecoding.users(from: body)
    guard !records.isEmpty else { throw .upstream(.randomUser, .badAnswer(reason: "randomuser.me listed no users")) }
    return try await store.storeUsers(records, seed: seed, at: time)
  }

  // MARK: - users/list, users/get, users/map

  /// Every user in the directory's order: 100 of the stored seed, plus the edited users kept from earlier seeds.
  package func list(refresh: Bool = false) async throws(BeaconError) -> UserListResult {
    let directory = try await directory(refresh: refresh)
    return UserListResult(
      users: directory.users,
      seed: directory.seed,
      source: directory.source,
      stale: directory.stale,
      fetchedAt: directory.fetchedAt,
      attribution: Self.attribution
    )
  }

  /// The profile of user `id`, whether their birthday falls in the current Monday–Sunday week on the user's
  /// calendar, and the celebration when it does.
  ///
  /// - Throws: ``UnknownEntity/user(_:)`` for an id the directory does not hold (never fetched, or deleted).
  package func user(id: String, language: Language = .nb) async throws(BeaconError) -> UserDetailsResult {
    let directory = try await directory()
    guard let user = directory.users.first(where: { $0.id == id }) else { throw .notFound(.user(id)) }
    let today = today
    let birthday = user.birthDate.flatMap { BirthdayCalendar.birthdayInWeek(of: $0, today: today) }
    let name = user.firstName.isEmpty ? user.name : user.firstName
    return UserDetailsResult(
      user: user,
      birthdayThisWeek: birthday != nil,
      week: BirthdayWeek(today: today, timeZone: timeZone),
      birthday: birthday,
      notice: birthday.map { _ in PeopleMessage.birthdayThisWeek(name).text(in: language) },
      celebration: birthday.map { _ in BirthdayCelebration() },
      source: directory.source,
      stale: directory.stale,
      fetchedAt: directory.fetchedAt,
      attribution: Self.attribution
    )
  }

  /// A pin for every user with a location and the region that shows them all; with `focus`, only that user's pin
  /// and a region centred on them (the "show on map" from the profile).
  ///
  /// - Throws: ``UnknownEntity/user(_:)`` when `focus` is not in the directory.
  package func map(focus: String? = nil) async throws(BeaconError) -> UserMapResult {
    let directory = try await directory()
    let pins: [UserMapPin]
    let region: MapRegion?
    if let focus {
      guard let user = directory.users.first(where: { $0.id == focus }) else { throw .notFound(.user(focus)) }
      pins = UserMapPin(user).map { [$0] } ?? []
      region = user.location.map(MapRegion.init(around:))
    } else {
      pins = directory.users.compactMap(UserMapPin.init)
      region = MapRegion(fitting: pins.map(\.location))
    }
    return UserMapResult(
      pins: pins,
      region: region,
      focus: focus,
      source: directory.source,
      stale: directory.stale,
      fetchedAt: directory.fetchedAt,
      attribution: Self.attribution
    )
  }
}
