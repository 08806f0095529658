import BeaconCore
import Foundation

/// One fruit the user ate: what it was (name and nutrition as they were when logged) and when.
package struct FruitLogEntry: Sendable, Equatable, Codable {
  package var id: Int
  package var fruitId: Int
  package var name: String
  /// When the fruit was eaten (UTC on the wire).
  package var eatenAt: Date
  /// The same instant on the user's clock, with its UTC offset (`2026-03-29T08:30:00+02:00`).
  package var localTime: LocalDateTime
  /// Nutrition per 100 g as logged.
  package var nutritions: Nutrition

  /// Creates an entry; `localTime` is `eatenAt` in `timeZone`.
  package init(id: Int, fruitId: Int, name: String, eatenAt: Date, nutritions: Nutrition, timeZone: TimeZone) {
    self.id = id
    self.fruitId = fruitId
    self.name = name
    self.eatenAt = eatenAt
    localTime = LocalDateTime(date: eatenAt, timeZone: timeZone)
    self.nutritions = nutritions
  }
}

/// What `fruitlog/add` answers.
package struct FruitLogAddResult: Sendable, Equatable, Codable {
  package var entry: FruitLogEntry

  /// Wraps the new entry.
  package init(entry: FruitLogEntry) {
    self.entry = entry
  }
}

/// What `fruitlog/remove` answers.
package struct FruitLogRemoveResult: Sendable, Equatable, Codable {
  /// `false` when no entry had that id.
  package var removed: Bool

  /// Creates the answer.
  package init(removed: Bool) {
    self.removed = removed
  }
}
