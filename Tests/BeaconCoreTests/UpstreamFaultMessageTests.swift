import Testing

@testable import BeaconCore

/// Every upstream fault of every service is said in Bokmål, Nynorsk and English, through `LocalizedMessage` and
/// `BeaconError` alike (the fault sentences the fruit, crypto and people messages had, now written once); CoinLore's are in
/// BeaconCryptoTests, Fruityvice's in BeaconFruitsTests.
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

  /// Offline with nothing stored, Geoapify's calls (autocomplete, details) say `--offline` kept Beacon from asking,
  /// never that the network failed.
  @Test func offlineSaysHowToFetchWhereTheServiceHasStoredData() {
    let offline = UpstreamFault.unavailable(reason: "offline")
    let english = LocalizedMessage.upstream(.geoapify, offline).text(in: .en)
    #expect(english != LocalizedMessage.upstream(.geoapify, .unavailable(reason: "timed out")).text(in: .en))
    #expect(english.contains("--offline") && !english.contains("network"), "\(english)")
  }

  @Test func geoapifyIsAskedForSearchesTheOthersForData() {
    func text(_ service: UpstreamService, _ fault: UpstreamFault, _ language: Language) -> String {
      LocalizedMessage.upstream(service, fault).text(in: language)
    }
    let limited = UpstreamFault.rateLimited(retryAfterSeconds: 3)
    #expect(text(.geoapify, limited, .nb) == "For mange søk mot Geoapify akkurat nå; prøv igjen om 3 s")
    #expect(text(.geoapify, limited, .nn) == "For mange søk mot Geoapify akkurat no; prøv igjen om 3 s")
    #expect(text(.geoapify, limited, .en) == "Too many requests to Geoapify right now; try again in 3 s")
    let rejected = UpstreamFault.rejected(message: "x")
    #expect(text(.geoapify, rejected, .nn) == "Geoapify avviste søket: x")
    #expect(text(.geoapify, rejected, .en) == "Geoapify rejected the request: x")
    let down = UpstreamFault.unavailable(reason: "HTTP 500")
    #expect(text(.geoapify, down, .nn) == "Får ikkje kontakt med Geoapify; sjekk nettet eller prøv igjen seinare")
  }
}
