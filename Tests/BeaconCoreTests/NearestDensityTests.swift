import Foundation
import Testing

@testable import BeaconCore

extension Store {
  /// How many boxes of a category (no text, demo places kept) have been read so far: the nearest places' rowids
  /// and positions from `place_cell`, and the whole circle's places from the R*Tree.
  fileprivate func boxQueries() throws -> Int {
    try database.statement(Self.nearestCellSQL).runs
      + database.statement(Self.searchSQL(category: true, text: false)).runs
  }
}

/// `Store.nearest` starting from the density of the last search: a search of an area searched before reads one
/// box, and whatever the last search left behind (dense, sparse, nothing), the list is the whole circle's.
@Suite struct NearestDensityTests {
  /// The nearest `limit` of `category` within `radius` of `center` as a search lists them, by the growing box and
  /// by the whole circle.
  static func both(
    _ store: Store,
    _ limit: Int,
    _ center: Coordinate,
    _ radius: Int,
    _ category: PlaceCategory? = .restaurant
  ) async throws -> (got: [String], expected: [String]) {
    let nearest = try await store.nearest(limit, to: center, within: radius, category: category, text: nil)
    let whole = try await store.places(near: center, radiusMeters: radius, category: category, text: nil)
    #expect(nearest.allSatisfy { $0.location.distance(to: center) <= Double(radius) })
    // Only what can make the list: nothing beyond 2 m past the `limit`th of the whole circle.
    if whole.count > limit {
      let cut = whole[limit - 1].location.distance(to: center) + 2
      #expect(nearest.allSatisfy { $0.location.distance(to: center) <= cut }, "limit \(limit)")
    }
    let got = PlaceSort.distance.sorted(try await store.summaries(of: nearest, center: center))
    let expected = PlaceSort.distance.sorted(try await store.summaries(of: whole, center: center))
    return (got.prefix(limit).map(\.id), expected.prefix(limit).map(\.id))
  }

  @Test func aSecondSearchOfTheSameAreaReadsOneBox() async throws {
    let store = try await NearestSearchTests.store()
    // Sparse (a handful of restaurants in 1 km: the first box of 100 m is empty) and dense (the cluster).
    for center in [Coordinate(lat: 59.90, lon: 10.80), NearestSearchTests.center] {
      let first = try await store.boxQueries()
      _ = try await store.nearest(10, to: center, within: 1_000, category: .restaurant, text: nil)
      let second = try await store.boxQueries()
      if center.lat == 59.90 { #expect(second - first >= 2, "the first search of a sparse area grows its box") }
      let (got, expected) = try await Self.both(store, 10, center, 1_000)
      #expect(try await store.boxQueries() - second == 2, "one box for nearest, one for the whole circle")
      #expect(got == expected)
    }
  }

  @Test func whateverTheLastSearchLeftTheListIsTheWholeCircles() async throws {
    let store = try await NearestSearchTests.store()
    let dense = NearestSearchTests.center
    let sparse = Coordinate(lat: 59.90, lon: 10.80)
    let nowhere = Coordinate(lat: 62.0, lon: 5.0)
    // Each step's box starts from the density the step before left (or from the smallest after nothing found).
    let steps: [(Coordinate, Int, Int)] = [
      (sparse, 1_000, 10), (dense, 1_000, 10), (dense, 5_000, 100), (sparse, 10_000, 1), (nowhere, 1_000, 10),
      (dense, 100, 50), (sparse, 100, 10), (dense, 10_000, 100), (sparse, 5_000, 50), (dense, 1_000, 1),
    ]
    for (center, radius, limit) in steps {
      let (got, expected) = try await Self.both(store, limit, center, radius)
      #expect(got == expected, "center \(center), radius \(radius), limit \(limit)")
      if center == nowhere { #expect(got.isEmpty) }
    }
  }

  @Test func edgesTiesAndLimits() async throws {
    let center = Coordinate(lat: 60.0, lon: 10.0)
    // Due north of the centre: `metres` away on the sphere of `Coordinate.distance(to:)`.
    func north(_ metres: Double) -> Coordinate {
      Coordinate(lat: center.lat + metres / Coordinate.earthRadiusMeters * 180 / .pi, lon: center.lon)
    }
    var places: [Place] = []
    // Five at one spot (a tie the limit cuts through, ordered by name), four at the radius (one rounded beyond it).
    for (index, name) in ["E", "C", "A", "D", "B"].enumerated() {
      places.append(Place(id: "tie:\(index)", name: name, category: .restaurant, location: north(300), source: "t"))
    }
    for (index, metres) in [999.4, 999.9, 1_000.0, 1_000.6].enumerated() {
      places.append(
        Place(id: "edge:\(index)", name: "Kant \(index)", category: .restaurant, location: north(metres), source: "t")
      )
    }
    places.append(Place(id: "near", name: "Nær", category: .restaurant, location: north(20), source: "t"))
    let store = try Store.open(path: ":memory:")
    try await store.upsert(places)
    // Twice each: the second search starts from the density the first left.
    for limit in [1, 3, 6, 8, 9, 10, 50] {
      for _ in 0..<2 {
        let (got, expected) = try await Self.both(store, limit, center, 1_000)
        #expect(got == expected, "limit \(limit)")
        #expect(got.count == min(limit, 8) || got.count == min(limit, 9), "\(got)")
      }
    }
    let (all, _) = try await Self.both(store, 50, center, 1_000)
    #expect(all.prefix(4) == ["near", "tie:2", "tie:4", "tie:1"])
    #expect(!all.contains("edge:3"))
    // Nothing of the category in the circle, then a search that finds them again.
    #expect(try await Self.both(store, 10, center, 1_000, .hotel).got.isEmpty)
    let (again, expected) = try await Self.both(store, 2, center, 1_000)
    #expect(again == expected && again == ["near", "tie:2"])
  }
}
