import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// The connection against a real server: lost connections, wrong passwords, migrations run at once.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresConnectionTests {
  /// The server ends the session (a restart, a network cut): that request fails with a typed, localized error;
  /// the next connects again and succeeds.
  @Test func aLostConnectionFailsOneRequestAndTheNextReconnects() async throws {
    let target = try PostgresTestServer.freshSchema()
    let store = try PostgresStore.open(target, user: "alice")
    _ = try await store.updateSettings(SettingsUpdate(radiusMeters: 3_000))
    let pid = await store.backendPID
    let admin = try PostgresConnection(PostgresConnectionString(try #require(PostgresTestServer.url)))
    #expect(try admin.query("SELECT pg_terminate_backend($1)", [Int(pid)]).first?.bool(0) == true)

    let error = try await #require(throws: BeaconError.self) { try await store.settings() }
    guard case .storeServer(let message, let detail) = error else {
      Issue.record("expected storeServer, got \(error)")
      return
    }
    #expect(message == .postgres(.connectionLost(server: target.redacted)))
    #expect(error.kind == "storageFailure")
    #expect(error.message(in: .nb).hasPrefix("Forbindelsen til PostgreSQL-lageret"))
    #expect(error.message(in: .en).contains("the next request connects again"))
    #expect(!detail.isEmpty)

    #expect(try await store.settings().radiusMeters == 3_000)
    #expect(await store.backendPID != pid)
  }

  /// A wrong password: the server's refusal, never the password.
  @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
    let url = try #require(PostgresTestServer.url)
    let right = try #require(PostgresConnectionString.password(in: url))
    let wrong = "Wr0ng-\(UUID().uuidString)"
    let target = PostgresConnectionString(url.replacingOccurrences(of: ":\(right)@", with: ":\(wrong)@"))
    let error = try #require(throws: BeaconError.self) { try PostgresStore.open(target, user: "alice") }
    guard case .storeUnavailable(_, let reason) = error else {
      Issue.record("expected storeUnavailable, got \(error)")
      return
    }
    #expect(error.message(in: .en).contains("password authentication failed"), "\(reason)")
    for language in Language.allCases {
      #expect(!error.message(in: language).contains(wrong))
      #expect(!error.message(in: language).contains(right))
    }
  }

  /// Eight processes' connections start against a new database at once: every one opens, and each migration ran
  /// exactly once (the advisory lock serializes them).
  @Test func concurrentStartsMigrateOnce() throws {
    let target = try PostgresTestServer.freshSchema()
    let count = 8
    let outcomes = Outcomes(count)
    let group = DispatchGroup()
    for index in 0..<count {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        do {
          _ = try PostgresStore.open(target, user: "user\(index)")
          outcomes.set(index, nil)
        } catch {
          outcomes.set(index, "\(error)")
        }
      }
      thread.start()
    }
    group.wait()
    #expect(outcomes.errors.isEmpty, "\(outcomes.errors)")
    let check = try PostgresConnection(target)
    let versions = try check.query("SELECT version FROM beacon_schema ORDER BY version").map { $0.int(0) }
    #expect(versions == Array(1...PostgresMigrations.latestVersion()))
    #expect(try PostgresMigrations.version(check) == PostgresMigrations.latestVersion())
  }

  /// A feature's migrations, given to `open` as the program gives those of its built features, run under their own
  /// versions after the core's; a version between that no one supplies counts and creates nothing. Opened without
  /// them, the database is newer than that program knows.
  @Test func aFeaturesMigrationsRunUnderTheirVersions() throws {
    let target = try PostgresTestServer.freshSchema()
    let core = PostgresMigrations.latestVersion()
    let feature = PostgresMigration(
      version: core + 2,
      statements: ["CREATE TABLE sample_note (id integer PRIMARY KEY)", "INSERT INTO sample_note VALUES (7)"]
    )
    _ = try PostgresStore.open(target, user: "alice", migrations: [feature])
    let check = try PostgresConnection(target)
    let versions = try check.query("SELECT version FROM beacon_schema ORDER BY version").map { $0.int(0) }
    #expect(versions == Array(1...(core + 2)))
    #expect(PostgresMigrations.latestVersion(adding: [feature]) == core + 2)
    #expect(try check.query("SELECT id FROM sample_note").map { $0.int(0) } == [7])
    _ = try PostgresStore.open(target, user: "bob", migrations: [feature])
    #expect(try check.query("SELECT count(*) FROM beacon_schema").first?.int(0) == core + 2)
    #expect(throws: BeaconError.storeTooNew(path: target.redacted, version: core + 2, supported: core)) {
      try PostgresStore.open(target, user: "alice")
    }
  }

  /// A database a newer Beacon migrated is refused, not written.
  @Test func aNewerSchemaIsRefused() throws {
    let target = try PostgresTestServer.freshSchema()
    _ = try PostgresStore.open(target, user: "alice")
    let newer = PostgresMigrations.latestVersion() + 1
    try PostgresConnection(target).query("INSERT INTO beacon_schema (version) VALUES ($1)", [newer])
    #expect(throws: BeaconError.storeTooNew(path: target.redacted, version: newer, supported: newer - 1)) {
      try PostgresStore.open(target, user: "alice")
    }
  }
}

/// What each thread of ``PostgresConnectionTests/concurrentStartsMigrateOnce()`` ended with.
private final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String?]

  init(_ count: Int) { values = Array(repeating: "did not finish", count: count) }

  func set(_ index: Int, _ error: String?) { lock.withLock { values[index] = error } }

  var errors: [String] { lock.withLock { values.compactMap { $0 } } }
}
