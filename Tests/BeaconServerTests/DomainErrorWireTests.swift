import BeaconCore
import JSONRPC
import Testing

@testable import BeaconServer

/// One wire form per kind of domain error: every upstream API's faults carry the same code and `data`, and every
/// unknown entity is `notFound` with its own id fields; only the sentence names the service or the entity. A feature's
/// own services and entities are checked with these helpers in its own tests.
@Suite struct DomainErrorWireTests {
  @Test(arguments: UpstreamService.allCases)
  func everyServicesFaultsHaveTheSameWireForm(service: UpstreamService) {
    Self.expectSharedWireForm(of: service)
  }

  @Test func everyUnknownEntityIsNotFoundWithItsIds() {
    Self.expectNotFound([(.place("p"), ["kind": "notFound", "placeId": "p"])])
  }

  /// `service`'s faults carry the same codes and `data` as every other service's; only the sentence names it.
  static func expectSharedWireForm(of service: UpstreamService) {
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

  /// Each unknown entity of `cases` is `notFound` with the `data` given and the entity's own sentence.
  static func expectNotFound(_ cases: [(UnknownEntity, JSONValue)]) {
    for (entity, data) in cases {
      let error = BeaconError.notFound(entity).responseError(in: .nb)
      #expect(error.code == ApplicationErrorCode.notFound)
      #expect(error.data == data)
      #expect(error.message == entity.message.text(in: .nb))
    }
  }
}
