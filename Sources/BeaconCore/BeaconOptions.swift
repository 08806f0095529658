/// One layer of configuration, as given by one source (flags, `initializationOptions`, the
/// environment); every field is optional, and ``BeaconConfiguration/resolve(_:)`` merges layers.
package struct BeaconOptions: Sendable, Equatable {
  /// The SQLite store file (`--store`, `initializationOptions.storePath`, `BEACON_STORE`).
  package var storePath: String?
  /// Work from the store only, without the network (`--offline`, `initializationOptions.offline`).
  package var offline: Bool?
  /// The Geoapify key (`initializationOptions.geoapify.apiKey`, `GEOAPIFY_API_KEY`).
  package var geoapifyAPIKey: APIKey?
  /// The Geoapify base URL (`initializationOptions.geoapify.baseURL`, `BEACON_GEOAPIFY_URL`).
  package var geoapifyBaseURL: String?
  /// The language as a BCP 47 tag (`--locale`, `initialize`'s `locale`, `BEACON_LOCALE`).
  package var locale: String?
  /// The Fruityvice base URL (`initializationOptions.fruityvice.baseURL`, `BEACON_FRUITYVICE_URL`).
  package var fruityviceBaseURL: String?
  /// The IANA time zone for places that have none of their own (`--time-zone`,
  /// `initializationOptions.timeZone`, `BEACON_TIME_ZONE`).
  package var timeZone: String?
  /// The CoinLore base URL (`initializationOptions.coinlore.baseURL`, `BEACON_COINLORE_URL`).
  package var coinloreBaseURL: String?
  /// The randomuser.me base URL (`initializationOptions.randomUser.baseURL`, `BEACON_RANDOMUSER_URL`).
  package var randomUserBaseURL: String?

  /// Creates a layer.
  package init(
    storePath: String? = nil,
    offline: Bool? = nil,
    geoapifyAPIKey: APIKey? = nil,
    geoapifyBaseURL: String? = nil,
    locale: String? = nil,
    fruityviceBaseURL: String? = nil,
    timeZone: String? = nil,
    coinloreBaseURL: String? = nil,
    randomUserBaseURL: String? = nil
  ) {
    self.storePath = storePath
    self.offline = offline
    self.geoapifyAPIKey = geoapifyAPIKey
    self.geoapifyBaseURL = geoapifyBaseURL
    self.locale = locale
    self.fruityviceBaseURL = fruityviceBaseURL
    self.timeZone = timeZone
    self.coinloreBaseURL = coinloreBaseURL
    self.randomUserBaseURL = randomUserBaseURL
  }

  /// The layer the process environment gives.
  package static func environment(_ environment: [String: String]) -> BeaconOptions {
    func value(_ name: String) -> String? {
      guard let text = environment[name], !text.isEmpty else { return nil }
      return text
    }
    return BeaconOptions(
      storePath: value("BEACON_STORE"),
      offline: value("BEACON_OFFLINE").map { ["1", "true", "yes"].contains($0.lowercased()) },
      geoapifyAPIKey: value("GEOAPIFY_API_KEY").flatMap(APIKey.init),
      geoapifyBaseURL: value("BEACON_GEOAPIFY_URL"),
      locale: value("BEACON_LOCALE"),
      fruityviceBaseURL: value("BEACON_FRUITYVICE_URL"),
      timeZone: value("BEACON_TIME_ZONE"),
      coinloreBaseURL: value("BEACON_COINLORE_URL"),
      randomUserBaseURL: value("BEACON_RANDOMUSER_URL")
    )
  }
}
