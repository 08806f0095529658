import Testing

@testable import BeaconCore

@Suite struct PlaceSortTests {
  static func summary(_ id: String, _ name: String, distance: Int?, rating: [Int] = []) -> PlaceSummary {
    PlaceSummary(
      id: id,
      name: name,
      category: .cafe,
      location: Coordinate(lat: 60, lon: 10),
      address: nil,
      distanceMeters: distance,
      rating: RatingSummary(stars: rating),
      isFavorite: false,
      source: "test"
    )
  }

  let places = [
    summary("a", "Ås", distance: 300, rating: [3]),
    summary("b", "Bar", distance: 100),
    summary("c", "Café", distance: 200, rating: [5, 4]),
    summary("d", "Ørken", distance: 50, rating: [3]),
  ]

  @Test func distanceIsNearestFirst() {
    #expect(PlaceSort.distance.sorted(places).map(\.id) == ["d", "b", "c", "a"])
  }

  @Test func ratingIsHighestFirstThenNearestAndUnratedLast() {
    #expect(PlaceSort.rating.sorted(places).map(\.id) == ["c", "d", "a", "b"])
  }

  @Test func nameIsNorwegianAlphabetical() {
    #expect(PlaceSort.name.sorted(places).map(\.id) == ["b", "c", "d", "a"])
  }
}
