import BeaconCore
import Testing

@testable import BeaconFruits

/// Every fruit sentence exists in Bokmål, Nynorsk and English, and reaches people through `LocalizedMessage`.
@Suite struct FruitMessageTests {
  static let samples: [FruitMessage] = [
    .fruitNotFound(7), .groupNotFound(kind: .genus, name: "Citrus"), .offlineWithoutCatalogue, .highSugar,
    .eatenInTheFuture, .invalidDateTime("x"), .invalidDate("x"),
    .invalidDateRange(from: "2026-03-02", to: "2026-03-01"), .emptyGroupName, .invalidTimeZone("Mars/Base"),
    .invalidBaseURL("x"), .copiedLog,
  ]

  @Test(arguments: samples)
  func everyMessageExistsInEveryLanguage(message: FruitMessage) {
    for language in Language.allCases {
      #expect(!message.text(in: language).isEmpty)
      #expect(LocalizedMessage.fruit(message).text(in: language) == message.text(in: language))
    }
    #expect(message.text(in: .nb) != message.text(in: .en))
  }

  @Test func errorsSpeakThroughBeaconError() {
    let error = BeaconError.notFound(.fruitGroup(kind: .order, name: "Rosales"))
    #expect(error.kind == "notFound")
    #expect(error.message(in: .nb) == "Fruityvice kjenner ingen orden 'Rosales'")
    #expect(error.message(in: .nn) == "Fruityvice kjenner ingen orden 'Rosales'")
    #expect(error.message(in: .en) == "Fruityvice knows no order 'Rosales'")
    #expect(BeaconError.upstream(.fruityvice, .unavailable(reason: "HTTP 500")).allowsStaleFallback)
    #expect(BeaconError.upstream(.fruityvice, .rateLimited(retryAfterSeconds: 1)).allowsStaleFallback)
    #expect(!BeaconError.upstream(.fruityvice, .rejected(message: "no")).allowsStaleFallback)
    #expect(!BeaconError.notFound(.fruit(1)).allowsStaleFallback)
  }

  @Test func anInvalidFruityviceURLIsAConfigurationError() {
    #expect(throws: ConfigurationError.invalidServiceURL(.fruityvice, "ftp://x")) {
      try BeaconConfiguration.resolve(
        [BeaconOptions(serviceURLs: ["fruityvice": "ftp://x"])],
        serviceURLs: [.fruityvice]
      )
    }
    let configuration = try? BeaconConfiguration.resolve([])
    #expect(configuration?.serviceURL(.fruityvice).absoluteString == "https://www.fruityvice.com")
    #expect(
      ConfigurationError.invalidServiceURL(.fruityvice, "u").message(in: .nb)
        == "Ugyldig Fruityvice-adresse 'u'; bruk en http- eller https-adresse"
    )
  }
}

extension FruitMessage: CustomTestStringConvertible {
  public var testDescription: String { text(in: .en) }
}
