import BeaconCore

extension ServiceURLOption {
  /// randomuser.me's base URL: `initializationOptions.randomUser.baseURL`, `BEACON_RANDOMUSER_URL`, by default its public API.
  package static let randomUser = ServiceURLOption(
    key: "randomUser",
    name: "randomuser",
    environmentVariable: "BEACON_RANDOMUSER_URL",
    defaultURL: "https://randomuser.me"
  )
}
