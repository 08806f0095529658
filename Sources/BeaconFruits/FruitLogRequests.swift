import BeaconCore
import JSONRPC

/// Logs that the user ate a fruit ("Spis denne frukten"); written before the answer.
public struct AddFruitLogRequest: RequestType, Encodable, Equatable {
  public static let method = "fruitlog/add"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = FruitLogAddResult

  /// Fruityvice's id of the fruit.
  public var fruitId: Int
  /// When it was eaten, RFC 3339 (`2026-03-29T08:30:00+02:00`); now when left out; never in the future.
  public var eatenAt: String?

  public init(fruitId: Int, eatenAt: String? = nil) {
    self.fruitId = fruitId
    self.eatenAt = eatenAt
  }
}

/// Removes one entry from the log.
public struct RemoveFruitLogRequest: RequestType, Encodable, Equatable {
  public static let method = "fruitlog/remove"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = FruitLogRemoveResult

  /// The entry's id, from `fruitlog/add` or `fruitlog/days`.
  public var entryId: Int

  public init(entryId: Int) {
    self.entryId = entryId
  }
}

/// The log by local day, newest day first, each day with its nutrition totals (a client's "Logg" tab).
public struct FruitLogDaysRequest: RequestType, Encodable, Equatable {
  public static let method = "fruitlog/days"
  public typealias Response = FruitLogDaysResult

  /// The first local day to include, `2026-03-01`.
  public var from: String?
  /// The last local day to include, `2026-03-31`.
  public var to: String?
  /// The IANA zone whose calendar days count; default `Europe/Oslo`.
  public var timeZone: String?

  public init(from: String? = nil, to: String? = nil, timeZone: String? = nil) {
    self.from = from
    self.to = to
    self.timeZone = timeZone
  }
}
