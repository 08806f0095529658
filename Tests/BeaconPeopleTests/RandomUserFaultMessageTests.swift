import BeaconCore
import BeaconPeople
import Testing

/// randomuser.me's faults, said like every service's (`UpstreamFaultMessageTests`), with its own sentence for
/// running offline before the directory was fetched.
@Suite struct RandomUserFaultMessageTests {
  @Test func everyFaultExistsInEveryLanguage() {
    let faults: [UpstreamFault] = [
      .rateLimited(retryAfterSeconds: 3), .rejected(message: "x"), .unavailable(reason: "HTTP 500"),
      .unavailable(reason: "offline"),
    ]
    for fault in faults {
      let message = LocalizedMessage.upstream(.randomUser, fault)
      for language in Language.allCases {
        #expect(!message.text(in: language).isEmpty)
        #expect(BeaconError.upstream(.randomUser, fault).message(in: language) == message.text(in: language))
      }
      #expect(message.text(in: .nb) != message.text(in: .en))
    }
  }

  @Test func offlineSaysHowToFetchTheDirectory() {
    let offline = UpstreamFault.unavailable(reason: "offline")
    #expect(LocalizedMessage.upstream(.randomUser, offline).text(in: .en) == PeopleMessage.offline.text(in: .en))
  }
}
