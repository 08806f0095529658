import BeaconCore
import BeaconFruits
import BeaconTestSupport
import Testing

/// Fruityvice's faults, said like every service's (`UpstreamFaultMessageTests`), with its own sentence for running
/// offline before the catalogue was fetched; fruit sentences quote client input only up to a bound.
@Suite struct FruityviceFaultMessageTests {
  func text(_ service: UpstreamService, _ fault: UpstreamFault, _ language: Language) -> String {
    LocalizedMessage.upstream(service, fault).text(in: language)
  }

  @Test func everyFaultExistsInEveryLanguage() {
    expectEveryFaultSaidInEveryLanguage(of: .fruityvice)
  }

  @Test func offlineSaysHowToFetchTheCatalogue() {
    let offline = UpstreamFault.unavailable(reason: "offline")
    #expect(
      LocalizedMessage.upstream(.fruityvice, offline).text(in: .en)
        == FruitMessage.offlineWithoutCatalogue.text(in: .en)
    )
  }

  @Test func fruityviceIsAskedForData() {
    let limited = UpstreamFault.rateLimited(retryAfterSeconds: 3)
    #expect(text(.fruityvice, limited, .nn) == "For mange førespurnader til Fruityvice akkurat no; prøv igjen om 3 s")
    let rejected = UpstreamFault.rejected(message: "x")
    #expect(text(.fruityvice, rejected, .nn) == "Fruityvice avviste førespurnaden: x")
  }

  @Test func sentencesQuoteClientInputOnlyUpToABound() {
    let long = String(repeating: "z", count: 100_000)
    let bound: Int = LocalizedMessage.maxLength + 1
    #expect(LocalizedMessage.fruit(.invalidDate(long)).text(in: .nb).count <= bound)
    #expect(FruitMessage.invalidDate(long).text(in: .en).count <= bound)
  }
}
