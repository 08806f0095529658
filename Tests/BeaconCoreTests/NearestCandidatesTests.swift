import Foundation
import Testing

@testable import BeaconCore

extension Store {
  /// Every stored place, read whole: what the brute force below searches.
  fileprivate func everyPlace() throws -> [Place] {
    try database.query("SELECT \(Self.placeColumns) FROM place", reading: { Self.place(from: $0) })
  }

  /// A search's result, with the rows each statement returned while it ran (by SQL text).
  fileprivate func countingRows(
    of search: PlaceSearch,
    at date: Date
  ) throws -> (found: FilteredPlaces, rows: [String: Int]) {
    let counted = try database.countingRows { try storedSummaries(for: search, at: date) }
    return (counted.result, counted.rows)
  }

  /// The nearest places (``nearest(_:to:within:category:text:excludingDemo:)``), with the rows each statement returned.
  fileprivate func countingRows(
    ofNearest limit: Int,
    to center: Coordinate,
    within radius: Int,
    category: PlaceCategory?,
    text: String?
  ) throws -> (found: [Place], rows: [String: Int]) {
    let counted = try database.countingRows {
      try nearest(limit, to: center, within: radius, category: category, text: text)
    }
    return (counted.result, counted.rows)
  }
}

/// The offline search reads a box as rowids and positions only and whole rows only for the places that can make the
/// list: what it lists is exactly what a brute force over every stored place gives (order, ties, limit, radius edge,
/// categories, demo places left out, rating and favourite marks), and only the chosen few rows are read whole.
@Suite struct NearestCandidatesTests {
  static let date = Date(timeIntervalSince1970: 1_790_000_000)
  static let center = Coordinate(lat: 61.5, lon: 8.5)  // Far from the demo places (a search loads them).

  /// `metres` north and `east` metres east of `center` (close enough on the sphere for a test's layout).
  static func offset(_ center: Coordinate, north: Double, east: Double) -> Coordinate {
    let lat = center.lat + north / Coordinate.earthRadiusMeters * 180 / .pi
    let lon = center.lon + east / (Coordinate.earthRadiusMeters * cos(center.lat * .pi / 180)) * 180 / .pi
    return Coordinate(lat: lat, lon: lon)
  }

  /// A store of `count` places within `spread` metres of ``center`` (four categories; every `tieEvery`th at the spot of
  /// the one before, often with its name; a tenth of them demo places), a few rated and marked as favourites. With
  /// `imported`, the non-demo places are an import, so searches leave the demo places out.
  static func store(count: Int, spread: Double, tieEvery: Int, seed: UInt64, imported: Bool) async throws -> Store {
    var random = NearestSearchTests.SplitMix(state: seed)
    let categories: [PlaceCategory] = [.restaurant, .cafe, .restaurant, .hotel]
    var places: [Place] = []
    for index in 0..<count {
      var location = offset(
        center,
        north: (random.next() - 0.5) * 2 * spread,
        east: (random.next() - 0.5) * 2 * spread
      )
      var name = "Sted \(Int(random.next() * 50))"
      if index % tieEvery == 1, let previous = places.last {
        location = previous.location
        if index % 3 == 0 { name = previous.name }
      }
      places.append(
        Place(
          id: "p:\(index)",
          name: name,
          category: categories[Int(random.next() * 4)],
          location: location,
          source: index % 10 == 7 ? DemoDataset.source : "test"
        )
      )
    }
    let store = try Store.open(path: ":memory:")
    let (demo, own) = (
      places.filter { $0.source == DemoDataset.source }, places.filter { $0.source != DemoDataset.source }
    )
    try await store.upsert(demo)
    if imported { try await store.importPlaces(own, at: date) } else { try await store.upsert(own) }
    for place in places where Int(place.id.dropFirst(2))! % 13 == 0 {
      _ = try await store.addRating(placeId: place.id, stars: 1 + place.name.count % 5, comment: nil)
      if place.name.count % 2 == 0 { _ = try await store.addFavorite(placeId: place.id) }
    }
    return store
  }

  /// What a search of `category` within `radius` of `center` lists, by brute force: every stored place (of the
  /// category, no demo place when `excludingDemo`) within the radius, ordered by whole metres, name and id, the first
  /// `limit`, summarized.
  static func bruteForce(
    _ store: Store,
    _ all: [Place],
    _ nameKeys: [String: String],
    center: Coordinate,
    radius: Int,
    limit: Int,
    category: PlaceCategory?,
    excludingDemo: Bool
  ) async throws -> [PlaceSummary] {
    let inCircle = all.filter { place in
      (category == nil || place.category == category) && !(excludingDemo && place.source == DemoDataset.source)
        && place.location.distance(to: center) <= Double(radius)
    }
    let ordered = inCircle.map { place in
      (place: place, metres: Int(place.location.distance(to: center).rounded()), name: nameKeys[place.name] ?? "")
    }.sorted { a, b in
      if a.metres != b.metres { return a.metres < b.metres }
      if a.name != b.name { return a.name < b.name }
      return a.place.id < b.place.id
    }
    return try await store.summaries(of: ordered.prefix(limit).map(\.place), center: center, at: date)
  }

  @Test(arguments: [
    (2_000, 400.0, 7, UInt64(1), true),  // Dense: hundreds of each category within 500 m.
    (300, 20_000.0, 50, UInt64(2), false),  // Sparse: a handful per square kilometre.
    (600, 60.0, 3, UInt64(3), true),  // Crowded: a third of the places share a spot, many a name too.
  ])
  func searchesListExactlyWhatABruteForceLists(
    count: Int,
    spread: Double,
    tieEvery: Int,
    seed: UInt64,
    imported: Bool
  ) async throws {
    let store = try await Self.store(count: count, spread: spread, tieEvery: tieEvery, seed: seed, imported: imported)
    // The first search loads the demo data (elsewhere); the brute force reads the store after it.
    _ = try await store.storedSummaries(
      for: PlaceSearch(center: Self.center, category: .hotel, radiusMeters: 100),
      at: Self.date
    )
    let all = try await store.everyPlace()
    let nameKeys = Dictionary(all.map { ($0.name, NorwegianCollation.key($0.name)) }) { first, _ in first }
    let centers = [
      Self.center, Self.offset(Self.center, north: 150, east: -90), Self.offset(Self.center, north: 3_000, east: 2_000),
    ]
    // In this order, so that each search starts from the density the one before left (dense, sparse or none).
    for center in centers {
      for radius in [60, 1_000, 5_000, 40_000] {
        for limit in [1, 2, 5, 10, 17, 50] {
          for category in [PlaceCategory.restaurant, .cafe, .hotel] {
            let search = PlaceSearch(center: center, category: category, radiusMeters: radius, limit: limit)
            let found = try await store.storedSummaries(for: search, at: Self.date)
            let expected = try await Self.bruteForce(
              store,
              all,
              nameKeys,
              center: center,
              radius: radius,
              limit: limit,
              category: category,
              excludingDemo: imported
            )
            let got = PlaceSort.distance.sorted(found.places)
            let what = "seed \(seed), \(center), radius \(radius), limit \(limit), \(category)"
            #expect(Array(got.prefix(limit)) == expected, "\(what)")
            #expect(found.excludedUnknown == nil)
            // Only what can make the list: nothing farther than 2 m beyond the `limit`th nearest.
            let distances = all.filter { place in
              place.category == category && !(imported && place.source == DemoDataset.source)
                && place.location.distance(to: center) <= Double(radius)
            }.map { $0.location.distance(to: center) }.sorted()
            if distances.count > limit {
              let cut = distances[limit - 1] + 2
              let farthest =
                found.places.compactMap { summary in
                  all.first { $0.id == summary.id }?.location.distance(to: center)
                }.max() ?? 0
              #expect(farthest <= cut, "\(what)")
            }
          }
        }
        // Every category at once, and the widest circles (more bands than `place_cell` is read for): the R*Tree.
        for limit in [1, 10, 50] {
          let nearest = try await store.nearest(limit, to: center, within: radius * 3, category: nil, text: nil)
          let got = PlaceSort.distance.sorted(try await store.summaries(of: nearest, center: center, at: Self.date))
          let expected = try await Self.bruteForce(
            store,
            all,
            nameKeys,
            center: center,
            radius: radius * 3,
            limit: limit,
            category: nil,
            excludingDemo: false
          )
          #expect(
            Array(got.prefix(limit)) == expected,
            "all categories, \(center), radius \(radius * 3), limit \(limit)"
          )
        }
      }
    }
  }

  @Test func textSearchesListWhatTheWholeCircleLists() async throws {
    let store = try await Self.store(count: 1_500, spread: 800, tieEvery: 9, seed: 4, imported: false)
    for text in ["Sted 1", "sted 4", "Sted", "4"] {
      for limit in [1, 5, 30] {
        for category in [PlaceCategory.restaurant, nil] {
          let whole = try await store.places(near: Self.center, radiusMeters: 1_000, category: category, text: text)
          let nearest = try await store.nearest(limit, to: Self.center, within: 1_000, category: category, text: text)
          let expected = PlaceSort.distance.sorted(
            try await store.summaries(of: whole, center: Self.center, at: Self.date)
          )
          let got = PlaceSort.distance.sorted(
            try await store.summaries(of: nearest, center: Self.center, at: Self.date)
          )
          #expect(
            Array(got.prefix(limit)) == Array(expected.prefix(limit)),
            "\(text), \(limit), \(String(describing: category))"
          )
          #expect(!expected.isEmpty)
        }
      }
    }
  }

  /// The statements that read places whole (``Store/placeColumns``: the details text among them).
  static func wholeRows(_ rows: [String: Int]) -> Int {
    rows.filter { $0.key.contains("place.details") }.values.reduce(0, +)
  }

  @Test func wholeRowsAreReadOnlyForTheChosenFew() async throws {
    let store = try await Self.store(count: 2_000, spread: 400, tieEvery: 1_000, seed: 5, imported: false)
    let search = PlaceSearch(center: Self.center, category: .restaurant, radiusMeters: 1_000, limit: 5)
    // The first search of a session loads the demo data and finds the density; the second starts from it.
    for _ in 0..<2 {
      let (found, rows) = try await store.countingRows(of: search, at: Self.date)
      #expect(found.places.count >= 5 && found.places.count <= 7, "\(found.places.count)")
      #expect(Self.wholeRows(rows) == found.places.count, "\(rows)")
    }
    // Every category, and text: the R*Tree's box, still whole rows only for the chosen.
    for (category, text) in [(nil, nil), (PlaceCategory.restaurant, "Sted"), (nil, "Sted 1")]
      as [(PlaceCategory?, String?)]
    {
      let (found, rows) = try await store.countingRows(
        ofNearest: 5,
        to: Self.center,
        within: 1_000,
        category: category,
        text: text
      )
      #expect(found.count >= 5 && found.count <= 7, "\(found.count)")
      #expect(
        Self.wholeRows(rows) == found.count,
        "\(String(describing: category)), \(String(describing: text)): \(rows)"
      )
    }
  }
}
