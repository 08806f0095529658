import BeaconCore

/// The nutrition fields Fruityvice gives for a fruit (per 100 g), and sums of them.
package struct Nutrition: Sendable, Equatable, Codable {
  /// Kilocalories.
  package var calories: Double
  /// Grams of fat.
  package var fat: Double
  /// Grams of sugar.
  package var sugar: Double
  /// Grams of carbohydrates.
  package var carbohydrates: Double
  /// Grams of protein.
  package var protein: Double

  /// Creates nutrition values.
  package init(calories: Double, fat: Double, sugar: Double, carbohydrates: Double, protein: Double) {
    self.calories = calories
    self.fat = fat
    self.sugar = sugar
    self.carbohydrates = carbohydrates
    self.protein = protein
  }

  /// Nothing at all: the start of a sum.
  package static let zero = Nutrition(calories: 0, fat: 0, sugar: 0, carbohydrates: 0, protein: 0)

  /// Field by field sum.
  package static func + (lhs: Nutrition, rhs: Nutrition) -> Nutrition {
    Nutrition(
      calories: lhs.calories + rhs.calories,
      fat: lhs.fat + rhs.fat,
      sugar: lhs.sugar + rhs.sugar,
      carbohydrates: lhs.carbohydrates + rhs.carbohydrates,
      protein: lhs.protein + rhs.protein
    )
  }

  /// Every field rounded to 4 decimals, so sums read `0.3` rather than `0.30000000000000004`.
  package var rounded: Nutrition {
    func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
    return Nutrition(
      calories: round(calories),
      fat: round(fat),
      sugar: round(sugar),
      carbohydrates: round(carbohydrates),
      protein: round(protein)
    )
  }
}
