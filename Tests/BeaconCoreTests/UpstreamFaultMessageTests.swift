import Testing

@testable import BeaconCore

/// Every upstream fault of every service is said in Bokmål, Nynorsk and English, through `LocalizedMessage` and
/// `BeaconError` alike (the fault sentences the fruit, crypto and people messages had, now written once).
@Suite struct UpstreamFaultMessageTests {
  static let faults: [UpstreamFault] = [
    .rateLimited(retryAfterSeconds: 3), .rejected(message: "x"), .unavailable(reason: "HTTP 500"),
    .unavailable(reason: "offline"),
  ]

  @Test(arguments: UpstreamService.allCases)
  func everyFaultExistsInEveryLanguage(service: UpstreamService) {
    for fault in Self.faults {
      let message = LocalizedMessage.upstream(service, fault)
      for language in Language.allCases {
        #expect(!message.text(in: language).isEmpty)
        #expect(BeaconError.upstream(service, fault).message(in: language) == message.text(in: language))
      }
      #expect(message.text(in: .nb) != message.text(in: .en))
    }
  }

  @Test func offlineSaysHowToFetchWhereTheServiceHasStoredData() {
    let offline = UpstreamFault.unavailable(reason: "offline")
    #expect(
      LocalizedMessage.upstream(.fruityvice, offline).text(in: .en)
        == FruitMessage.offlineWithoutCatalogue.text(in: .en)
    )
    #expect(
      LocalizedMessage.upstream(.geoapify, offline).text(in: .en)
        == LocalizedMessage.upstream(.geoapify, .unavailable(reason: "HTTP 500")).text(in: .en)
    )
  }
}
