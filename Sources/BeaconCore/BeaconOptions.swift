/// One layer of configuration, as given by one source (flags, `initializationOptions`, the
/// environment); every field is optional, and ``BeaconConfiguration/resolve(_:)`` merges layers.
package struct BeaconOptions: Sendable, Equatable {
  /// The SQLite store file (`--store`, `initializationOptions.storePath`, `BEACON_STORE`).
  package var storePath: String?
  /// The user a PostgreSQL store attributes ratings, favourites and settings to (`--user`,
  /// `initializationOptions.user`, `BEACON_USER`); default the account's name.
  package var user: String?
  /// Work from the store only, without the network (`--offline`, `initializationOptions.offline`).
  package var offline: Bool?
  /// The Geoapify key (`initializationOptions.geoapify.apiKey`, `GEOAPIFY_API_KEY`).
  package var geoapifyAPIKey: APIKey?
  /// The Geoapify base URL (`initializationOptions.geoapify.baseURL`, `BEACON_GEOAPIFY_URL`).
  package var geoapifyBaseURL: String?
  /// The language as a BCP 47 tag (`--locale`, `initialize`'s `locale`, `BEACON_LOCALE`).
  package var locale: String?
  /// The IANA time zone for places that have none of their own (`--time-zone`,
  /// `initializationOptions.timeZone`, `BEACON_TIME_ZONE`).
  package var timeZone: String?
  /// The features' upstream base URLs by ``ServiceURLOption/key`` (`initializationOptions.<key>.baseURL`, the
  /// option's environment variable).
  package var serviceURLs: [String: String]

  /// Creates a layer.
  package init(
    storePath: String? = nil,
    user: String? = nil,
    offline: Bool? = nil,
    geoapifyAPIKey: APIKey? = nil,
    geoapifyBaseURL: String? = nil,
    locale: String? = nil,
    timeZone: String? = nil,
    serviceURLs: [String: String] = [:]
  ) {
    self.storePath = storePath
    self.user = user
    self.offline = offline
    self.geoapifyAPIKey = geoapifyAPIKey
    self.geoapifyBaseURL = geoapifyBaseURL
    self.locale = locale
    self.timeZone = timeZone
    self.serviceURLs = serviceURLs
  }

  /// The layer the process environment gives; `serviceURLs` are the features' base-URL options.
  package static func environment(
    _ environment: [String: String],
    serviceURLs: [ServiceURLOption] = []
  ) -> BeaconOptions {
    func value(_ name: String) -> String? {
      guard let text = environment[name], !text.isEmpty else { return nil }
      return text
    }
    return BeaconOptions(
      storePath: value("BEACON_STORE"),
      // Set but empty is an error (``ConfigurationError/emptyUser``), not the account's name in silence.
      user: environment["BEACON_USER"],
      offline: value("BEACON_OFFLINE").map { ["1", "true", "yes"].contains($0.lowercased()) },
      geoapifyAPIKey: value("GEOAPIFY_API_KEY").flatMap { APIKey($0, source: "GEOAPIFY_API_KEY") },
      geoapifyBaseURL: value("BEACON_GEOAPIFY_URL"),
      locale: value("BEACON_LOCALE"),
      timeZone: value("BEACON_TIME_ZONE"),
      serviceURLs: serviceURLs.reduce(into: [:]) { urls, option in urls[option.key] = value(option.environmentVariable)
      }
    )
  }
}
