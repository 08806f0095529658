import BeaconCore
import BeaconCrypto
import BeaconTestSupport
import Testing

/// CoinLore's faults, said like every service's (`UpstreamFaultMessageTests`), with its own sentence for an outage
/// and for running offline with nothing stored.
@Suite struct CoinLoreFaultMessageTests {
  func text(_ service: UpstreamService, _ fault: UpstreamFault, _ language: Language) -> String {
    LocalizedMessage.upstream(service, fault).text(in: language)
  }

  @Test func everyFaultExistsInEveryLanguage() {
    expectEveryFaultSaidInEveryLanguage(of: .coinlore)
  }

  @Test func coinLoreIsAskedForDataAndItsOutageNamesTheData() {
    let limited = UpstreamFault.rateLimited(retryAfterSeconds: 3)
    #expect(text(.coinlore, limited, .nb) == "For mange forespørsler til CoinLore akkurat nå; prøv igjen om 3 s")
    let rejected = UpstreamFault.rejected(message: "x")
    #expect(text(.coinlore, rejected, .nb) == "CoinLore avviste forespørselen: x")
    let down = UpstreamFault.unavailable(reason: "HTTP 500")
    #expect(
      text(.coinlore, down, .en) == "Cannot fetch crypto data from CoinLore; check the network or try again later"
    )
    #expect(
      text(.coinlore, down, .nn) == "Får ikkje henta kryptodata frå CoinLore; sjekk nettet eller prøv igjen seinare"
    )
  }
}
