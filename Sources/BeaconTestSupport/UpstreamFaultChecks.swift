import BeaconCore
import Testing

/// Expects every fault of `service` (rate limit, rejection, outage, offline) to be said in every language, the same
/// through `LocalizedMessage` and `BeaconError`, and differently in Bokmål and English: for a feature's service.
package func expectEveryFaultSaidInEveryLanguage(
  of service: UpstreamService,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let faults: [UpstreamFault] = [
    .rateLimited(retryAfterSeconds: 3), .rejected(message: "x"), .unavailable(reason: "HTTP 500"),
    .unavailable(reason: "offline"),
  ]
  for fault in faults {
    let message = LocalizedMessage.upstream(service, fault)
    for language in Language.allCases {
      #expect(!message.text(in: language).isEmpty, sourceLocation: sourceLocation)
      #expect(
        BeaconError.upstream(service, fault).message(in: language) == message.text(in: language),
        sourceLocation: sourceLocation
      )
    }
    #expect(message.text(in: .nb) != message.text(in: .en), sourceLocation: sourceLocation)
  }
}
