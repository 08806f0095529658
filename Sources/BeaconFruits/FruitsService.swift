import BeaconCore
import Foundation

/// Serves fruit data from Fruityvice: the catalogue, its groups, one fruit's details with the
/// presentation, and the user's log of eaten fruit.
///
/// The catalogue (`/api/fruit/all`) is kept in the store: after one successful fetch every `fruits/*` call works
/// without the network, with `source: cache` (and `stale: true` once the copy is older than its time to live and
/// Fruityvice cannot be reached). Group lists are fetched from their own endpoints through the response cache,
/// with the stored catalogue standing in when Fruityvice fails.
package final class FruitsService: Sendable {
  /// How long answers stay fresh.
  package struct TimeToLive: Sendable {
    package var catalogue: TimeInterval = 24 * 3600
    package var groups: TimeInterval = 24 * 3600
    package init() {}
  }

  /// The credit line for Fruityvice's data.
  package static let attribution = "Data: Fruityvice (https://www.fruityvice.com)"
  /// Sugar above this many grams per 100 g is high (more than 10 g).
  package static let highSugarThreshold = 10.0
  /// The fruit rain counts the last this many days.
  package static let rainWindowDays = 30
  /// The path of the whole catalogue.
  static let cataloguePath = FruityviceClient.path(["api", "fruit", "all"])

  let store: any FruitStorage
  let client: FruityviceClient
  /// Whether the service never touches the network (`--offline`).
  let offline: Bool
  let ttl: TimeToLive
  /// The user's zone: log days and the rain's window are counted on its calendar.
  package let timeZone: TimeZone
  let now: @Sendable () -> Date

  /// Creates a service.
  package init(
    store: any FruitStorage,
    client: FruityviceClient,
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

  /// The catalogue with where it came from and each family's colour.
  struct Catalogue {
    var fruits: [Fruit]
    var source: DataSource
    var stale: Bool
    var fetchedAt: Date
    var colors: [String: String]

    init(fruits: [Fruit], source: DataSource, stale: Bool, fetchedAt: Date) {
      self.fruits = fruits.sorted { $0.id < $1.id }
      self.source = source
      self.stale = stale
      self.fetchedAt = fetchedAt
      colors = FruitColor.assign(fruits.map(\.family))
    }
  }

  /// The catalogue: the stored copy while fresh, else Fruityvice's, else (when the network failed) the stored copy
  /// marked stale. An answer without a single fruit is an outage, so it never replaces a good copy.
  func catalogue(refresh: Bool = false) async throws(BeaconError) -> Catalogue {
    let stored = try await store.fruitCatalogue()
    let time = now()
    if let stored, !refresh || offline, time.timeIntervalSince(stored.fetchedAt) < ttl.catalogue {
      return Catalogue(fruits: stored.fruits, source: .cache, stale: false, fetchedAt: stored.fetchedAt)
    }
    if offline {
      if let stored {
        return Catalogue(fruits: stored.fruits, source: .cache, stale: true, fetchedAt: stored.fetchedAt)
      }
      throw .upstream(.fruityvice, .unavailable(reason: "offline"))
    }
    do throws(BeaconError) {
      let body = try await client.get(
        path: Self.cataloguePath,
        notFound: .upstream(.fruityvice, .badAnswer(reason: "HTTP 404"))
      )
      let fruits = try FruityviceDecoding.fruits(from: body)
      guard !fruits.isEmpty else { throw .upstream(.fruityvice, .badAnswer(reason: "Fruityvice listed no fruits")) }
      try await store.replaceFruitCatalogue(fruits, at: time)
      return Catalogue(fruits: fruits, source: .live, stale: false, fetchedAt: time)
    } catch {
      if error.allowsStaleFallback, let stored {
        return Catalogue(fruits: stored.fruits, source: .cache, stale: true, fetchedAt: stored.fetchedAt)
      }
      throw error
    }
  }

  // MARK: - fruits/list, fruits/get, fruits/groups

  /// Every fruit, sorted by id, with its family's colour.
  package func list(refresh: Bool = false) async throws(BeaconError) -> FruitListResult {
    let catalogue = try await catalogue(refresh: refresh)
    return FruitListResult(
      fruits: catalogue.fruits.map { FruitSummary($0, colors: catalogue.colors) },
      source: catalogue.source,
      stale: catalogue.stale,
      fetchedAt: catalogue.fetchedAt,
      attribution: Self.attribution
    )
  }

  /// Everything about fruit `id`, with the sugar notice, background pulse and fruit rain.
  ///
  /// An id missing from a fresh stored catalogue is looked up once more at Fruityvice (it may be new).
  ///
  /// - Throws: ``BeaconError/notFound(_:)`` (``UnknownEntity/fruit(_:)``) for an id the catalogue does not have.
  package func fruit(id: Int, language: Language = .nb) async throws(BeaconError) -> FruitDetailsResult {
    let (fruit, catalogue) = try await lookUp(id: id)
    let highSugar = fruit.nutritions.sugar > Self.highSugarThreshold
    return FruitDetailsResult(
      fruit: FruitSummary(fruit, colors: catalogue.colors),
      highSugar: highSugar,
      notice: highSugar ? FruitMessage.highSugar.text(in: language) : nil,
      background: highSugar ? FruitPulse() : nil,
      rain: try await rain(for: fruit),
      source: catalogue.source,
      stale: catalogue.stale,
      fetchedAt: catalogue.fetchedAt,
      attribution: Self.attribution
    )
  }

  /// The fruit rain for `fruit`: one emoji for each time it was logged in the last 30 days.
  package func rain(for fruit: Fruit) async throws(BeaconError) -> FruitRain {
    let time = now()
    let since = rainWindowStart(before: time)
    let count = try await store.fruitLogCount(fruitId: fruit.id, from: since, through: time)
    return FruitRain(
      count: count,
      emoji: FruitRain.emoji(for: fruit.name),
      windowDays: Self.rainWindowDays,
      since: since
    )
  }

  /// The start of the rain's window: the same wall-clock time 30 days before `date` in the user's zone (so a
  /// change to or from daylight saving time inside the window moves it by an hour, not the clock time).
  package func rainWindowStart(before date: Date) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar.date(byAdding: .day, value: -Self.rainWindowDays, to: date)
      ?? date.addingTimeInterval(-Double(Self.rainWindowDays) * 86_400)
  }

  /// The distinct families, genera and orders of the catalogue, each sorted by name with its number of fruits.
  package func groups(refresh: Bool = false) async throws(BeaconError) -> FruitGroupsResult {
    let catalogue = try await catalogue(refresh: refresh)
    func groups(_ kind: FruitGroupKind) -> [FruitGroupsResult.Group] {
      let counts = Dictionary(grouping: catalogue.fruits) { $0.group(kind) }.mapValues(\.count)
      return counts.keys.sorted(by: Self.nameOrder).map { name in
        FruitGroupsResult.Group(
          name: name,
          count: counts[name] ?? 0,
          color: kind == .family ? catalogue.colors[name] : nil
        )
      }
    }
    return FruitGroupsResult(
      families: groups(.family),
      genera: groups(.genus),
      orders: groups(.order),
      source: catalogue.source,
      stale: catalogue.stale,
      fetchedAt: catalogue.fetchedAt,
      attribution: Self.attribution
    )
  }

  /// Sorts names alphabetically, ignoring case and accents, the same on every machine.
  static func nameOrder(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (NorwegianCollation.key(lhs), NorwegianCollation.key(rhs))
    return left != right ? left < right : lhs < rhs
  }
}
