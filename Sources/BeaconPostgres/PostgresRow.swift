import BeaconCore
import Foundation

/// One row of a result, every column as PostgreSQL's text (or `nil` for NULL).
package struct PostgresRow: Sendable, Equatable {
  /// The columns in order.
  package var values: [String?]

  /// Column `index` as text.
  package func string(_ index: Int) -> String? { index < values.count ? values[index] : nil }
  /// Column `index` as an integer.
  package func int(_ index: Int) -> Int? { string(index).flatMap { Int($0) } }
  /// Column `index` as a double.
  package func double(_ index: Int) -> Double? { string(index).flatMap { Double($0) } }
  /// Column `index` as a boolean (`t`/`f`).
  package func bool(_ index: Int) -> Bool? { string(index).map { $0 == "t" } }
}

/// A value bound to a statement parameter, in PostgreSQL's text format.
package protocol PostgresBindable: Sendable {
  /// The value as PostgreSQL reads it.
  var postgresText: String { get }
}

extension String: PostgresBindable {
  package var postgresText: String { self }
}

extension Int: PostgresBindable {
  package var postgresText: String { String(self) }
}

extension Double: PostgresBindable {
  /// Swift's shortest exact form, which `float8` reads back to the same value.
  package var postgresText: String { "\(self)" }
}

extension Bool: PostgresBindable {
  package var postgresText: String { self ? "true" : "false" }
}

extension Date: PostgresBindable {
  /// Seconds since 1970 (stored as `double precision`, like the SQLite store's dates).
  package var postgresText: String { timeIntervalSince1970.postgresText }
}

extension PostgresRow: StoredColumns {}
