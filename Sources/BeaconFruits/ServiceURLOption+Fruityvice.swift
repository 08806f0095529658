import BeaconCore

extension ServiceURLOption {
  /// Fruityvice's base URL: `initializationOptions.fruityvice.baseURL`, `BEACON_FRUITYVICE_URL`, by default its public API.
  package static let fruityvice = ServiceURLOption(
    key: "fruityvice",
    name: "Fruityvice",
    environmentVariable: "BEACON_FRUITYVICE_URL",
    defaultURL: "https://www.fruityvice.com"
  )
}
