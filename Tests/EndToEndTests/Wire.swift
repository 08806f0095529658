import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses a whole captured stream strictly, failing on any byte that is not part of a well-formed frame.
enum Wire {
  /// Splits `bytes` into `Content-Length: N\r\n\r\n{json}` frames exactly as Beacon writes them (no
  /// other headers, no stray bytes between or after frames) and parses every body.
  static func contentLengthMessages(_ bytes: [UInt8]) throws -> [JSONValue] {
    let prefix = Array("Content-Length: ".utf8)
    var messages: [JSONValue] = []
    var index = 0
    while index < bytes.count {
      func fail(_ reason: String) -> HarnessError {
        HarnessError("stdout is not only well-formed frames: \(reason) at byte \(index): \(excerpt(bytes[index...]))")
      }
      guard bytes[index...].starts(with: prefix) else { throw fail("expected 'Content-Length: '") }
      var cursor = index + prefix.count
      var length = 0
      var digits = 0
      while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
        length = length * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
        digits += 1
        cursor += 1
        guard digits <= 12 else { throw fail("absurd Content-Length") }
      }
      guard digits > 0, length > 0 else { throw fail("missing or zero Content-Length value") }
      guard bytes[cursor...].starts(with: Array("\r\n\r\n".utf8)) else { throw fail("expected CRLF CRLF after length") }
      cursor += 4
      guard cursor + length <= bytes.count else { throw fail("body shorter than its Content-Length \(length)") }
      let body = Array(bytes[cursor..<(cursor + length)])
      do {
        messages.append(try JSONParser.parse(body))
      } catch {
        throw fail("body is not JSON (\(error))")
      }
      index = cursor + length
    }
    return messages
  }

  /// Splits `bytes` into newline-terminated compact JSON lines (no `\r`, no blank lines, no header,
  /// nothing after the last newline) and parses every line.
  static func newlineDelimitedMessages(_ bytes: [UInt8]) throws -> [JSONValue] {
    guard let last = bytes.last else { return [] }
    guard last == 0x0A else { throw HarnessError("stdout does not end with a newline: \(excerpt(bytes))") }
    var messages: [JSONValue] = []
    for line in bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false) {
      guard let first = line.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
        throw HarnessError("stdout line does not start a JSON object or array: \(excerpt(line))")
      }
      guard !line.contains(0x0D) else { throw HarnessError("stdout line contains a carriage return: \(excerpt(line))") }
      do {
        messages.append(try JSONParser.parse(Array(line)))
      } catch {
        throw HarnessError("stdout line is not JSON (\(error)): \(excerpt(line))")
      }
    }
    return messages
  }
}
