import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// TLS to a PostgreSQL store through the built binary: `sslmode` and `sslrootcert` work as libpq says. A cluster of
/// the test's own (`Scripts/pg-cluster.sh start --tls`: TLS on, TCP connections without it refused) serves a session
/// with `sslmode=require` and one with `sslmode=verify-full` and the right certificate authority, and the server's
/// `pg_stat_ssl` shows both encrypted; a wrong authority and `sslmode=disable` are refused with a localized
/// sentence, a non-zero exit and no password.
extension EndToEnd {
  @Suite(.enabled(if: PostgresPrivateCluster.enabled(tls: true), PostgresPrivateCluster.skipReason(tls: true)))
  struct PostgresTLSEndToEndTests {
    static let placeId = "osm:node/27"

    /// Seeds one café through ``PostgresStore`` (over TLS, with the cluster's own URL).
    static func seed(_ cluster: PostgresPrivateCluster) async throws {
      let seed = try PostgresStore.open(PostgresConnectionString(cluster.url), user: "seed")
      let place = Place(
        id: placeId,
        name: "Kaffebrenneriet Grünerløkka",
        category: .cafe,
        location: Coordinate(lat: 59.9225, lon: 10.7590),
        source: "test"
      )
      try await seed.upsert([place], replacing: true)
    }

    /// Whether the session named `applicationName` is encrypted, and with which protocol, as the server sees it.
    static func encryption(of applicationName: String, on cluster: PostgresPrivateCluster) throws -> [String?] {
      let admin = try PostgresConnection(PostgresConnectionString(cluster.url))
      let rows = try admin.query(
        "SELECT s.ssl::text, s.version FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
          + "WHERE a.application_name = $1",
        [applicationName]
      )
      return rows.first?.values ?? []
    }

    @Test func sslModesWorkAsLibpqSaysAndTheSessionIsEncrypted() async throws {
      let cluster = try PostgresPrivateCluster(tls: true)
      let password = try #require(cluster.password)
      try await Self.seed(cluster)

      // A rating and a search over TLS, with and without checking the server's certificate.
      let modes = [
        ("require", "sslmode=require"),
        ("verify_full", "sslmode=verify-full&sslrootcert=\(cluster.certificateAuthority)"),
      ]
      for (index, (name, query)) in modes.enumerated() {
        let application = "beacon_tls_\(name)"
        let url = cluster.bareURL + "?\(query)&application_name=\(application)"
        let beacon = try BeaconProcess(
          arguments: ["serve", "--store", url, "--user", "ola"],
          environment: ["BEACON_OFFLINE": "1", "BEACON_LOG": "debug"]
        )
        try beacon.initialize()
        beacon.request("rating/add", id: 1, params: ["placeId": .string(Self.placeId), "stars": 4])
        #expect(try beacon.response(id: 1)["result"]?["summary"]?["count"] == .int(index + 1), "\(name)")
        let center: JSONValue = ["lat": 59.9230, "lon": 10.7590]
        beacon.request("places/search", id: 2, params: ["center": center, "category": "cafe", "text": "gruner"])
        let found = try beacon.response(id: 2)["result"]?["places"]?.arrayValue ?? []
        #expect(found.map { $0["id"] } == [.string(Self.placeId)], "\(name)")
        #expect(found.first?["rating"]?["count"] == .int(index + 1), "\(name)")
        // The server's side of the session: encrypted.
        #expect(try Self.encryption(of: application, on: cluster) == ["true", "TLSv1.3"], "\(name)")
        #expect(try beacon.shutdownAndExit() == .exited(0))
        try beacon.waitForOutputEnd()
        #expect(!(beacon.stdout.text + beacon.stderr.text).contains(password))
      }

      // The command line, verifying the server's certificate and name.
      let verified = try BeaconProcess.run(
        ["--store", cluster.url, "--user", "kari", "rate", Self.placeId, "2", "--json"],
        environment: ["BEACON_OFFLINE": "1"]
      )
      #expect(verified.termination == .exited(0), "\(verified.stderr)")
      #expect((try? HumanCLITests.parse(verified.stdout))?["summary"]?["count"] == 3, "\(verified.stdout)")

      // A certificate authority that did not sign the server's certificate.
      let other = TemporaryDirectory("beacon-tls")
      let otherAuthority = other.path + "/other-ca.crt"
      try Self.openssl([
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Another CA",
        "-keyout", other.path + "/other-ca.key", "-out", otherAuthority,
      ])
      let wrongAuthority = cluster.bareURL + "?sslmode=verify-full&sslrootcert=\(otherAuthority)"
      try Self.expectRefused(wrongAuthority, saying: "certificate verify failed", password: password)

      // No TLS, where the server accepts TCP connections only with it (pg_hba `hostssl`).
      try Self.expectRefused(cluster.bareURL + "?sslmode=disable", saying: "no encryption", password: password)
    }

    /// `url` fails: the command line exits 1 with the localized sentence (nb) and libpq's or the server's `words`,
    /// and `initialize` answers `storeUnavailable` in English; no password anywhere, no crash.
    static func expectRefused(_ url: String, saying words: String, password: String) throws {
      let redacted = PostgresConnectionString(url).redacted
      let cli = try BeaconProcess.run(["--store", url, "favorites"], environment: ["BEACON_LOG": "debug"])
      #expect(cli.termination == .exited(1), "\(cli.stderr)")
      #expect(cli.stderr.contains("Kan ikke åpne databasen '\(redacted)'"), "\(cli.stderr)")
      #expect(cli.stderr.contains(words), "\(cli.stderr)")
      #expect(!(cli.stdout + cli.stderr).contains(password))

      let beacon = try BeaconProcess(arguments: ["serve", "--store", url], environment: ["BEACON_LOG": "debug"])
      beacon.request("initialize", id: "init", params: ["locale": "en"])
      let error = try beacon.response(id: "init")["error"]
      #expect(error?["data"]?["kind"] == "storeUnavailable", "\(String(describing: error))")
      let message = error?["message"]?.stringValue ?? ""
      #expect(message.hasPrefix("Cannot open the database '\(redacted)'"), "\(message)")
      #expect(message.contains(words), "\(message)")
      beacon.closeInput()
      let termination = try beacon.waitForExit()
      if case .signalled(let signal) = termination { Issue.record("beacon died of signal \(signal)") }
      try beacon.waitForOutputEnd()
      #expect(!(beacon.stdout.text + beacon.stderr.text).contains(password))
    }

    /// Runs `openssl` with `arguments`.
    static func openssl(_ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["openssl"] + arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw HarnessError("openssl \(arguments) failed") }
    }
  }
}
