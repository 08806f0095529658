import BeaconCore
import Foundation

extension Fruit {
  /// The fruit in `row`, whose columns are id, name, family, genus, fruit_order and then the nutrition (see
  /// ``Nutrition/init(stored:from:)``); `nil` without an id or a name. Both stores read their rows with it.
  package init?(stored row: some StoredColumns) {
    guard let id = row.int(0), let name = row.string(1) else { return nil }
    self.init(
      id: id,
      name: name,
      family: row.string(2) ?? "",
      genus: row.string(3) ?? "",
      order: row.string(4) ?? "",
      nutritions: Nutrition(stored: row, from: 5)
    )
  }
}

extension FruitLogEntry {
  /// The log entry in `row`, whose columns are id, fruit_id, name, eaten_at and then the nutrition, shown in
  /// `timeZone`; `nil` when a required column is missing. Both stores read their rows with it.
  package init?(stored row: some StoredColumns, timeZone: TimeZone) {
    guard let id = row.int(0), let fruitId = row.int(1), let name = row.string(2), let eaten = row.double(3)
    else { return nil }
    self.init(
      id: id,
      fruitId: fruitId,
      name: name,
      eatenAt: Date(timeIntervalSince1970: eaten),
      nutritions: Nutrition(stored: row, from: 4),
      timeZone: timeZone
    )
  }
}

extension Nutrition {
  /// The nutrition in `row`'s five columns from `index`: calories, fat, sugar, carbohydrates, protein (0 when NULL).
  package init(stored row: some StoredColumns, from index: Int) {
    self.init(
      calories: row.double(index) ?? 0,
      fat: row.double(index + 1) ?? 0,
      sugar: row.double(index + 2) ?? 0,
      carbohydrates: row.double(index + 3) ?? 0,
      protein: row.double(index + 4) ?? 0
    )
  }
}
