import BeaconCore
import Foundation
import JSONRPC

extension BeaconServer {
  /// The answer to `initialize`: the server, its capabilities, the session's language and configuration, with the
  /// store as the client should see it (a path, or a PostgreSQL server's redacted URL).
  func initializeResult(
    language: Language,
    configuration: BeaconConfiguration,
    storePath: String,
    storeReadOnly: Bool,
    offline: Bool
  ) -> InitializeResult {
    InitializeResult(
      serverInfo: .init(name: "beacon", version: BeaconVersion.current),
      capabilities: .init(
        methods: dispatcher.requestMethods,
        cancelRequest: true,
        workDoneProgress: true,
        batches: true,
        locales: Language.allCases.map(\.rawValue)
      ),
      locale: language.rawValue,
      configuration: .init(
        storePath: storePath,
        storeReadOnly: storeReadOnly,
        offline: offline,
        geoapifyBaseURL: Self.shown(configuration.geoapifyBaseURL),
        geoapifyAPIKeyConfigured: configuration.geoapifyAPIKey != nil,
        timeZone: configuration.timeZone.identifier,
        serviceBaseURLs: configuration.serviceURLs.mapValues(Self.shown)
      )
    )
  }

  /// `url` as a client may see it: a password in its user info (`https://user:secret@proxy/`) becomes `***`.
  static func shown(_ url: URL) -> String {
    guard url.password != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    components.percentEncodedPassword = "***"
    return components.string ?? url.absoluteString
  }

  /// Says `message` as a warning on stderr and to the client (`window/logMessage`) while `initialize` runs.
  func warn(_ message: String, context: RequestContext) {
    logger.warning(message)
    context.logMessage(.warning, message)
  }

  /// Warns that the configured locale was not recognized, in the configured language (on either store).
  func warnOfUnrecognizedLocale(_ configuration: BeaconConfiguration, context: RequestContext) {
    guard let tag = configuration.unrecognizedLocale else { return }
    // In the language the session speaks (the store's, when it keeps one), naming it.
    warn(LocalizedMessage.unrecognizedLocale(tag, using: language).text(in: language), context: context)
  }

  /// Warns, on either store, that the Geoapify key would travel over plain HTTP to another machine (it travels in a
  /// header, which anyone on the way can read).
  func warnOfKeyInTheClear(_ configuration: BeaconConfiguration, in language: Language, context: RequestContext) {
    guard configuration.geoapifyAPIKey != nil, configuration.sendsKeyInTheClear else { return }
    warn(LocalizedMessage.keyInTheClear(configuration.geoapifyBaseURL.host ?? "").text(in: language), context: context)
  }
}
