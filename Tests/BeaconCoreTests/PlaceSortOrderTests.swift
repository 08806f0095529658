import Testing

@testable import BeaconCore

/// `PlaceSort.order(of:)` (positions sorted, names' collation keys made only when compared) against the rule written
/// out plainly: every summary keyed with its collation key and score first, then sorted.
@Suite struct PlaceSortOrderTests {
  /// The order as it was written before: each place keyed up front.
  static func reference(_ sort: PlaceSort, _ places: [PlaceSummary], reach: Int) -> [String] {
    let keyed = places.map { place in
      (
        place: place,
        name: NorwegianCollation.key(place.name),
        score: sort == .best ? PlaceSort.bestScore(of: place, reach: reach, distance: place.distanceMeters) : 0
      )
    }
    return keyed.sorted { left, right in
      let a = left.place
      let b = right.place
      switch sort {
      case .distance: break
      case .rating:
        let ra = a.rating?.average ?? -1
        let rb = b.rating?.average ?? -1
        if ra != rb { return ra > rb }
      case .name:
        if left.name != right.name { return left.name < right.name }
      case .best:
        if left.score != right.score { return left.score < right.score }
      }
      let da = a.alongRouteMeters ?? a.distanceMeters ?? Int.max
      let db = b.alongRouteMeters ?? b.distanceMeters ?? Int.max
      if da != db { return da < db }
      if sort != .best, left.name != right.name { return left.name < right.name }
      return a.id < b.id
    }.map(\.place.id)
  }

  /// Many ties: few distances, few names that differ only in case or accents, few ratings.
  static func places(count: Int, generator: inout SystemRandomNumberGenerator) -> [PlaceSummary] {
    let names = ["Ås", "as", "Bar", "bar", "Café", "Cafe", "Ørken", "Æbler", "Zebra", "Å"]
    return (0..<count).map { index in
      var place = PlaceSummary(
        id: "osm:node/\(Int.random(in: 0..<1_000, using: &generator))-\(index)",
        name: names.randomElement(using: &generator) ?? "",
        category: .cafe,
        location: Coordinate(lat: 60, lon: 10),
        address: nil,
        distanceMeters: Bool.random(using: &generator) ? Int.random(in: 0..<5, using: &generator) * 100 : nil,
        rating: Bool.random(using: &generator) ? RatingSummary(stars: [Int.random(in: 1...5, using: &generator)]) : nil,
        isFavorite: Bool.random(using: &generator),
        source: "test"
      )
      if Int.random(in: 0..<4, using: &generator) == 0 { place.alongRouteMeters = 50 }
      if Int.random(in: 0..<3, using: &generator) == 0 { place.openNow = Bool.random(using: &generator) }
      return place
    }
  }

  @Test(arguments: PlaceSort.allCases)
  func orderIsTheKeyedSort(sort: PlaceSort) {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<300 {
      let places = Self.places(count: round % 25, generator: &generator)
      let expected = Self.reference(sort, places, reach: 1_000)
      #expect(sort.order(of: places, reach: 1_000).map { places[$0].id } == expected)
      #expect(sort.sorted(places, reach: 1_000).map(\.id) == expected)
    }
  }

  @Test func aSearchAnswersTheFirstLimitInOrder() {
    var generator = SystemRandomNumberGenerator()
    let places = Self.places(count: 30, generator: &generator)
    for sort in PlaceSort.allCases {
      var search = PlaceSearch(center: Coordinate(lat: 60, lon: 10), category: .cafe, radiusMeters: 1_000, sort: sort)
      search.limit = 7
      #expect(search.answer(places).map(\.id) == Array(Self.reference(sort, places, reach: 1_000).prefix(7)))
      search.openNow = true
      let open = places.filter { $0.openNow == true }
      #expect(search.answer(places).map(\.id) == Array(Self.reference(sort, open, reach: 1_000).prefix(7)))
    }
  }
}
