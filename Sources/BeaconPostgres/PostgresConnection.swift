import CLibPQ
import CLibPQLoader
import Foundation

/// One libpq connection: parameterised statements in text format, transactions, and reconnection.
///
/// Not thread-safe: one owner (``PostgresStore``, an actor) uses it at a time. When the connection breaks during a
/// statement, that statement fails with ``PostgresError/Kind/connectionLost`` and the next one connects again
/// (`PQreset`), so a restarted server or a dropped network costs one failed request, never a crash.
package final class PostgresConnection {
  /// What the connection was opened with.
  package let target: PostgresConnectionString
  private(set) var connection: OpaquePointer?
  /// Whether a transaction is open (statements in it are not retried after a reconnect).
  var inTransaction = false

  /// Connects to `target` (a URL or `key=value` pairs; libpq fills in the rest from `PG*` and `~/.pgpass`), waiting
  /// at most ``PostgresConnectionString/defaultConnectTimeout`` seconds for an answer unless a timeout is given.
  ///
  /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/connectionFailed``, or
  ///   ``PostgresError/Kind/libraryMissing(library:)`` when libpq cannot be loaded.
  package init(_ target: PostgresConnectionString) throws(PostgresError) {
    self.target = target
    guard beacon_pq_load() != 0 else {
      let library = String(cString: beacon_pq_library())
      throw PostgresError(.libraryMissing(library: library), server: target.redacted, detail: "\(library) not loaded")
    }
    connection = PQconnectdb(target.connecting())
    guard PQstatus(connection) == CONNECTION_OK else {
      let error = failure(.connectionFailed)
      PQfinish(connection)
      connection = nil
      throw error
    }
    try configure()
  }

  deinit {
    // Not without a connection: without libpq (an init that threw) the call itself would end the process.
    if let connection { PQfinish(connection) }
  }

  /// The server process serving this connection (for `pg_terminate_backend` in tests).
  package var backendPID: Int32 { PQbackendPID(connection) }

  /// Runs `sql` with `parameters` (`$1`, `$2`, … in text format; `nil` is NULL) and returns the rows as text.
  ///
  /// - Throws: ``PostgresError``: ``PostgresError/Kind/statementFailed(sqlState:)`` with the server's SQLSTATE, or
  ///   ``PostgresError/Kind/connectionLost`` when the connection broke (the next call connects again).
  @discardableResult
  package func query(_ sql: String, _ parameters: [(any PostgresBindable)?] = []) throws(PostgresError) -> [PostgresRow]
  {
    try ensureConnected()
    let texts = parameters.map { $0?.postgresText }
    let result = Self.withCStrings(texts) { pointers in
      PQexecParams(connection, sql, Int32(texts.count), nil, pointers, nil, nil, 0)
    }
    defer { PQclear(result) }
    switch PQresultStatus(result) {
    case PGRES_TUPLES_OK:
      return Self.rows(of: result)
    case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
      return []
    default:
      throw error(of: result)
    }
  }

  /// The error a failed `result` stands for: the connection lost, or the statement refused with its SQLSTATE.
  func error(of result: OpaquePointer?) -> PostgresError {
    if PQstatus(connection) != CONNECTION_OK {
      inTransaction = false
      return failure(.connectionLost)
    }
    let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? "XX000"
    let detail = PQresultErrorMessage(result).map { String(cString: $0) } ?? ""
    return PostgresError(.statementFailed(sqlState: state), server: target.redacted, detail: redact(detail))
  }

  /// Runs `body` in one transaction (`BEGIN` … `COMMIT`), rolled back when it throws; returns only after `COMMIT`,
  /// so what it wrote is durable once this returns.
  package func transaction<T>(_ body: () throws -> T) throws -> T {
    try query("BEGIN")
    inTransaction = true
    do {
      let value = try body()
      try query("COMMIT")
      inTransaction = false
      return value
    } catch {
      if inTransaction, PQstatus(connection) == CONNECTION_OK { _ = try? query("ROLLBACK") }
      inTransaction = false
      throw error
    }
  }

  /// Connects again when the connection broke since the last statement.
  ///
  /// - Throws: ``PostgresError/Kind/reconnectFailed`` when that fails (the server is still down); the next call
  ///   tries again.
  func ensureConnected() throws(PostgresError) {
    guard PQstatus(connection) != CONNECTION_OK else { return }
    PQreset(connection)
    guard PQstatus(connection) == CONNECTION_OK else { throw failure(.reconnectFailed) }
    try configure()
  }

  /// Session settings every connection gets: UTC, and no notices on standard error (stdout is the wire, and
  /// libpq's default notice processor writes to stderr unasked).
  private func configure() throws(PostgresError) {
    PQsetNoticeProcessor(connection, { _, _ in }, nil)
    try query("SET TIME ZONE 'UTC'")
  }

  /// An error of `kind` with libpq's current message, redacted.
  func failure(_ kind: PostgresError.Kind) -> PostgresError {
    let message = PQerrorMessage(connection).map { String(cString: $0) } ?? ""
    return PostgresError(kind, server: target.redacted, detail: redact(message))
  }

  /// `text` trimmed, with the connection's password removed wherever it appears.
  func redact(_ text: String) -> String {
    var result = text.trimmingCharacters(in: .whitespacesAndNewlines)
    for password in PostgresConnectionString.passwords(in: target.raw) {
      result = PostgresConnectionString.replacingPassword(password, in: result)
    }
    if let password = PQpass(connection).map({ String(cString: $0) }) {
      result = PostgresConnectionString.replacingPassword(password, in: result)
    }
    return result
  }

  private static func rows(of result: OpaquePointer?) -> [PostgresRow] {
    let rowCount = PQntuples(result)
    let columnCount = PQnfields(result)
    return (0..<rowCount).map { row in
      PostgresRow(
        values: (0..<columnCount).map { column in
          PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
        }
      )
    }
  }

  /// Calls `body` with `texts` as C strings (NULL for `nil`), freed afterwards.
  private static func withCStrings<T>(
    _ texts: [String?],
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
  ) -> T {
    let copies: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
  }
}
