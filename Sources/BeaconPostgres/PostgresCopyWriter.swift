/// The rows of one `COPY … FROM STDIN` (``PostgresConnection/copy(_:_:)``) in PostgreSQL's text format: fields
/// separated by tabs, `\N` for NULL, backslash, tab, newline and carriage return escaped; NUL characters (which no
/// PostgreSQL text can hold) are left out. Rows are buffered and sent every 256 KiB.
package struct PostgresCopyWriter {
  /// How many bytes are buffered before they are sent.
  static let bufferSize = 256 << 10

  private let connection: PostgresConnection
  private var buffer: [UInt8] = []
  /// How many rows were written.
  package private(set) var rows = 0

  init(connection: PostgresConnection) {
    self.connection = connection
    buffer.reserveCapacity(Self.bufferSize + 4_096)
  }

  /// Adds one row, its fields in the table's (or the statement's column list's) order; `nil` is NULL.
  package mutating func row(_ fields: [(any PostgresBindable)?]) throws(PostgresError) {
    for (index, field) in fields.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: "\t")) }
      guard let field else {
        buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
        continue
      }
      for byte in field.postgresText.utf8 {
        switch byte {
        case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0: continue
        default: buffer.append(byte)
        }
      }
    }
    buffer.append(UInt8(ascii: "\n"))
    rows += 1
    if buffer.count >= Self.bufferSize { try flush() }
  }

  /// Sends what is buffered.
  mutating func flush() throws(PostgresError) {
    guard !buffer.isEmpty else { return }
    let sent = buffer.withUnsafeBufferPointer { connection.putCopyData($0) }
    buffer.removeAll(keepingCapacity: true)
    guard sent else { throw connection.failure(.connectionLost) }
  }
}
