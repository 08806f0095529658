import BeaconCore
import BeaconPostgres
import Testing

/// Every PostgreSQL sentence exists in Bokmål, Nynorsk and English and reaches people through `BeaconError`.
@Suite struct PostgresMessageTests {
  static let server = "postgresql://team:***@db.example/beacon"
  static let samples: [PostgresMessage] = [
    .connectionFailed(server: server, reason: "Connection refused"), .connectionLost(server: server),
    .statementFailed(server: server, reason: "permission denied"),
    .schemaTooNew(server: server, version: 9, supported: 2), .libraryMissing(server: server, library: "libpq.so.5"),
    .reconnectFailed(server: server, reason: "Connection refused"),
  ]

  @Test(arguments: samples.indices)
  func everyMessageExistsInEveryLanguage(index: Int) {
    let message = LocalizedMessage.postgres(Self.samples[index])
    let texts = Language.allCases.map { message.text(in: $0) }
    #expect(texts.allSatisfy { !$0.isEmpty && $0.contains(Self.server) })
    #expect(texts[0] != texts[2])
    #expect(texts[0] != texts[1])
  }

  @Test func theServerSaysItHasNoDemoDataInEveryLanguage() {
    let texts = Language.allCases.map { LocalizedMessage.postgres(.noDemoData).text(in: $0) }
    #expect(Set(texts).count == 3)
    #expect(texts[1] == "Eit PostgreSQL-lager har ingen demodata; søket gjeld stadene som er lagra på tenaren")
  }

  @Test func failuresInUseAreStorageFailures() {
    let lost = PostgresError(.connectionLost, server: Self.server, detail: "server closed the connection")
    #expect(lost.beaconError.kind == "storageFailure")
    #expect(
      lost.beaconError.message(in: .nn)
        == "Sambandet til PostgreSQL-lageret '\(Self.server)' vart broten; førespurnaden vart ikkje fullført, "
        + "neste førespurnad koplar til på nytt"
    )
    let refused = PostgresError(.connectionFailed, server: Self.server, detail: "Connection refused")
    #expect(refused.beaconError == .storeUnavailable(path: Self.server, reason: .said("Connection refused")))
    #expect(refused.beaconError.kind == "storeUnavailable")
  }
}
