import BeaconCore
import BeaconPeople
import BeaconTestSupport
import Testing

/// randomuser.me's faults, said like every service's (`UpstreamFaultMessageTests`), with its own sentence for
/// running offline before the directory was fetched.
@Suite struct RandomUserFaultMessageTests {
  @Test func everyFaultExistsInEveryLanguage() {
    expectEveryFaultSaidInEveryLanguage(of: .randomUser)
  }

  @Test func offlineSaysHowToFetchTheDirectory() {
    let offline = UpstreamFault.unavailable(reason: "offline")
    #expect(LocalizedMessage.upstream(.randomUser, offline).text(in: .en) == PeopleMessage.offline.text(in: .en))
  }
}
