import Foundation

/// The settings a session runs with, resolved from flags, `initializationOptions`, the environment
/// and defaults, in that order of precedence.
package struct BeaconConfiguration: Sendable, Equatable {
  /// The default Geoapify endpoint.
  package static let defaultGeoapifyBaseURL = "https://api.geoapify.com"

  /// The SQLite store file; `nil` means the platform's default location.
  package var storePath: String?
  /// The user of a PostgreSQL store; `nil` means the account's name (``StoreTarget/defaultUser(environment:)``).
  package var user: String?
  /// Whether to work from the store only.
  package var offline: Bool
  /// The Geoapify key, if any.
  package var geoapifyAPIKey: APIKey?
  /// The Geoapify base URL (scheme http or https).
  package var geoapifyBaseURL: URL
  /// The language for messages.
  package var language: Language
  /// A locale tag that was given but is not one of ours (the default language is used instead).
  package var unrecognizedLocale: String?
  /// The zone opening hours are read in for places without a zone of their own (default Europe/Oslo).
  package var timeZone: TimeZone
  /// Whether some layer named a language that was recognized (otherwise the stored setting may choose).
  package var isLanguageExplicit: Bool
  /// The base URL of each feature's upstream service (scheme http or https), by ``ServiceURLOption/key``.
  package var serviceURLs: [String: URL]

  /// Whether the Geoapify URL is plain `http` to a host other than this machine: the key would cross the network
  /// unencrypted (plain `http` to `localhost`, `127.0.0.0/8` or `::1` — a local test server — is fine).
  package var sendsKeyInTheClear: Bool {
    guard geoapifyBaseURL.scheme?.lowercased() == "http", let host = geoapifyBaseURL.host?.lowercased() else {
      return false
    }
    return !(host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]")
  }

  /// The base URL of `option`'s service; its default when the configuration was resolved without it.
  package func serviceURL(_ option: ServiceURLOption) -> URL {
    serviceURLs[option.key] ?? URL(string: option.defaultURL) ?? geoapifyBaseURL
  }

  /// Merges `layers`, the first layer that sets a field winning, over the defaults; `serviceURLs` are the features'
  /// base-URL options (in the order their errors are checked).
  ///
  /// - Throws: ``ConfigurationError`` when a value is unusable.
  package static func resolve(
    _ layers: [BeaconOptions],
    serviceURLs: [ServiceURLOption] = []
  ) throws(ConfigurationError) -> BeaconConfiguration {
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
    var urls: [String: URL] = [:]
    for option in serviceURLs {
      let text = first { $0.serviceURLs[option.key] } ?? option.defaultURL
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        url.host != nil
      else {
        throw .invalidServiceURL(option, text)
      }
      urls[option.key] = url
    }
    let zoneName = first(\.timeZone) ?? OpeningHours.defaultTimeZoneIdentifier
    guard let timeZone = TimeZone(identifier: zoneName) else { throw .invalidTimeZone(zoneName) }
    let user = first(\.user)
    if let user, user.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .emptyUser }
    let storePath = first(\.storePath).map { path in
      StoreTarget(path).isShared ? path : (path as NSString).expandingTildeInPath
    }
    return BeaconConfiguration(
      storePath: storePath,
      user: user,
      offline: first(\.offline) ?? false,
      geoapifyAPIKey: first(\.geoapifyAPIKey),
      geoapifyBaseURL: baseURL,
      language: language,
      unrecognizedLocale: unrecognized,
      timeZone: timeZone,
      isLanguageExplicit: isExplicit,
      serviceURLs: urls
    )
  }
}

/// A configuration value that cannot be used.
package enum ConfigurationError: Error, Sendable, Equatable {
  /// The Geoapify base URL is not an absolute http(s) URL.
  case invalidBaseURL(String)
  /// A feature's upstream base URL is not an absolute http(s) URL.
  case invalidServiceURL(ServiceURLOption, String)
  /// The time zone is not an IANA name this system knows (`Europe/Oslo`).
  case invalidTimeZone(String)
  /// The user was given but empty (or blank): a store's user needs a name.
  case emptyUser

  /// The message for people, in `language`.
  package func message(in language: Language) -> String {
    switch self {
    case .invalidBaseURL(let text): LocalizedMessage.invalidBaseURL(text).text(in: language)
    case .invalidServiceURL(let option, let text):
      LocalizedMessage.invalidServiceURL(name: option.name, text: text).text(in: language)
    case .invalidTimeZone(let text): LocalizedMessage.invalidTimeZone(text).text(in: language)
    case .emptyUser: LocalizedMessage.emptyUser.text(in: language)
    }
  }
}
