import BeaconTestSupport
import JSONRPC

/// Crypto's part of the contract session (`OpenRPCContractTests`): a fake CoinLore, and the settings set and put
/// back to dollars around `crypto/stats`.
enum CryptoContractSession: FeatureContractSession {
  static func upstreams() throws -> ContractUpstreams {
    let coinlore = try CoinLoreFixtures.server()
    return ContractUpstreams(servers: [coinlore], serviceURLs: ["coinlore": coinlore.baseURL.absoluteString])
  }

  static let script: [(String, JSONValue?)] = [
    ("crypto/global", nil),
    ("crypto/tickers", ["sort": "change7d", "order": "asc", "start": 0, "limit": 5]),
    ("crypto/ticker", ["id": "90", "refresh": true]),
    ("crypto/settings/get", nil),
    ("crypto/settings/update", ["nokRate": 10.8, "alertThreshold": 5]),
    ("crypto/stats", ["ids": ["80", "58"]]),
    ("crypto/settings/update", ["nokRate": .null]),
  ]
}
