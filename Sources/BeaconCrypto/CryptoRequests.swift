import BeaconCore
import JSONRPC

/// Every figure of CoinLore's market overview `/api/global/`.
package struct CryptoGlobalRequest: RequestType, Encodable, Equatable {
  package static let method = "crypto/global"
  package typealias Response = CryptoGlobalResult

  /// Fetch again instead of answering from a fresh stored copy (pull to refresh).
  package var refresh: Bool?

  package init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// One page of coins with their prices, sorted by rank or by a change.
package struct CryptoTickersRequest: RequestType, Encodable, Equatable {
  package static let method = "crypto/tickers"
  package typealias Response = CryptoTickersResult

  /// `rank` (default), `change1h`, `change24h` or `change7d`.
  package var sort: CoinSortKey?
  /// `asc` or `desc`; by default ascending for rank, descending for changes.
  package var order: CoinSortOrder?
  /// How many coins to skip in CoinLore's rank order (default 0).
  package var start: Int?
  /// How many coins to show, 1…100 (default 100).
  package var limit: Int?
  /// Fetch again instead of answering from a fresh stored copy.
  package var refresh: Bool?

  package init(
    sort: CoinSortKey? = nil,
    order: CoinSortOrder? = nil,
    start: Int? = nil,
    limit: Int? = nil,
    refresh: Bool? = nil
  ) {
    self.sort = sort
    self.order = order
    self.start = start
    self.limit = limit
    self.refresh = refresh
  }
}

/// Everything about one coin (a client's detail page).
package struct CryptoTickerRequest: RequestType, Encodable, Equatable {
  package static let method = "crypto/ticker"
  package typealias Response = CryptoTickerResult

  /// CoinLore's id of the coin (`"90"` is Bitcoin).
  package var id: String
  /// Fetch again instead of answering from a fresh stored copy.
  package var refresh: Bool?

  package init(id: String, refresh: Bool? = nil) {
    self.id = id
    self.refresh = refresh
  }
}

/// The chosen coins' changes over 1 hour, 24 hours and 7 days as a chart, with the 💰 alert.
package struct CryptoStatsRequest: RequestType, Encodable, Equatable {
  package static let method = "crypto/stats"
  package typealias Response = CryptoStatsResult

  /// CoinLore's ids of 1 to 10 coins, in the order the chart shows them.
  package var ids: [String]
  /// Fetch again instead of answering from fresh stored copies.
  package var refresh: Bool?

  package init(ids: [String], refresh: Bool? = nil) {
    self.ids = ids
    self.refresh = refresh
  }
}

/// The user's krone rate and alert threshold.
package struct GetCryptoSettingsRequest: RequestType, Encodable, Equatable {
  package static let method = "crypto/settings/get"
  package typealias Response = CryptoSettings

  package init() {}
}

/// Changes the krone rate (`null` goes back to dollars) and/or the alert threshold, and returns the new settings.
package struct UpdateCryptoSettingsRequest: RequestType, Encodable, Equatable {
  package static let method = "crypto/settings/update"
  package static let ordering = RequestOrdering.exclusive
  package typealias Response = CryptoSettings

  /// The fields to change.
  package var update: CryptoSettingsUpdate

  package init(_ update: CryptoSettingsUpdate) { self.update = update }

  package init(from decoder: any Decoder) throws { update = try CryptoSettingsUpdate(from: decoder) }

  package func encode(to encoder: any Encoder) throws { try update.encode(to: encoder) }
}
