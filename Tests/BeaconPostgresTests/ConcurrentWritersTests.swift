import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// Eight users' connections (several machines) rate, favourite and search one store at once: no error, every
/// acknowledged rating stored exactly once, summaries exact afterwards.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct ConcurrentWritersTests {
  static let places = (0..<3).map { index in
    Place(
      id: "p:\(index)",
      name: "Sted \(index)",
      category: .restaurant,
      location: Coordinate(lat: 59.91 + Double(index) / 1_000, lon: 10.75),
      source: "test"
    )
  }

  /// What one writer had acknowledged: (rating id, place, stars), and its favourites at the end.
  struct Acknowledged: Sendable {
    var ratings: [(id: Int, placeId: String, stars: Int)] = []
    var favorites: Set<String> = []
  }

  static func write(as user: String, seed: Int, rounds: Int, target: PostgresConnectionString) async throws
    -> Acknowledged
  {
    let store = try PostgresStore.open(target, user: user)
    var acknowledged = Acknowledged()
    for round in 0..<rounds {
      let place = places[(seed + round) % places.count]
      let stars = (seed * 7 + round) % 5 + 1
      let added = try await store.addRatings([NewRating(placeId: place.id, stars: stars)], at: Date())[0].get()
      acknowledged.ratings.append((added.rating.id, place.id, stars))
      if round % 3 == 0 {
        if try await store.addFavorite(placeId: place.id, at: Date()).added {
          acknowledged.favorites.insert(place.id)
        } else if try await store.removeFavorite(placeId: place.id) {
          acknowledged.favorites.remove(place.id)
        }
      }
      let found = try await store.offlinePlaces(
        near: places[0].location,
        radiusMeters: 1_000,
        category: .restaurant,
        text: "sted",
        limit: 2
      )
      #expect(found.map(\.id) == ["p:0", "p:1"])
    }
    return acknowledged
  }

  @Test func eightWritersAtOnce() async throws {
    let target = try PostgresTestServer.freshSchema()
    let setup = try PostgresStore.open(target, user: "setup")
    try await setup.upsert(Self.places, replacing: true)
    let rounds = 30
    let results = try await withThrowingTaskGroup(of: (String, Acknowledged).self) { group in
      for writer in 0..<8 {
        group.addTask {
          ("user\(writer)", try await Self.write(as: "user\(writer)", seed: writer, rounds: rounds, target: target))
        }
      }
      var results: [String: Acknowledged] = [:]
      for try await (user, acknowledged) in group { results[user] = acknowledged }
      return results
    }

    let all = results.values.flatMap(\.ratings)
    #expect(all.count == 8 * rounds)
    #expect(Set(all.map(\.id)).count == all.count, "a rating id was acknowledged twice")
    for place in Self.places {
      let mine = all.filter { $0.placeId == place.id }
      let listed = try await setup.authoredRatings(placeId: place.id)
      #expect(Set(listed.ratings.map(\.rating.id)) == Set(mine.map(\.id)))
      #expect(listed.summary == RatingSummary(stars: mine.map(\.stars)))
    }
    for (user, acknowledged) in results {
      let store = try PostgresStore.open(target, user: user)
      #expect(try await store.favoriteIDs(among: Self.places.map(\.id)) == acknowledged.favorites)
      let own = try await store.ownRatingSummaries(for: Self.places.map(\.id))
      for place in Self.places {
        let stars = acknowledged.ratings.filter { $0.placeId == place.id }.map(\.stars)
        #expect(own[place.id] == RatingSummary(stars: stars))
      }
    }
  }
}
