import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// The PostgreSQL server the tests use: `BEACON_TEST_POSTGRES_URL` (Scripts/pg-cluster.sh start prints one).
///
/// Without it the server's tests are skipped, saying why; under `CI=true` ``ciHasTheServer()`` fails instead, so CI
/// cannot pass without having run them.
enum PostgresTestServer {
  /// The server's connection string, or `nil` when none is configured.
  static let url: String? = {
    guard let url = ProcessInfo.processInfo.environment["BEACON_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
    return url
  }()

  /// Whether the tests that need the server run.
  static var isAvailable: Bool { url != nil }

  /// Why they are skipped.
  static let skipReason = Comment(
    rawValue: "BEACON_TEST_POSTGRES_URL is not set: start a throwaway server with `eval \"$(Scripts/pg-cluster.sh "
      + "start >/dev/null; Scripts/pg-cluster.sh env)\"` (Documentation/PostgreSQL.md)"
  )

  /// A connection string for a schema of its own (created here), so that tests running at once never see each
  /// other's rows; libpq's `options` sets the `search_path`.
  static func freshSchema() throws -> PostgresConnectionString {
    let url = try #require(url, skipReason)
    let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let admin = try PostgresConnection(PostgresConnectionString(url))
    try admin.query("CREATE SCHEMA \(schema)")
    return PostgresConnectionString(withSearchPath(url, schema))
  }

  /// `url` whose sessions work in `schema` (then `public`, where PostGIS lives).
  static func withSearchPath(_ url: String, _ schema: String) -> String {
    let option = "options=-csearch_path%3D\(schema)%2Cpublic"
    return url + (url.contains("?") ? "&" : "?") + option
  }
}

@Suite struct PostgresTestServerTests {
  /// CI must run the PostgreSQL tests, not skip them: `.ci/run` starts the server and exports its URL.
  @Test func ciHasTheServer() {
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      #expect(PostgresTestServer.isAvailable, "CI=true but BEACON_TEST_POSTGRES_URL is not set")
    }
  }
}
