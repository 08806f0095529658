import BeaconCore

/// One fruit as Fruityvice describes it: its name, taxonomy and nutrition per 100 g.
///
/// Names and group values are stored trimmed: the live data has `" Ebenaceae"` and `" Ericales"` with a
/// leading space, which would otherwise make two families of one.
package struct Fruit: Sendable, Equatable, Codable {
  /// Fruityvice's id, e.g. 6 for Apple.
  package var id: Int
  /// The name, e.g. `Apple`, `GreenApple`, `Horned Melon`.
  package var name: String
  /// The botanical family, e.g. `Rosaceae`.
  package var family: String
  /// The genus, e.g. `Malus`.
  package var genus: String
  /// The order, e.g. `Rosales`.
  package var order: String
  /// Nutrition per 100 g.
  package var nutritions: Nutrition

  /// Creates a fruit.
  package init(id: Int, name: String, family: String, genus: String, order: String, nutritions: Nutrition) {
    self.id = id
    self.name = name
    self.family = family
    self.genus = genus
    self.order = order
    self.nutritions = nutritions
  }

  /// The fruit's value for a kind of group (its family, genus or order).
  package func group(_ kind: FruitGroupKind) -> String {
    switch kind {
    case .family: family
    case .genus: genus
    case .order: order
    }
  }
}
