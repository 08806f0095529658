import Foundation

/// A value bound to or read from SQLite.
package enum DatabaseValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// A Swift value that can be bound to a statement parameter.
package protocol DatabaseValueConvertible: Sendable {
  /// The value as SQLite stores it.
  var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { self }
}

extension Int: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { .integer(self) }
}

extension Double: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { .real(self) }
}

extension String: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { .text(self) }
}

extension Bool: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension Date: DatabaseValueConvertible {
  /// Dates are stored as seconds since 1970 (UTC).
  package var databaseValue: DatabaseValue { .real(timeIntervalSince1970) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  package var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
