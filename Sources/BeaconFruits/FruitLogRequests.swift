import BeaconCore
import JSONRPC

/// Logs that the user ate a fruit ("Spis denne frukten"); written before the answer.
package struct AddFruitLogRequest: RequestType, Encodable, Equatable {
  package static let method = "fruitlog/add"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = FruitLogAddResult

  /// Fruityvice's id of the fruit.
  package var fruitId: Int
  /// When it was eaten, RFC 3339 (`2026-03-29T08:30:00+02:00`); now when left out; never in the future.
  package var eatenAt: String?

  package init(fruitId: Int, eatenAt: String? = nil) {
    self.fruitId = fruitId
    self.eatenAt = eatenAt
  }
}

/// Removes one entry from the log.
package struct RemoveFruitLogRequest: RequestType, Encodable, Equatable {
  package static let method = "fruitlog/remove"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = FruitLogRemoveResult

  /// The entry's id, from `fruitlog/add` or `fruitlog/days`.
  package var entryId: Int

  package init(entryId: Int) {
    self.entryId = entryId
  }
}

/// The log by local day, newest day first, each day with its nutrition totals (a client's "Logg" tab).
package struct FruitLogDaysRequest: RequestType, Encodable, Equatable {
  package static let method = "fruitlog/days"
  package typealias Response = FruitLogDaysResult

  /// The first local day to include, `2026-03-01`.
  package var from: String?
  /// The last local day to include, `2026-03-31`.
  package var to: String?
  /// The IANA zone whose calendar days count; default `Europe/Oslo`.
  package var timeZone: String?

  package init(from: String? = nil, to: String? = nil, timeZone: String? = nil) {
    self.from = from
    self.to = to
    self.timeZone = timeZone
  }
}
