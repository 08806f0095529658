import Testing

@testable import BeaconCore

@Suite struct RatingSummaryTests {
  @Test func noRatingsMeansNoSummary() {
    #expect(RatingSummary(stars: []) == nil)
  }

  @Test(arguments: 1...5)
  func oneRatingFillsItsShareOfTheStar(stars: Int) throws {
    let summary = try #require(RatingSummary(stars: [stars]))
    #expect(summary.count == 1)
    #expect(summary.average == Double(stars))
    #expect(summary.stars == stars)
    #expect(abs(summary.fill - Double(stars) * 0.2) < 1e-12)
  }

  @Test func twoRatingsAverage() throws {
    let summary = try #require(RatingSummary(stars: [2, 3]))
    #expect(summary.average == 2.5)
    #expect(summary.stars == 3)  // Halves round up.
    #expect(summary.fill == 0.6)
  }

  @Test(arguments: [
    ([4, 5], 4.5, 5), ([1, 2], 1.5, 2), ([3, 4], 3.5, 4), ([4, 4, 5], 13.0 / 3.0, 4), ([1, 1, 2], 4.0 / 3.0, 1),
    ([5, 5, 5, 4], 4.75, 5), ([1, 2, 2, 2], 1.75, 2), ([2, 2, 3, 3, 3, 2], 2.5, 3), ([1, 5], 3.0, 3),
  ])
  func manyRatingsRoundToTheNearestStar(ratings: [Int], average: Double, stars: Int) throws {
    let summary = try #require(RatingSummary(stars: ratings))
    #expect(summary.count == ratings.count)
    #expect(abs(summary.average - average) < 1e-12)
    #expect(summary.stars == stars)
    #expect(summary.fill == Double(stars) / 5)
  }
}
