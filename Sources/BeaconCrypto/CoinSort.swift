import BeaconCore

/// What `crypto/tickers` sorts by.
package enum CoinSortKey: String, Sendable, Codable, CaseIterable {
  /// CoinLore's rank (market capitalisation), the default.
  case rank
  /// The change in the last hour, day or week.
  case change1h, change24h, change7d

  /// The order used when none is given: rank ascending (1 first), changes descending (the biggest rise first).
  package var defaultOrder: CoinSortOrder { self == .rank ? .asc : .desc }
}

/// Ascending or descending.
package enum CoinSortOrder: String, Sendable, Codable, CaseIterable {
  case asc, desc
}

/// Sorts coins stably: coins with equal values keep the order they came in (CoinLore's rank order), and coins without
/// a value come last in either order.
package enum CoinSort {
  /// `coins` sorted by `key` in `order`.
  package static func sorted(_ coins: [Coin], by key: CoinSortKey, order: CoinSortOrder) -> [Coin] {
    let indexed = coins.enumerated().map { (offset: $0.offset, coin: $0.element, value: value(of: $0.element, key)) }
    return indexed.sorted { lhs, rhs in
      switch (lhs.value, rhs.value) {
      case (let left?, let right?) where left != right:
        return order == .asc ? left < right : left > right
      case (nil, _?):
        return false
      case (_?, nil):
        return true
      default:
        return lhs.offset < rhs.offset
      }
    }.map(\.coin)
  }

  /// The value `key` sorts by.
  static func value(of coin: Coin, _ key: CoinSortKey) -> Double? {
    switch key {
    case .rank: coin.rank.map(Double.init)
    case .change1h: coin.change1h
    case .change24h: coin.change24h
    case .change7d: coin.change7d
    }
  }
}
