import BeaconCore

extension ServiceURLOption {
  /// CoinLore's base URL: `initializationOptions.coinlore.baseURL`, `BEACON_COINLORE_URL`, by default its public API.
  package static let coinlore = ServiceURLOption(
    key: "coinlore",
    name: "CoinLore",
    environmentVariable: "BEACON_COINLORE_URL",
    defaultURL: "https://api.coinlore.net"
  )
}
