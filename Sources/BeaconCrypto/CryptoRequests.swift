import BeaconCore
import JSONRPC

/// Every figure of CoinLore's market overview `/api/global/`.
public struct CryptoGlobalRequest: RequestType, Encodable, Equatable {
  public static let method = "crypto/global"
  public typealias Response = CryptoGlobalResult

  /// Fetch again instead of answering from a fresh stored copy (pull to refresh).
  public var refresh: Bool?

  public init(refresh: Bool? = nil) {
    self.refresh = refresh
  }
}

/// One page of coins with their prices, sorted by rank or by a change.
public struct CryptoTickersRequest: RequestType, Encodable, Equatable {
  public static let method = "crypto/tickers"
  public typealias Response = CryptoTickersResult

  /// `rank` (default), `change1h`, `change24h` or `change7d`.
  public var sort: CoinSortKey?
  /// `asc` or `desc`; by default ascending for rank, descending for changes.
  public var order: CoinSortOrder?
  /// How many coins to skip in CoinLore's rank order (default 0).
  public var start: Int?
  /// How many coins to show, 1…100 (default 100).
  public var limit: Int?
  /// Fetch again instead of answering from a fresh stored copy.
  public var refresh: Bool?

  public init(
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
public struct CryptoTickerRequest: RequestType, Encodable, Equatable {
  public static let method = "crypto/ticker"
  public typealias Response = CryptoTickerResult

  /// CoinLore's id of the coin (`"90"` is Bitcoin).
  public var id: String
  /// Fetch again instead of answering from a fresh stored copy.
  public var refresh: Bool?

  public init(id: String, refresh: Bool? = nil) {
    self.id = id
    self.refresh = refresh
  }
}

/// The chosen coins' changes over 1 hour, 24 hours and 7 days as a chart, with the 💰 alert.
public struct CryptoStatsRequest: RequestType, Encodable, Equatable {
  public static let method = "crypto/stats"
  public typealias Response = CryptoStatsResult

  /// CoinLore's ids of 1 to 10 coins, in the order the chart shows them.
  public var ids: [String]
  /// Fetch again instead of answering from fresh stored copies.
  public var refresh: Bool?

  public init(ids: [String], refresh: Bool? = nil) {
    self.ids = ids
    self.refresh = refresh
  }
}

/// The user's krone rate and alert threshold.
public struct GetCryptoSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "crypto/settings/get"
  public typealias Response = CryptoSettings

  public init() {}
}

/// Changes the krone rate (`null` goes back to dollars) and/or the alert threshold, and returns the new settings.
public struct UpdateCryptoSettingsRequest: RequestType, Encodable, Equatable {
  public static let method = "crypto/settings/update"
  public static let ordering = RequestOrdering.exclusive
  public typealias Response = CryptoSettings

  /// The fields to change.
  public var update: CryptoSettingsUpdate

  public init(_ update: CryptoSettingsUpdate) { self.update = update }

  public init(from decoder: any Decoder) throws { update = try CryptoSettingsUpdate(from: decoder) }

  public func encode(to encoder: any Encoder) throws { try update.encode(to: encoder) }
}
