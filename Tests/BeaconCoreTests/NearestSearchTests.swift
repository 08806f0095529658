import Foundation
import Testing

@testable import BeaconCore

/// `Store.nearest`: the growing box gives exactly the list a search of the whole circle gives, sorted by
/// distance and cut at `limit`, whatever the density, and reads few rows where the store is dense.
@Suite struct NearestSearchTests {
  /// A small deterministic generator (SplitMix64), so the dataset is the same on every run.
  struct SplitMix {
    var state: UInt64
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
  }

  static let center = Coordinate(lat: 59.95, lon: 10.75)

  /// 3 000 places: a dense cluster of 1 000 within ~300 m of the centre, the rest spread over ~20 km; some
  /// pairs at exactly the same spot (ties in distance), three categories.
  static func store() async throws -> Store {
    var random = SplitMix(state: 42)
    var places: [Place] = []
    let categories: [PlaceCategory] = [.restaurant, .cafe, .hotel]
    for index in 0..<3_000 {
      let spread = index < 1_000 ? 0.003 : 0.2
      var location = Coordinate(
        lat: center.lat + (random.next() - 0.5) * spread,
        lon: center.lon + (random.next() - 0.5) * spread * 2
      )
      if index % 97 == 1, let previous = places.last { location = previous.location }  // A tie.
      places.append(
        Place(
          id: "t:\(index)",
          name: "Sted \(3_000 - index)",
          category: categories[index % 3],
          location: location,
          source: "test"
        )
      )
    }
    let store = try Store.open(path: ":memory:")
    try await store.upsert(places)
    return store
  }

  @Test func theNearestAreExactlyWhatTheWholeCircleGives() async throws {
    let store = try await Self.store()
    let centers = [Self.center, Coordinate(lat: 59.96, lon: 10.70), Coordinate(lat: 59.90, lon: 10.80)]
    for center in centers {
      for radius in [100, 1_000, 5_000, 10_000] {
        for limit in [1, 10, 50, 100] {
          for category in [PlaceCategory.restaurant, .cafe, nil] {
            let whole = try await store.places(near: center, radiusMeters: radius, category: category, text: nil)
            let nearest = try await store.nearest(limit, to: center, within: radius, category: category, text: nil)
            let expected = PlaceSort.distance.sorted(try await store.summaries(of: whole, center: center))
            let got = PlaceSort.distance.sorted(try await store.summaries(of: nearest, center: center))
            #expect(
              got.prefix(limit).map(\.id) == expected.prefix(limit).map(\.id),
              "center \(center), radius \(radius), limit \(limit), category \(String(describing: category))"
            )
            #expect(nearest.allSatisfy { $0.location.distance(to: center) <= Double(radius) })
          }
        }
      }
    }
  }

  @Test func aDenseCentreIsAnsweredFromASmallBox() async throws {
    let store = try await Self.store()
    // The cluster's 333 restaurants lie within ~250 m; the 10 km circle holds ~400 more.
    let whole = try await store.places(near: Self.center, radiusMeters: 10_000, category: .restaurant, text: nil)
    let nearest = try await store.nearest(10, to: Self.center, within: 10_000, category: .restaurant, text: nil)
    #expect(whole.count > 600)
    #expect(nearest.count >= 10 && nearest.count < whole.count / 2)
  }

  @Test func textNarrowsTheNearestToo() async throws {
    let store = try await Self.store()
    let whole = try await store.places(near: Self.center, radiusMeters: 10_000, category: nil, text: "Sted 12")
    let nearest = try await store.nearest(5, to: Self.center, within: 10_000, category: nil, text: "Sted 12")
    #expect(!whole.isEmpty)
    #expect(Array(nearest.map(\.id).prefix(5)) == Array(whole.map(\.id).prefix(5)))
  }
}
