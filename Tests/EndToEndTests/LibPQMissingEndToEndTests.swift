import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if os(Linux)
/// The built binary where libpq cannot be loaded (`BEACON_LIBPQ` names a file that does not exist, so the loader in
/// `Sources/CLibPQLoader` finds no library, as on a machine without libpq5): a PostgreSQL store is refused with a
/// localized sentence that says what to install (exit 1 at the command line, `storeUnavailable` with
/// `data.reason: "libraryMissing"` on the wire), and a SQLite store in the same binary works as ever.
extension EndToEnd {
  @Suite struct LibPQMissingEndToEndTests {
    static let missing: [String: String?] = ["BEACON_LIBPQ": "/nonexistent/libpq.so.5", "BEACON_OFFLINE": "1"]
    static let url = "postgresql://team:s3cret-pw@127.0.0.1:1/beacon"
    static let redacted = "postgresql://team:***@127.0.0.1:1/beacon"

    @Test func aPostgreSQLStoreIsRefusedWithWhatToInstallAndSQLiteStillWorks() throws {
      let cli = try BeaconProcess.run(["--store", Self.url, "favorites"], environment: Self.missing)
      #expect(cli.termination == .exited(1), "\(cli.stderr)")
      let sentence =
        "PostgreSQL-lageret '\(Self.redacted)' trenger libpq (/nonexistent/libpq.so.5), som ikke er installert: "
        + "installer libpq5 (Debian/Ubuntu) eller libpq (andre systemer), eller bruk en SQLite-fil (--store STI)"
      #expect(cli.stderr.contains(sentence), "\(cli.stderr)")
      #expect(!(cli.stdout + cli.stderr).contains("s3cret-pw"))

      let sentences = [
        "nn":
          "PostgreSQL-lageret '\(Self.redacted)' treng libpq (/nonexistent/libpq.so.5), som ikkje er installert: "
          + "installer libpq5 (Debian/Ubuntu) eller libpq (andre system), eller bruk ei SQLite-fil (--store STI)",
        "en":
          "The PostgreSQL store '\(Self.redacted)' needs libpq (/nonexistent/libpq.so.5), which is not installed: "
          + "install libpq5 (Debian/Ubuntu) or libpq (other systems), or use a SQLite file (--store PATH)",
      ]
      for (locale, sentence) in sentences {
        let beacon = try BeaconProcess(
          arguments: ["serve", "--store", Self.url],
          environment: Self.missing.merging(["BEACON_LOG": "debug"]) { _, new in new }
        )
        beacon.request("initialize", id: "init", params: ["locale": .string(locale)])
        let error = try beacon.response(id: "init")["error"]
        #expect(error?["code"] == -33010, "\(String(describing: error))")
        #expect(error?["data"]?["kind"] == "storeUnavailable")
        #expect(error?["data"]?["reason"] == "libraryMissing")
        #expect(error?["data"]?["path"] == .string(Self.redacted))
        #expect(error?["message"]?.stringValue == sentence)
        beacon.closeInput()
        let termination = try beacon.waitForExit()
        if case .signalled(let signal) = termination { Issue.record("beacon died of signal \(signal)") }
        try beacon.waitForOutputEnd()
        #expect(!(beacon.stdout.text + beacon.stderr.text).contains("s3cret-pw"))
      }

      // A SQLite store in the same binary, without libpq: a rating is stored and read back.
      let directory = TemporaryDirectory("beacon-nolibpq")
      let store = directory.path + "/store.sqlite"
      let rated = try BeaconProcess.run(
        ["--store", store, "rate", "osm:node/1369465577", "4", "--json"],
        environment: Self.missing
      )
      #expect(rated.termination == .exited(0), "\(rated.stderr)")
      #expect((try? HumanCLITests.parse(rated.stdout))?["summary"]?["count"] == 1, "\(rated.stdout)")
    }
  }
}
#endif
