/// All of a place's ratings as the seed shows them: one star, filled to the rounded average.
package struct RatingSummary: Sendable, Equatable, Codable {
  /// The mean of all ratings.
  package var average: Double
  /// How many ratings there are.
  package var count: Int
  /// The average rounded to the nearest whole star; halves round up (4.5 → 5).
  package var stars: Int
  /// How full the star is: `stars / 5` (1 star = 0.2, 5 stars = 1.0).
  package var fill: Double

  /// Summarizes ratings whose stars add up to `total` over `count` ratings; `nil` when `count` is 0.
  package init?(total: Int, count: Int) {
    guard count > 0 else { return nil }
    average = Double(total) / Double(count)
    self.count = count
    stars = min(5, max(1, Int(average.rounded(.toNearestOrAwayFromZero))))
    fill = Double(stars) / 5
  }

  /// Summarizes `stars`; `nil` when empty.
  package init?(stars ratings: [Int]) {
    self.init(total: ratings.reduce(0, +), count: ratings.count)
  }
}
