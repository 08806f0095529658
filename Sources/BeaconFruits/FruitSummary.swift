import BeaconCore
import Foundation

/// A fruit as every list shows it (`fruits/list`, `fruits/byGroup`): the API's fields and its family's colour.
public struct FruitSummary: Sendable, Equatable, Codable {
  public var id: Int
  public var name: String
  public var family: String
  public var genus: String
  public var order: String
  /// Nutrition per 100 g, as Fruityvice gives it.
  public var nutritions: Nutrition
  /// The family's colour, `#RRGGBB` (see ``FruitColor``).
  public var color: String

  /// A summary of `fruit` with its family's colour from `colors` (grey if the family has none there).
  public init(_ fruit: Fruit, colors: [String: String]) {
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
public struct FruitListResult: Sendable, Equatable, Codable {
  public var fruits: [FruitSummary]
  /// `live` when fetched from Fruityvice just now, `cache` when read from the store's copy.
  public var source: DataSource
  /// Whether the store's copy stood in because Fruityvice could not be reached (or Beacon is offline) and it is
  /// older than its time to live.
  public var stale: Bool
  /// When the catalogue was fetched from Fruityvice.
  public var fetchedAt: Date
  public var attribution: String
}

/// What `fruits/byGroup` answers: the fruits Fruityvice lists for one family, genus or order, sorted by id.
public struct FruitGroupResult: Sendable, Equatable, Codable {
  public var kind: FruitGroupKind
  public var name: String
  public var fruits: [FruitSummary]
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var attribution: String
}

/// What `fruits/groups` answers: the distinct families, genera and orders of every fruit, each sorted by name.
public struct FruitGroupsResult: Sendable, Equatable, Codable {
  /// One group: its name, how many fruits it has, and (for families) the colour its fruits are shown in.
  public struct Group: Sendable, Equatable, Codable {
    public var name: String
    public var count: Int
    public var color: String?
  }

  public var families: [Group]
  public var genera: [Group]
  public var orders: [Group]
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var attribution: String
}
