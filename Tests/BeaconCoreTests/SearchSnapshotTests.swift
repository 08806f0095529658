import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

extension Store {
  /// How many times the questions only a write can change the answer to (an import? any marks?) were asked so far.
  fileprivate func factQueries() throws -> Int {
    try database.statement(Self.anyMarksSQL).runs
      + database.statement("SELECT latitude, longitude, places FROM imported_area WHERE id = 1").runs
  }
}

/// A search asks whether the user has imported places and whether any place is rated or marked only when the store
/// changed since it last asked, and sees every change: this connection's and another's.
@Suite struct SearchSnapshotTests {
  let directory = TemporaryDirectory()
  static let center = Coordinate(lat: 62.0, lon: 9.0)  // Far from the demo places (loaded by the first search).

  static func place(_ id: String, metres: Double, source: String = "test") -> Place {
    let lat = center.lat + metres / Coordinate.earthRadiusMeters * 180 / .pi
    return Place(
      id: id,
      name: "Sted \(id)",
      category: .restaurant,
      location: Coordinate(lat: lat, lon: center.lon),
      source: source
    )
  }

  static func search(_ store: Store) async throws -> [PlaceSummary] {
    let search = PlaceSearch(center: center, category: .restaurant, radiusMeters: 1_000)
    return PlaceSort.distance.sorted(try await store.storedSummaries(for: search, at: Date()).places)
  }

  @Test func searchesAskWhatOnlyWritesChangeOnceAndSeeEveryWrite() async throws {
    let path = directory.file("beacon.sqlite")
    let store = try Store.open(path: path)
    let other = try Store.open(path: path)
    try await store.upsert([Self.place("demo", metres: 10, source: DemoDataset.source), Self.place("own", metres: 20)])
    #expect(try await Self.search(store).map(\.id) == ["demo", "own"])
    let asked = try await store.factQueries()
    #expect(try await Self.search(store).map(\.id) == ["demo", "own"])
    #expect(try await Self.search(store).map(\.id) == ["demo", "own"])
    #expect(try await store.factQueries() == asked, "nothing was written: nothing asked again")
    // Another connection imports places: the demo places are left out from now on.
    try await other.importPlaces([Self.place("imported", metres: 30)], at: Date())
    #expect(try await Self.search(store).map(\.id) == ["own", "imported"])
    // Another connection's favourite, then this connection's rating and removal: each shows at once.
    _ = try await other.addFavorite(placeId: "own")
    #expect(try await Self.search(store).map(\.isFavorite) == [true, false])
    _ = try await store.addRating(placeId: "imported", stars: 3, comment: nil)
    _ = try await store.removeFavorite(placeId: "own")
    let marked = try await Self.search(store)
    #expect(marked.map(\.isFavorite) == [false, false])
    #expect(marked.map { $0.rating?.count ?? 0 } == [0, 1])
    let again = try await store.factQueries()
    #expect(try await Self.search(store) == marked)
    #expect(try await store.factQueries() == again)
  }
}
