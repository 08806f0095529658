import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// `COPY … FROM STDIN` through ``PostgresConnection/copy(_:_:)``: text with every character the text format
/// escapes comes back as it was, NULL stays NULL, many rows stream in several buffers, and a copy whose rows
/// fail part-way keeps none of them and leaves the connection usable.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct PostgresCopyTests {
  static let awkward = [
    "tab\there", "line\nbreak", "carriage\rreturn", "back\\slash \\N \\t", "\\", "Ærlig talt: «Café» 🍕", "",
    "nul\u{0}byte",
  ]

  @Test func rowsComeBackAsTheyWereWritten() throws {
    let connection = try PostgresConnection(try PostgresTestServer.freshSchema())
    try connection.query("CREATE TABLE copied (n integer, text text, number double precision)")
    let copied = try connection.copy("COPY copied (n, text, number) FROM STDIN") { writer in
      for (index, text) in Self.awkward.enumerated() { try writer.row([index, text, 0.1 + Double(index)]) }
      try writer.row([Self.awkward.count, nil, nil])
      // Enough rows for several buffers.
      for index in 0..<20_000 { try writer.row([1_000 + index, String(repeating: "x", count: 40), 1.5]) }
    }
    #expect(copied == Self.awkward.count + 1 + 20_000)
    let rows = try connection.query("SELECT text, number FROM copied WHERE n < 1000 ORDER BY n")
    let expected = Self.awkward.map { $0.replacingOccurrences(of: "\u{0}", with: "") }
    #expect(rows.dropLast().map { $0.string(0) } == expected)
    #expect(rows.dropLast().map { $0.double(1) } == Self.awkward.indices.map { 0.1 + Double($0) })
    #expect(rows.last?.values == [nil, nil])
    #expect(try connection.query("SELECT count(*) FROM copied").first?.int(0) == copied)
  }

  struct Interrupted: Error {}

  @Test func aCopyWhoseWriterFailsKeepsNothingAndTheConnectionGoesOn() throws {
    let connection = try PostgresConnection(try PostgresTestServer.freshSchema())
    try connection.query("CREATE TABLE copied (n integer)")
    #expect(throws: Interrupted.self) {
      try connection.copy("COPY copied FROM STDIN") { writer in
        for index in 0..<50_000 { try writer.row([index]) }
        throw Interrupted()
      }
    }
    // A row the server refuses (not an integer) fails the copy with its SQLSTATE.
    #expect(throws: PostgresError.self) {
      try connection.copy("COPY copied FROM STDIN") { writer in try writer.row(["not a number"]) }
    }
    #expect(try connection.query("SELECT count(*) FROM copied").first?.int(0) == 0)
  }
}
