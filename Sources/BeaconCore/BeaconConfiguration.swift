import Foundation

/// The settings a session runs with, resolved from flags, `initializationOptions`, the environment
/// and defaults, in that order of precedence.
package struct BeaconConfiguration: Sendable, Equatable {
  /// The default Geoapify endpoint.
  package static let defaultGeoapifyBaseURL = "https://api.geoapify.com"

  /// The SQLite store file; `nil` means the platform's default location.
  package var storePath: String?
  /// Whether to work from the store only.
  package var offline: Bool
  /// The Geoapify key, if any.
  package var geoapifyAPIKey: APIKey?
  /// The Geoapify base URL (scheme http or https).
  package var geoapifyBaseURL: URL
  /// The language for messages.
  package var language: Language
  /// The Fruityvice base URL (scheme http or https).
  package var fruityviceBaseURL: URL
  /// randomuser.me's public API, unless configured otherwise.
  package static let defaultRandomUserURL = "https://randomuser.me"
  /// Fruityvice's public API, unless configured otherwise.
  package static let defaultFruityviceURL = "https://www.fruityvice.com"
  /// A locale tag that was given but is not one of ours (the default language is used instead).
  package var unrecognizedLocale: String?
  /// The zone opening hours are read in for places without a zone of their own (default Europe/Oslo).
  package var timeZone: TimeZone
  /// Whether some layer named a language that was recognized (otherwise the stored setting may choose).
  package var isLanguageExplicit: Bool
  /// The CoinLore base URL (scheme http or https).
  package var coinloreBaseURL: URL
  /// CoinLore's public API, unless configured otherwise.
  package static let defaultCoinLoreURL = "https://api.coinlore.net"
  /// The randomuser.me base URL (scheme http or https).
  package var randomUserBaseURL: URL

  /// Whether the Geoapify URL is plain `http` to a host other than this machine: the key would cross the network
  /// unencrypted (plain `http` to `localhost`, `127.0.0.0/8` or `::1` — a local test server — is fine).
  package var sendsKeyInTheClear: Bool {
    guard geoapifyBaseURL.scheme?.lowercased() == "http", let host = geoapifyBaseURL.host?.lowercased() else {
      return false
    }
    return !(host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]")
  }

  /// Merges `layers`, the first layer that sets a field winning, over the defaults.
  ///
  /// - Throws: ``ConfigurationError`` when a value is unusable.
  package static func resolve(_ layers: [BeaconOptions]) throws(ConfigurationError) -> BeaconConfiguration {
    func first<T>(_ field: (BeaconOptions) -> T?) -> T? {
      for layer in layers {
        if let value = field(layer) { return value }
      }
      return nil
    }
    let baseText = first(\.geoapifyBaseURL) ?? defaultGeoapifyBaseURL
    guard let baseURL = URL(string: baseText), let scheme = baseURL.scheme?.lowercased(),
      scheme == "http" || scheme == "https", baseURL.host != nil
    else {
      throw .invalidBaseURL(baseText)
    }
    var language = Language.defaultLanguage
    var unrecognized: String?
    var isExplicit = false
    if let tag = first(\.locale) {
      if let recognized = Language(bcp47: tag) {
        language = recognized
        isExplicit = true
      } else {
        unrecognized = tag
      }
    }
    let fruityviceText = first(\.fruityviceBaseURL) ?? Self.defaultFruityviceURL
    guard let fruityviceURL = URL(string: fruityviceText), let fruityviceScheme = fruityviceURL.scheme?.lowercased(),
      fruityviceScheme == "http" || fruityviceScheme == "https", fruityviceURL.host != nil
    else {
      throw .invalidFruityviceURL(fruityviceText)
    }
    let zoneName = first(\.timeZone) ?? OpeningHours.defaultTimeZoneIdentifier
    guard let timeZone = TimeZone(identifier: zoneName) else { throw .invalidTimeZone(zoneName) }
    let coinloreText = first(\.coinloreBaseURL) ?? Self.defaultCoinLoreURL
    guard let coinloreURL = URL(string: coinloreText), let coinloreScheme = coinloreURL.scheme?.lowercased(),
      coinloreScheme == "http" || coinloreScheme == "https", coinloreURL.host != nil
    else {
      throw .invalidCoinLoreURL(coinloreText)
    }
    let storePath = first(\.storePath).map { ($0 as NSString).expandingTildeInPath }
    let randomUserText = first(\.randomUserBaseURL) ?? Self.defaultRandomUserURL
    guard let randomUserURL = URL(string: randomUserText), let randomUserScheme = randomUserURL.scheme?.lowercased(),
      randomUserScheme == "http" || randomUserScheme == "https", randomUserURL.host != nil
    else {
      throw .invalidRandomUserURL(randomUserText)
    }
    return BeaconConfiguration(
      storePath: storePath,
      offline: first(\.offline) ?? false,
      geoapifyAPIKey: first(\.geoapifyAPIKey),
      geoapifyBaseURL: baseURL,
      language: language,
      fruityviceBaseURL: fruityviceURL,
      unrecognizedLocale: unrecognized,
      timeZone: timeZone,
      isLanguageExplicit: isExplicit,
      coinloreBaseURL: coinloreURL,
      randomUserBaseURL: randomUserURL
    )
  }
}

/// A configuration value that cannot be used.
package enum ConfigurationError: Error, Sendable, Equatable {
  /// The Geoapify base URL is not an absolute http(s) URL.
  case invalidBaseURL(String)
  /// The Fruityvice base URL is not an absolute http(s) URL.
  case invalidFruityviceURL(String)
  /// The CoinLore base URL is not an absolute http(s) URL.
  case invalidCoinLoreURL(String)
  /// The time zone is not an IANA name this system knows (`Europe/Oslo`).
  case invalidTimeZone(String)
  /// The randomuser.me base URL is not an absolute http(s) URL.
  case invalidRandomUserURL(String)

  /// The message for people, in `language`.
  package func message(in language: Language) -> String {
    switch self {
    case .invalidBaseURL(let text): LocalizedMessage.invalidBaseURL(text).text(in: language)
    case .invalidFruityviceURL(let text):
      LocalizedMessage.invalidServiceURL(name: "Fruityvice", text: text).text(in: language)
    case .invalidCoinLoreURL(let text):
      LocalizedMessage.invalidServiceURL(name: "CoinLore", text: text).text(in: language)
    case .invalidTimeZone(let text): LocalizedMessage.invalidTimeZone(text).text(in: language)
    case .invalidRandomUserURL(let text):
      LocalizedMessage.invalidServiceURL(name: "randomuser", text: text).text(in: language)
    }
  }
}
