import BeaconCore
import BeaconCrypto
import BeaconFruits
import BeaconPeople
import JSONRPC
import Testing

@testable import BeaconServer

/// One wire form per kind of domain error: every upstream API's faults carry the same code and `data`, and every
/// unknown entity is `notFound` with its own id fields; only the sentence names the service or the entity.
@Suite struct DomainErrorWireTests {
  @Test(arguments: UpstreamService.allCases + [.fruityvice, .coinlore, .randomUser])
  func everyServicesFaultsHaveTheSameWireForm(service: UpstreamService) {
    let cases: [(UpstreamFault, ErrorCode, JSONValue)] = [
      (
        .rateLimited(retryAfterSeconds: 7), ApplicationErrorCode.rateLimited,
        ["kind": "rateLimited", "retryAfterSeconds": 7]
      ),
      (
        .rejected(message: "no"), ApplicationErrorCode.upstreamRejected,
        ["kind": "upstreamRejected", "upstreamMessage": "no"]
      ),
      (
        .unavailable(reason: "HTTP 503"), ApplicationErrorCode.upstreamUnavailable,
        ["kind": "upstreamUnavailable", "reason": "HTTP 503"]
      ),
    ]
    for (fault, code, data) in cases {
      let error = BeaconError.upstream(service, fault).responseError(in: .en)
      #expect(error.code == code)
      #expect(error.data == data)
      #expect(error.message.contains(service.name))
    }
  }

  @Test func everyUnknownEntityIsNotFoundWithItsIds() {
    let cases: [(UnknownEntity, JSONValue)] = [
      (.place("p"), ["kind": "notFound", "placeId": "p"]),
      (.fruit(7), ["kind": "notFound", "fruitId": 7]),
      (.fruitGroup(kind: .genus, name: "Citrus"), ["kind": "notFound", "groupKind": "genus", "groupName": "Citrus"]),
      (.coin("90"), ["kind": "notFound", "coinId": "90"]),
      (.user("u"), ["kind": "notFound", "userId": "u"]),
    ]
    for (entity, data) in cases {
      let error = BeaconError.notFound(entity).responseError(in: .nb)
      #expect(error.code == ApplicationErrorCode.notFound)
      #expect(error.data == data)
      #expect(error.message == entity.message.text(in: .nb))
    }
  }
}
