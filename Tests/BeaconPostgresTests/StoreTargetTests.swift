import BeaconCore
import Foundation
import Testing

/// `--store` and its kin: a PostgreSQL URL selects the server, anything else a SQLite file.
@Suite struct StoreTargetTests {
  @Test(arguments: [
    (
      "postgresql://team:pw@db.example/beacon?sslmode=require",
      StoreTarget.postgres(url: "postgresql://team:pw@db.example/beacon?sslmode=require")
    ),
    ("postgres://db.example/beacon", .postgres(url: "postgres://db.example/beacon")),
    ("PostgreSQL://db/beacon", .postgres(url: "PostgreSQL://db/beacon")),
    ("postgresql:///beacon", .postgres(url: "postgresql:///beacon")),
    ("/home/kari/beacon.sqlite", .sqlite(path: "/home/kari/beacon.sqlite")),
    ("sqlite:/home/kari/beacon.sqlite", .sqlite(path: "/home/kari/beacon.sqlite")),
    ("sqlite:///home/kari/beacon.sqlite", .sqlite(path: "/home/kari/beacon.sqlite")),
    ("sqlite:relative.sqlite", .sqlite(path: "relative.sqlite")),
    ("postgresql.sqlite", .sqlite(path: "postgresql.sqlite")),
    (":memory:", .sqlite(path: ":memory:")),
    // libpq's keyword form: a connection, never a file named after it (with the password in its name).
    (
      "host=127.0.0.1 port=5432 user=team password=s3cret dbname=beacon",
      .postgres(url: "host=127.0.0.1 port=5432 user=team password=s3cret dbname=beacon")
    ),
    ("  dbname = beacon", .postgres(url: "  dbname = beacon")),
    ("service=team", .postgres(url: "service=team")),
    ("notes=1.sqlite", .sqlite(path: "notes=1.sqlite")),
    ("/tmp/host=x.sqlite", .sqlite(path: "/tmp/host=x.sqlite")),
    ("hostel.sqlite", .sqlite(path: "hostel.sqlite")),
  ])
  func reads(_ text: String, _ expected: StoreTarget) {
    #expect(StoreTarget(text) == expected)
  }

  @Test func theDefaultUserIsTheAccountsName() throws {
    let name = try #require(getpwuid(geteuid())?.pointee.pw_name.map { String(cString: $0) })
    #expect(StoreTarget.defaultUser(environment: ["USER": "someone-else"]) == name)
  }
}
