import BeaconCore
import Foundation

/// A fruit as every list shows it (`fruits/list`, `fruits/byGroup`): the API's fields and its family's colour.
package struct FruitSummary: Sendable, Equatable, Codable {
  package var id: Int
  package var name: String
  package var family: String
  package var genus: String
  package var order: String
  /// Nutrition per 100 g, as Fruityvice gives it.
  package var nutritions: Nutrition
  /// The family's colour, `#RRGGBB` (see ``FruitColor``).
  package var color: String

  /// A summary of `fruit` with its family's colour from `colors` (grey if the family has none there).
  package init(_ fruit: Fruit, colors: [String: String]) {
    id = fruit.id
    name = fruit.name
    family = fruit.family
    genus = fruit.genus
    order = fruit.order
    nutritions = fruit.nutritions
    color = colors[fruit.family] ?? "#808080"
  }
}

/// What `fruits/list` answers: every fruit, sorted by id.
package struct FruitListResult: Sendable, Equatable, Codable {
  package var fruits: [FruitSummary]
  /// `live` when fetched from Fruityvice just now, `cache` when read from the store's copy.
  package var source: DataSource
  /// Whether the store's copy stood in because Fruityvice could not be reached (or Beacon is offline) and it is
  /// older than its time to live.
  package var stale: Bool
  /// When the catalogue was fetched from Fruityvice.
  package var fetchedAt: Date
  package var attribution: String
}

/// What `fruits/byGroup` answers: the fruits Fruityvice lists for one family, genus or order, sorted by id.
package struct FruitGroupResult: Sendable, Equatable, Codable {
  package var kind: FruitGroupKind
  package var name: String
  package var fruits: [FruitSummary]
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var attribution: String
}

/// What `fruits/groups` answers: the distinct families, genera and orders of every fruit, each sorted by name.
package struct FruitGroupsResult: Sendable, Equatable, Codable {
  /// One group: its name, how many fruits it has, and (for families) the colour its fruits are shown in.
  package struct Group: Sendable, Equatable, Codable {
    package var name: String
    package var count: Int
    package var color: String?
  }

  package var families: [Group]
  package var genera: [Group]
  package var orders: [Group]
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var attribution: String
}
