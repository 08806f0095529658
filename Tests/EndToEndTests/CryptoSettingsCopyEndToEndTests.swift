import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// `beacon store copy` carries the crypto settings (`CryptoSettingsCopier`) through the built binary: a file's krone
/// rate and alert threshold become the copying user's on PostgreSQL (another user's stay theirs), a second run changes
/// nothing, a user's settings come back into a file, and settings the server refuses fail the whole copy with nothing
/// written.
extension EndToEnd {
  @Suite(.enabled(if: PostgresEndToEnd.url != nil, PostgresEndToEnd.skipReason))
  struct CryptoSettingsCopyEndToEndTests {
    typealias Copy = StoreCopyEndToEndTests

    /// The user's crypto settings on `store`.
    static func settings(_ store: String, user: String = "ola") throws -> JSONValue? {
      try Copy.call(store, "crypto/settings/get", user: user)
    }

    @Test func theSettingsBecomeTheUsersOnPostgreSQLAndComeBackAndASecondRunChangesNothing() throws {
      let directory = TemporaryDirectory("beacon-copy")
      let file = directory.file("mine.sqlite")
      _ = try Copy.call(file, "crypto/settings/update", #"{"nokRate":10.85,"alertThreshold":7.5}"#)
      let mine = try Self.settings(file)
      #expect(mine == ["nokRate": 10.85, "alertThreshold": 7.5])
      let server = try PostgresEndToEnd.freshSchema()
      _ = try Copy.call(server, "crypto/settings/update", #"{"alertThreshold":5}"#, user: "kari")

      let first = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(first.termination == .exited(0), "\(first.stderr)")
      #expect(first.stdout.contains("crypto settings: 1 added, 0 updated, 0 unchanged"), "\(first.stdout)")
      #expect(!first.stderr.contains("crypto_settings"), "\(first.stderr)")
      #expect(try Self.settings(server) == mine)
      #expect(try Self.settings(server, user: "kari") == ["nokRate": .null, "alertThreshold": 5])
      let second = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(second.stdout.contains("crypto settings: 0 added, 0 updated, 1 unchanged"), "\(second.stdout)")

      // Kari's settings into a new file, then over Ola's file: hers replace his.
      let karis = directory.file("kari.sqlite")
      let out = try Copy.beacon(["store", "copy", server, karis, "--user", "kari"], locale: "nn")
      #expect(out.stdout.contains("kryptoinnstillingar: 1 ny, 0 oppdaterte, 0 uendra"), "\(out.stdout)")
      #expect(try Self.settings(karis) == ["nokRate": .null, "alertThreshold": 5])
      let over = try Copy.beacon(["store", "copy", server, file, "--user", "kari"], locale: "nb")
      #expect(over.stdout.contains("kryptoinnstillinger: 0 nye, 1 oppdatert, 0 uendrede"), "\(over.stdout)")
      #expect(try Self.settings(file) == ["nokRate": .null, "alertThreshold": 5])
      #expect(try Self.settings(server) == mine)
    }

    @Test func settingsTheServerRefusesFailTheWholeCopy() async throws {
      let directory = TemporaryDirectory("beacon-copy")
      let file = directory.file("mine.sqlite")
      _ = try Copy.call(file, "settings/update", #"{"radiusMeters":3000}"#)
      _ = try Copy.call(file, "crypto/settings/update", #"{"alertThreshold":7.5}"#)
      // A threshold past the server's check, written past the file's own.
      let store = try Store.open(path: file)
      try await store.execute(
        "PRAGMA ignore_check_constraints = ON",
        "UPDATE crypto_settings SET alert_threshold = 150"
      )
      let server = try PostgresEndToEnd.freshSchema()
      let failed = try Copy.beacon(["store", "copy", file, server, "--user", "ola"])
      #expect(failed.termination == .exited(1), "\(failed.stdout) \(failed.stderr)")
      #expect(failed.stderr.contains("is as it was"), "\(failed.stderr)")
      let admin = try PostgresConnection(PostgresConnectionString(server))
      for table in ["setting", "crypto_settings"] {
        #expect(try admin.query("SELECT count(*) FROM \(table)").first?.int(0) == 0, "\(table)")
      }
    }
  }
}

extension Store {
  /// Runs `statements` as they are, for a test that needs rows the store's own checks would refuse.
  fileprivate func execute(_ statements: String...) throws {
    for statement in statements { try database.run(statement) }
  }
}
