import Foundation
import Testing

@testable import BeaconCore

/// `Store.places(near:…)` reads each row of its box where it stands: the position first (a row beyond the radius
/// makes no `Place`), the id once, the details text of a place listed before taken from the facts memo, the values
/// bound one by one to a statement found by number. What it lists is exactly what a brute force over every stored
/// row gives, read the plain way, the first time and again once the memo knows the places.
@Suite struct BoxReadingTests {
  static let date = Date(timeIntervalSince1970: 1_790_000_000)

  /// A store of `count` places around `center` with every column filled in some and empty in others: names with
  /// quotes, accents, emoji and control characters, addresses, cuisines, details texts, opening hours, time zones,
  /// fractional fetch times; a tenth are demo places, and some share a spot.
  static func store(count: Int, seed: UInt64, around center: Coordinate) async throws -> Store {
    var random = NearestSearchTests.SplitMix(state: seed)
    let names = ["Kafé \"Øst\"", "Bar\\Bistro", "Pizza 🍕", "Tab\tand\nline", "Ålesund\u{0001}", "Plain", "Ĳsselmeer"]
    let categories = PlaceCategory.allCases
    var places: [Place] = []
    for index in 0..<count {
      var location = NearestCandidatesTests.offset(
        center,
        north: (random.next() - 0.5) * 4_000,
        east: (random.next() - 0.5) * 4_000
      )
      if index % 11 == 3, let previous = places.last { location = previous.location }
      // Geoapify's shape: the OSM tags under `properties.datasource.raw`.
      let tags = #""diet:vegan":"\#(index % 2 == 0 ? "yes" : "no")","wheelchair":"limited","n":\#(index)"#
      let details: String? = index % 3 == 0 ? nil : #"{"properties":{"datasource":{"raw":{\#(tags)}}}}"#
      places.append(
        Place(
          id: "b:\(index)",
          name: names[index % names.count] + " \(index)",
          category: categories[Int(random.next() * Double(categories.count))],
          location: location,
          address: index % 4 == 0 ? nil : "Gate \(index)",
          cuisine: index % 5 == 0 ? "pizza;burger" : nil,
          detailsJSON: details,
          openingHours: index % 6 == 0 ? "Mo-Fr 08:00-16:00" : nil,
          timeZone: index % 12 == 0 ? "Europe/Oslo" : nil,
          source: index % 10 == 7 ? DemoDataset.source : "test",
          fetchedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 1.25)
        )
      )
    }
    let store = try Store.open(path: ":memory:")
    try await store.upsert(places)
    return store
  }

  @Test func boxesListWhatABruteForceOverEveryRowLists() async throws {
    let center = Coordinate(lat: 60.39, lon: 5.32)
    let store = try await Self.store(count: 1_200, seed: 7, around: center)
    let all = try await store.everyStoredPlace()
    var random = NearestSearchTests.SplitMix(state: 11)
    var compared = 0
    for round in 0..<60 {
      let here = NearestCandidatesTests.offset(
        center,
        north: (random.next() - 0.5) * 3_000,
        east: (random.next() - 0.5) * 3_000
      )
      let radius = [50, 200, 700, 1_500, 5_000][round % 5]
      let category: PlaceCategory? = round % 4 == 0 ? nil : PlaceCategory.allCases[round % PlaceCategory.allCases.count]
      let excludingDemo = round % 3 == 0
      let expected =
        all
        .map { (place: $0, distance: $0.location.distance(to: here)) }
        .filter { entry in
          entry.distance <= Double(radius) && (category == nil || entry.place.category == category)
            && !(excludingDemo && entry.place.source == DemoDataset.source)
        }
        .sorted { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
      // Twice: the second time the facts memo knows the places the summaries below resolved.
      for pass in 0..<2 {
        let found = try await store.places(
          near: here,
          radiusMeters: radius,
          category: category,
          text: nil,
          excludingDemo: excludingDemo
        )
        let distances = found.map { $0.location.distance(to: here) }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }, "round \(round), pass \(pass)")
        let ordered = zip(found, distances).sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }.map(\.0)
        #expect(ordered == expected.map(\.place), "round \(round), pass \(pass)")
        // The summaries, facts memoized or not, are those of the place alone (no rating or favourite here).
        let summaries = try await store.summaries(of: found, center: here, at: Self.date)
        let timeZone = store.defaultTimeZone
        let plain = found.map { place in
          place.summary(
            center: here,
            rating: nil,
            isFavorite: false,
            at: Self.date,
            defaultTimeZone: timeZone,
            facts: place.resolvedFacts
          )
        }
        #expect(summaries == plain, "round \(round), pass \(pass)")
        compared += found.count
      }
    }
    #expect(compared > 1_000)
  }
}

extension Store {
  /// Every stored place, read whole through a plain query (no slot, no memo).
  fileprivate func everyStoredPlace() throws -> [Place] {
    try database.query("SELECT \(Self.placeColumns) FROM place").compactMap { Self.place(from: $0) }
  }
}
