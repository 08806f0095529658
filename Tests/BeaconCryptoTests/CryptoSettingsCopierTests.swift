import BeaconCore
import Testing

@testable import BeaconCrypto

/// `CryptoSettingsCopier`, the crypto feature's part in `beacon store copy`, between two SQLite stores: the krone
/// rate and alert threshold go over (added, then unchanged; another value is updated), and a source that never
/// stored them changes nothing.
@Suite struct CryptoSettingsCopierTests {
  let copier = CryptoSettingsCopier()

  func store() throws -> Store {
    try Store.open(path: ":memory:", migrations: CryptoSchema.migrations)
  }

  func count(added: Int = 0, updated: Int = 0, unchanged: Int = 0) -> [StoreCopyCount] {
    [StoreCopyCount(.crypto(.copiedSettings), added: added, updated: updated, unchanged: unchanged)]
  }

  @Test func theSettingsGoOverAndASecondCopyChangesNothing() async throws {
    let source = try store()
    let mine = try await source.updateCryptoSettings(CryptoSettingsUpdate(nokRate: .some(10.85), alertThreshold: 7.5))
    let target = try store()
    // A source that never stored settings changes nothing.
    let none = try await store().snapshot(copiers: [copier])
    #expect(try await target.receive(none, copiers: [copier]).parts == count())
    #expect(try await target.cryptoSettings() == CryptoSettings.defaults)
    #expect(try await target.snapshot(copiers: [copier]) == none)

    let snapshot = try await source.snapshot(copiers: [copier])
    #expect(!snapshot.leftBehind.contains { $0.table == "crypto_settings" })
    // Without the copier, the settings are left behind and named.
    #expect(try await source.snapshot().leftBehind.contains { $0.table == "crypto_settings" && $0.rows == 1 })
    #expect(try await target.receive(snapshot, copiers: [copier]).parts == count(added: 1))
    #expect(try await target.cryptoSettings() == mine)
    #expect(try await target.receive(snapshot, copiers: [copier]).parts == count(unchanged: 1))

    // Another rate in the source replaces the target's; a cleared rate too.
    _ = try await source.updateCryptoSettings(CryptoSettingsUpdate(nokRate: .some(nil)))
    let cleared = try await source.snapshot(copiers: [copier])
    #expect(try await target.receive(cleared, copiers: [copier]).parts == count(updated: 1))
    #expect(try await target.cryptoSettings() == CryptoSettings(nokRate: nil, alertThreshold: 7.5))
  }
}
