import BeaconCore
import Foundation

/// One fruit the user ate: what it was (name and nutrition as they were when logged) and when.
public struct FruitLogEntry: Sendable, Equatable, Codable {
  public var id: Int
  public var fruitId: Int
  public var name: String
  /// When the fruit was eaten (UTC on the wire).
  public var eatenAt: Date
  /// The same instant on the user's clock, with its UTC offset (`2026-03-29T08:30:00+02:00`).
  public var localTime: LocalDateTime
  /// Nutrition per 100 g as logged.
  public var nutritions: Nutrition

  /// Creates an entry; `localTime` is `eatenAt` in `timeZone`.
  public init(id: Int, fruitId: Int, name: String, eatenAt: Date, nutritions: Nutrition, timeZone: TimeZone) {
    self.id = id
    self.fruitId = fruitId
    self.name = name
    self.eatenAt = eatenAt
    localTime = LocalDateTime(date: eatenAt, timeZone: timeZone)
    self.nutritions = nutritions
  }
}

/// What `fruitlog/add` answers.
public struct FruitLogAddResult: Sendable, Equatable, Codable {
  public var entry: FruitLogEntry

  /// Wraps the new entry.
  public init(entry: FruitLogEntry) {
    self.entry = entry
  }
}

/// What `fruitlog/remove` answers.
public struct FruitLogRemoveResult: Sendable, Equatable, Codable {
  /// `false` when no entry had that id.
  public var removed: Bool

  /// Creates the answer.
  public init(removed: Bool) {
    self.removed = removed
  }
}
