import Foundation

/// The request line and headers of one HTTP/1.x request.
struct HTTPRequestHead: Equatable {
  /// The method, e.g. `GET`.
  var method: String
  /// The request target as sent.
  var target: String
  /// The protocol version, e.g. `HTTP/1.1`.
  var version: String
  /// The headers, names lowercased, repeated headers joined with `, `.
  var headers: [String: String]

  /// The declared body length: 0 without `Content-Length`, `nil` if it is not a non-negative number.
  var contentLength: Int? {
    guard let value = headers["content-length"] else { return 0 }
    guard let length = Int(value.trimmingSpaces), length >= 0 else { return nil }
    return length
  }

  /// Whether the client wants the connection kept open after the response (the HTTP/1.1 default).
  var wantsKeepAlive: Bool {
    let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",").map { String($0).trimmingSpaces }
    if tokens.contains("close") { return false }
    if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
    return true
  }

  /// Whether the client waits for `100 Continue` before sending its body.
  var expectsContinue: Bool { headers["expect"]?.lowercased().trimmingSpaces == "100-continue" }

  /// Where the head ends in `buffer`: the index just past the blank line, or `nil` if it has not all arrived.
  static func end(in buffer: [UInt8]) -> Int? {
    guard buffer.count >= 4 else { return nil }
    for index in 3..<buffer.count
    where buffer[index] == 10 && buffer[index - 1] == 13 && buffer[index - 2] == 10 && buffer[index - 3] == 13 {
      return index + 1
    }
    return nil
  }

  /// Parses the head bytes (request line, header lines, blank line); `nil` if malformed.
  init?(_ bytes: ArraySlice<UInt8>) {
    guard let text = String(bytes: bytes, encoding: .isoLatin1) else { return nil }
    var lines = text.components(separatedBy: "\r\n").drop { $0.isEmpty }
    guard let requestLine = lines.popFirst() else { return nil }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
    method = String(parts[0])
    target = String(parts[1])
    version = String(parts[2])
    headers = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].lowercased()
      let value = String(line[line.index(after: colon)...]).trimmingSpaces
      if let existing = headers[name] {
        headers[name] = existing + ", " + value
      } else {
        headers[name] = value
      }
    }
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
