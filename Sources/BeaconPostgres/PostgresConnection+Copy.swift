import CLibPQ
import CLibPQLoader

extension PostgresConnection {
  /// Runs `sql`, a `COPY … FROM STDIN` in text format, with the rows `body` writes to the
  /// ``PostgresCopyWriter`` it gets, and returns how many there were.
  ///
  /// The rows stream to the server as they come (libpq's `PQputCopyData`, a buffer at a time), so memory holds one
  /// buffer however many rows there are. When `body` throws, the copy is cancelled (`PQputCopyEnd` with a reason:
  /// the server keeps none of its rows) and the error goes on; in a transaction, the caller rolls it back.
  ///
  /// - Throws: what `body` throws, or ``PostgresError`` when the server refuses the statement or a row (its
  ///   SQLSTATE), or the connection breaks.
  @discardableResult
  package func copy(_ sql: String, _ body: (inout PostgresCopyWriter) throws -> Void) throws -> Int {
    try ensureConnected()
    let started = PQexecParams(connection, sql, 0, nil, nil, nil, nil, 0)
    defer { PQclear(started) }
    guard PQresultStatus(started) == PGRES_COPY_IN else { throw error(of: started) }
    var writer = PostgresCopyWriter(connection: self)
    do {
      try body(&writer)
      try writer.flush()
    } catch {
      _ = PQputCopyEnd(connection, "cancelled by Beacon")
      _ = finishCopy()
      throw error
    }
    guard PQputCopyEnd(connection, nil) == 1 else {
      _ = finishCopy()
      throw failure(.connectionLost)
    }
    if let error = finishCopy() { throw error }
    return writer.rows
  }

  /// Reads the results that end a copy; the first failure among them, if any.
  private func finishCopy() -> PostgresError? {
    var first: PostgresError?
    while let result = PQgetResult(connection) {
      if first == nil, PQresultStatus(result) != PGRES_COMMAND_OK { first = error(of: result) }
      PQclear(result)
    }
    return first
  }

  /// Sends `bytes` of copy data; `false` when the connection broke.
  func putCopyData(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let sent = bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(connection, $0.baseAddress, Int32($0.count)) }
    return sent == 1
  }
}
