import Foundation
import Testing

@testable import BeaconCore

/// `sort: "best"` on the Helsinki demo store: the order follows the documented score
/// (distance / reach − 0.1 × (average − 1) − 0.3 × favourite − 0.2 × open now), and moves with each term.
@Suite struct BestSortTests {
  /// A Wednesday evening in Helsinki (18:30 local): some places are open, some closed.
  static let evening = ISO8601DateFormatter().date(from: "2026-11-25T16:30:00Z") ?? Date()
  static let radius = 1_000

  /// The documented score, written out here from Documentation/Protocol.md.
  static func score(_ place: PlaceSummary, reach: Int, distance: Int?) -> Double {
    Double(distance ?? reach) / Double(reach) - 0.1 * ((place.rating?.average).map { $0 - 1 } ?? 0)
      - (place.isFavorite ? 0.3 : 0) - (place.openNow == true ? 0.2 : 0)
  }

  static func search(_ service: PlacesService, _ sort: PlaceSort) async throws -> [PlaceSummary] {
    try await service.search(
      PlaceSearch(center: DemoDataset.center, category: .restaurant, radiusMeters: radius, sort: sort, limit: 100)
    ).places
  }

  static func rank(_ id: String, in places: [PlaceSummary]) throws -> Int {
    try #require(places.firstIndex { $0.id == id })
  }

  @Test func theOrderIsTheDocumentedScoreThenDistanceThenID() async throws {
    let (service, _) = try FilterDemoDataTests.service(at: Self.evening)
    let best = try await Self.search(service, .best)
    #expect(best.count > 20)
    let expected = best.sorted { a, b in
      let (sa, sb) = (
        Self.score(a, reach: Self.radius, distance: a.distanceMeters),
        Self.score(b, reach: Self.radius, distance: b.distanceMeters)
      )
      if sa != sb { return sa < sb }
      if a.distanceMeters != b.distanceMeters { return (a.distanceMeters ?? 0) < (b.distanceMeters ?? 0) }
      return a.id < b.id
    }
    #expect(best.map(\.id) == expected.map(\.id))
  }

  @Test func beingOpenNowMovesAPlaceAheadOfNearerClosedOnes() async throws {
    let (service, _) = try FilterDemoDataTests.service(at: Self.evening)
    let best = try await Self.search(service, .best)
    let nearest = try await Self.search(service, .distance)
    // An open place and a nearer one not known to be open, less than 200 m apart in distance.
    let pair = nearest.enumerated().lazy.compactMap { index, open -> (PlaceSummary, PlaceSummary)? in
      guard open.openNow == true else { return nil }
      let closer = nearest[..<index].first {
        $0.openNow != true && (open.distanceMeters ?? 0) - ($0.distanceMeters ?? 0) < 200
          && (open.distanceMeters ?? 0) > ($0.distanceMeters ?? 0)
      }
      return closer.map { (open, $0) }
    }.first
    let (open, closed) = try #require(pair, "the demo data has open and closed restaurants near each other")
    #expect(try Self.rank(open.id, in: nearest) > Self.rank(closed.id, in: nearest))
    #expect(try Self.rank(open.id, in: best) < Self.rank(closed.id, in: best))
  }

  @Test func aRatingAndBeingAFavouriteEachMoveAPlaceUp() async throws {
    let (service, store) = try FilterDemoDataTests.service(at: Self.evening)
    let before = try await Self.search(service, .best)
    // Two places from the back half, neither open now, so only the new term moves them.
    let candidates = before.suffix(before.count / 2).filter { $0.openNow != true }
    let rated = try #require(candidates.last)
    let favourite = try #require(candidates.dropLast().last)

    _ = try await store.addRating(placeId: rated.id, stars: 5, comment: nil)
    let afterRating = try await Self.search(service, .best)
    // Five stars take 0.4 off: every place whose score lies within 0.4 above it now comes after it.
    #expect(try Self.rank(rated.id, in: afterRating) < Self.rank(rated.id, in: before) - 1)
    let fourStars = try await Self.search(service, .best)
    #expect(fourStars.map(\.id) == afterRating.map(\.id), "deterministic")

    _ = try await store.addFavorite(placeId: favourite.id)
    let afterFavourite = try await Self.search(service, .best)
    #expect(try Self.rank(favourite.id, in: afterFavourite) < Self.rank(favourite.id, in: afterRating) - 1)
    // The favourites list sorts the same way: the rated favourite ahead once rated.
    _ = try await store.addFavorite(placeId: rated.id)
    let list = try await store.filteredFavorites(
      PlaceQuery(sort: .best, center: DemoDataset.center, reachMeters: Self.radius),
      at: Self.evening
    ).places
    let expected = list.sorted {
      Self.score($0, reach: Self.radius, distance: $0.distanceMeters)
        < Self.score($1, reach: Self.radius, distance: $1.distanceMeters)
    }
    #expect(list.map(\.id) == expected.map(\.id) && list.count == 2)
  }

  @Test func alongARouteTheDetourOverTheCorridorIsTheDistanceTerm() async throws {
    let (service, _) = try FilterDemoDataTests.service(at: Self.evening)
    let route = try RouteLine(RouteDemoDataTests.positions)
    let best = try await service.searchAlongRoute(
      RouteSearch(route: route, corridorMeters: 180, sort: .best, limit: 100)
    ).places
    let expected = best.sorted { a, b in
      let (sa, sb) = (
        Self.score(a, reach: 180, distance: a.detourMeters), Self.score(b, reach: 180, distance: b.detourMeters)
      )
      if sa != sb { return sa < sb }
      if a.alongRouteMeters != b.alongRouteMeters { return (a.alongRouteMeters ?? 0) < (b.alongRouteMeters ?? 0) }
      return a.id < b.id
    }
    #expect(best.map(\.id) == expected.map(\.id))
    let inRouteOrder = best.compactMap(\.alongRouteMeters)
    #expect(inRouteOrder != inRouteOrder.sorted(), "best is not route order")
  }

  @Test func equalScoresFallBackToDistanceThenID() {
    func place(_ id: String, _ distance: Int, stars: [Int] = []) -> PlaceSummary {
      PlaceSummary(
        id: id,
        name: ["a": "Ørret", "b": "Kro", "y": "Alfa"][id] ?? id,
        category: .cafe,
        location: Coordinate(lat: 60, lon: 24),
        address: nil,
        distanceMeters: distance,
        rating: RatingSummary(stars: stars),
        isFavorite: false,
        source: "test"
      )
    }
    // 600 m with 2 stars scores 0.6 − 0.1 = 0.5, as 500 m unrated does: then nearer first (y before x, though
    // x sorts first by id), then by id, not name (a, b, y at 500 m).
    let places = [place("x", 600, stars: [2]), place("y", 500), place("b", 500), place("a", 500), place("z", 900)]
    #expect(PlaceSort.best.sorted(places, reach: 1_000).map(\.id) == ["a", "b", "y", "x", "z"])
  }
}
