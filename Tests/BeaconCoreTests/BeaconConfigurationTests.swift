import Testing

@testable import BeaconCore

@Suite struct BeaconConfigurationTests {
  @Test func defaultsWhenNothingIsGiven() throws {
    let configuration = try BeaconConfiguration.resolve([])
    #expect(configuration.storePath == nil)
    #expect(configuration.offline == false)
    #expect(configuration.geoapifyAPIKey == nil)
    #expect(configuration.geoapifyBaseURL.absoluteString == "https://api.geoapify.com")
    #expect(configuration.language == .nb)
    #expect(configuration.unrecognizedLocale == nil)
  }

  @Test func firstLayerWinsFieldByField() throws {
    let flags = BeaconOptions(storePath: "/flag.sqlite", locale: "nn")
    let initialization = BeaconOptions(
      storePath: "/init.sqlite",
      offline: true,
      geoapifyBaseURL: "http://127.0.0.1:9/",
      locale: "en"
    )
    let environment = BeaconOptions(
      storePath: "/env.sqlite",
      offline: false,
      geoapifyAPIKey: APIKey("from-env"),
      geoapifyBaseURL: "https://env.example",
      locale: "en"
    )
    let configuration = try BeaconConfiguration.resolve([flags, initialization, environment])
    #expect(configuration.storePath == "/flag.sqlite")
    #expect(configuration.language == .nn)
    #expect(configuration.offline == true)
    #expect(configuration.geoapifyBaseURL.absoluteString == "http://127.0.0.1:9/")
    #expect(configuration.geoapifyAPIKey?.revealedForRequest == "from-env")
  }

  @Test func readsTheEnvironment() {
    let layer = BeaconOptions.environment([
      "BEACON_STORE": "/tmp/x.sqlite",
      "GEOAPIFY_API_KEY": "  key  ",
      "BEACON_GEOAPIFY_URL": "http://localhost:1",
      "BEACON_LOCALE": "en",
      "BEACON_OFFLINE": "1",
    ])
    #expect(layer.storePath == "/tmp/x.sqlite")
    #expect(layer.geoapifyAPIKey?.revealedForRequest == "key")
    #expect(layer.geoapifyBaseURL == "http://localhost:1")
    #expect(layer.locale == "en")
    #expect(layer.offline == true)
  }

  @Test func emptyEnvironmentValuesCountAsUnset() {
    let layer = BeaconOptions.environment(["BEACON_STORE": "", "GEOAPIFY_API_KEY": "   "])
    #expect(layer.storePath == nil)
    #expect(layer.geoapifyAPIKey == nil)
  }

  @Test(arguments: ["ftp://example.com", "not a url", "example.com", "https://", "file:///etc/passwd"])
  func rejectsUnusableBaseURLs(text: String) {
    #expect(throws: ConfigurationError.invalidBaseURL(text)) {
      try BeaconConfiguration.resolve([BeaconOptions(geoapifyBaseURL: text)])
    }
  }

  @Test(arguments: [
    ("http://api.example.com", true), ("HTTP://10.0.0.7:8080/", true), ("https://api.geoapify.com", false),
    ("http://127.0.0.1:9/", false), ("http://localhost:8080", false), ("http://[::1]:8080", false),
  ])
  func plainHTTPToAnotherMachineSendsTheKeyInTheClear(url: String, inTheClear: Bool) throws {
    let configuration = try BeaconConfiguration.resolve([BeaconOptions(geoapifyBaseURL: url)])
    #expect(configuration.sendsKeyInTheClear == inTheClear)
  }

  @Test func theTimeZoneDefaultsToOsloAndMustBeAKnownIANAName() throws {
    #expect(try BeaconConfiguration.resolve([]).timeZone.identifier == "Europe/Oslo")
    let environment = BeaconOptions.environment(["BEACON_TIME_ZONE": "Europe/Helsinki"])
    #expect(environment.timeZone == "Europe/Helsinki")
    let flags = BeaconOptions(timeZone: "America/New_York")
    #expect(try BeaconConfiguration.resolve([flags, environment]).timeZone.identifier == "America/New_York")
    #expect(throws: ConfigurationError.invalidTimeZone("Mars/Olympus")) {
      try BeaconConfiguration.resolve([BeaconOptions(timeZone: "Mars/Olympus")])
    }
  }

  @Test func unknownLocaleFallsBackAndIsReported() throws {
    let configuration = try BeaconConfiguration.resolve([BeaconOptions(locale: "de-DE")])
    #expect(configuration.language == .nb)
    #expect(configuration.unrecognizedLocale == "de-DE")
  }

  @Test func expandsTildeInStorePath() throws {
    let configuration = try BeaconConfiguration.resolve([BeaconOptions(storePath: "~/beacon.sqlite")])
    #expect(configuration.storePath?.hasPrefix("~") == false)
    #expect(configuration.storePath?.hasSuffix("/beacon.sqlite") == true)
  }
}
