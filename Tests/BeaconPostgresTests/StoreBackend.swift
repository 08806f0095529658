import BeaconCore
import BeaconPostgres
import BeaconTestSupport
import Foundation
import Testing

/// The backends the store suite runs against: SQLite always, PostgreSQL when a server is configured
/// (``PostgresTestServer``).
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  /// The backends this run can use.
  static var available: [StoreBackend] { PostgresTestServer.isAvailable ? allCases : [.sqlite] }

  var testDescription: String { rawValue }

  /// A fresh, empty store of this backend.
  func open(user: String = "alice") throws -> (store: any PlacesStore, keep: AnyObject?) {
    switch self {
    case .sqlite:
      let directory = TemporaryDirectory("beacon-store-suite")
      return (try Store.open(path: directory.storePath), directory)
    case .postgres:
      return (try PostgresStore.open(try PostgresTestServer.freshSchema(), user: user), nil)
    }
  }
}
