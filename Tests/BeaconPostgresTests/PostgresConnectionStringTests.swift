import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// The password of a connection string never reaches a message.
@Suite struct PostgresConnectionStringTests {
  @Test(arguments: [
    ("postgresql://team:s3cr%3Dt@db.example:5432/beacon", "postgresql://team:***@db.example:5432/beacon"),
    (
      "postgres://team:hunter2@db.example/beacon?sslmode=require",
      "postgres://team:***@db.example/beacon?sslmode=require"
    ),
    (
      "postgresql://db.example/beacon?user=team&password=hunter2&sslmode=verify-full",
      "postgresql://db.example/beacon?user=team&password=***&sslmode=verify-full"
    ),
    (
      "host=db.example user=team password=hunter2 dbname=beacon", "host=db.example user=team password=*** dbname=beacon"
    ),
    ("host=db.example password='hun ter2' dbname=beacon", "host=db.example password=*** dbname=beacon"),
    ("postgresql://team@db.example/beacon", "postgresql://team@db.example/beacon"),
    ("postgresql:///beacon", "postgresql:///beacon"),
    // A `%` that is no escape: libpq cannot read the URL (``aPasswordLibpqCannotDecodeNeverReachesTheMessage``).
    ("postgresql://simple:50%off!x@h/beacon", "postgresql://simple:***@h/beacon"),
  ])
  func redacted(_ raw: String, _ expected: String) {
    #expect(PostgresConnectionString.redacted(raw) == expected)
  }

  @Test(arguments: [
    ("postgresql://db.example/beacon", "postgresql://db.example/beacon?connect_timeout=10"),
    (
      "postgresql://db.example/beacon?sslmode=require",
      "postgresql://db.example/beacon?sslmode=require&connect_timeout=10"
    ),
    ("postgresql://db.example/beacon?", "postgresql://db.example/beacon?connect_timeout=10"),
    ("host=db.example dbname=beacon", "host=db.example dbname=beacon connect_timeout=10"),
    ("postgresql://db.example/beacon?connect_timeout=3", "postgresql://db.example/beacon?connect_timeout=3"),
    ("host=db.example connect_timeout=30", "host=db.example connect_timeout=30"),
    ("postgresql:///beacon?service=team", "postgresql:///beacon?service=team"),
  ])
  func aConnectionWaitsTenSecondsUnlessTheStringSaysOtherwise(_ raw: String, _ expected: String) {
    #expect(PostgresConnectionString(raw).connecting(environment: [:]) == expected)
  }

  @Test func theEnvironmentsTimeoutOrServiceIsLeftToLibpq() {
    let target = PostgresConnectionString("postgresql://db.example/beacon")
    #expect(target.connecting(environment: ["PGCONNECT_TIMEOUT": "2"]) == target.raw)
    #expect(target.connecting(environment: ["PGSERVICE": "team"]) == target.raw)
    #expect(target.connecting(environment: ["PGCONNECT_TIMEOUT": ""]) == target.raw + "?connect_timeout=10")
  }

  @Test func thePasswordIsReadLikeLibpqReadsIt() {
    #expect(PostgresConnectionString.password(in: "postgresql://u:p%40ss@h/d") == "p@ss")
    #expect(PostgresConnectionString.password(in: "host=h password='a b'") == "a b")
    #expect(PostgresConnectionString.password(in: "postgresql://u@h/d") == nil)
  }

  /// A URL whose password libpq cannot decode: its message quotes the password as written, and the error does not.
  @Test func aPasswordLibpqCannotDecodeNeverReachesTheMessage() throws {
    let password = "50%off!\(UUID().uuidString.prefix(8))"
    let url = "postgresql://team:\(password)@127.0.0.1:1/beacon"
    let error = try #require(throws: BeaconError.self) {
      try PostgresStore.open(PostgresConnectionString(url), user: "a")
    }
    for language in Language.allCases {
      let text = error.message(in: language)
      #expect(!text.contains(password), "\(language): \(text)")
      #expect(text.contains("percent-encoded"), "libpq's reason is kept: \(text)")
    }
    #expect(!"\(error)".contains(password))
  }

  /// A server that cannot be reached: the error is typed and localized, names the server, and has no password.
  @Test func aFailedConnectionNamesTheServerWithoutThePassword() throws {
    let password = "Pa55-\(UUID().uuidString)"
    let url = "postgresql://team:\(password)@127.0.0.1:1/beacon?connect_timeout=5"
    let error = try #require(throws: BeaconError.self) {
      try PostgresStore.open(PostgresConnectionString(url), user: "a")
    }
    guard case .storeUnavailable(let path, let reason) = error else {
      Issue.record("expected storeUnavailable, got \(error)")
      return
    }
    #expect(path == "postgresql://team:***@127.0.0.1:1/beacon?connect_timeout=5")
    #expect(reason != .said(""))
    for language in Language.allCases {
      let text = error.message(in: language)
      #expect(!text.contains(password), "\(language): \(text)")
      #expect(text.contains("127.0.0.1:1"), "\(language): \(text)")
    }
    #expect(!"\(error)".contains(password))
  }
}
