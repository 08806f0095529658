import BeaconCore

/// What went wrong talking to PostgreSQL: typed, with the server's words and the connection string redacted.
package struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kinds of failure a caller tells apart.
  package enum Kind: Sendable, Equatable {
    /// The connection could not be made (server down, wrong password, unknown database, TLS refused).
    case connectionFailed
    /// The connection broke during the request; the next request connects again.
    case connectionLost
    /// The server refused a statement; `sqlState` is its five-character SQLSTATE (e.g. `23505`).
    case statementFailed(sqlState: String)
    /// The database's schema is newer than this Beacon's.
    case schemaTooNew(version: Int, supported: Int)
    /// The connection broke earlier and could not be made again for this request; the next request tries again.
    case reconnectFailed
    /// libpq could not be loaded (not installed); `library` is the file Beacon looked for.
    case libraryMissing(library: String)
  }

  /// What happened.
  package var kind: Kind
  /// The server, redacted (``PostgresConnectionString/redacted``).
  package var server: String
  /// libpq's or the server's explanation, with the password removed.
  package var detail: String

  /// Creates an error; `detail` must already be redacted.
  package init(_ kind: Kind, server: String, detail: String) {
    self.kind = kind
    self.server = server
    self.detail = detail
  }

  /// The sentence for people.
  package var message: LocalizedMessage {
    switch kind {
    case .connectionFailed: .postgres(.connectionFailed(server: server, reason: detail))
    case .connectionLost: .postgres(.connectionLost(server: server))
    case .statementFailed: .postgres(.statementFailed(server: server, reason: detail))
    case .schemaTooNew(let version, let supported):
      .postgres(.schemaTooNew(server: server, version: version, supported: supported))
    case .libraryMissing(let library): .postgres(.libraryMissing(server: server, library: library))
    case .reconnectFailed: .postgres(.reconnectFailed(server: server, reason: detail))
    }
  }

  /// The error as the domain reports it: a failed open is ``BeaconError/storeUnavailable(path:reason:)``, a
  /// failure in use ``BeaconError/storeServer(message:detail:)``, a missing libpq or a failed reconnection
  /// ``BeaconError/storeServerUnavailable(path:reason:message:)``.
  package var beaconError: BeaconError {
    switch kind {
    case .connectionFailed: .storeUnavailable(path: server, reason: .said(detail))
    case .schemaTooNew(let version, let supported): .storeTooNew(path: server, version: version, supported: supported)
    case .connectionLost, .statementFailed: .storeServer(message: message, detail: description)
    case .libraryMissing: .storeServerUnavailable(path: server, reason: "libraryMissing", message: message)
    case .reconnectFailed: .storeServerUnavailable(path: server, reason: "reconnecting", message: message)
    }
  }

  package var description: String {
    switch kind {
    case .connectionFailed: "PostgreSQL connection to \(server) failed: \(detail)"
    case .connectionLost: "PostgreSQL connection to \(server) lost: \(detail)"
    case .statementFailed(let state): "PostgreSQL error \(state) on \(server): \(detail)"
    case .schemaTooNew(let version, let supported): "PostgreSQL schema \(version) on \(server) > \(supported)"
    case .libraryMissing(let library): "libpq (\(library)) could not be loaded for \(server)"
    case .reconnectFailed: "PostgreSQL connection to \(server) could not be made again: \(detail)"
    }
  }
}
