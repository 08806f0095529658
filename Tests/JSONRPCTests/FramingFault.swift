import Testing

@testable import JSONRPC

// Inputs for the framer tests: helpers that frame and split bytes, and every framing fault with its error.

typealias Event = MessageFramer.Event
typealias Limits = MessageFramer.Limits

func bytes(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// `body` framed with a Content-Length header counting its UTF-8 bytes.
func framed(_ body: String) -> [UInt8] {
  bytes("Content-Length: \(body.utf8.count)\r\n\r\n") + bytes(body)
}

/// Feeds `chunks` to a fresh framer, then ends the input, and returns every event in order.
func events(
  _ chunks: [[UInt8]],
  framing: MessageFramer.Framing = .automatic,
  limits: Limits = Limits()
) -> [Event] {
  var framer = MessageFramer(framing: framing, limits: limits)
  var events: [Event] = []
  for chunk in chunks {
    events += framer.push(chunk)
  }
  return events + framer.finish()
}

/// `input` cut into single bytes.
func byteByByte(_ input: [UInt8]) -> [[UInt8]] {
  input.map { [$0] }
}

/// Every way of cutting `input` into two chunks (including an empty first or last chunk).
func twoChunkSplits(_ input: [UInt8]) -> [[[UInt8]]] {
  (0...input.count).map { [Array(input[..<$0]), Array(input[$0...])] }
}

/// Every way of cutting `input` into three chunks.
func threeChunkSplits(_ input: [UInt8]) -> [[[UInt8]]] {
  var splits: [[[UInt8]]] = []
  for first in 0...input.count {
    for second in first...input.count {
      splits.append([Array(input[..<first]), Array(input[first..<second]), Array(input[second...])])
    }
  }
  return splits
}

let validBody = #"{"id":1}"#

/// A framing fault followed by a valid message, with the one error it must produce.
struct FramingFault: Sendable, CustomTestStringConvertible {
  var name: String
  var input: String
  var error: FramingError
  var limits = MessageFramer.Limits()

  var testDescription: String { name }
}

let faults: [FramingFault] = [
  FramingFault(
    name: "missing Content-Length",
    input: "Content-Type: application/vscode-jsonrpc\r\n\r\n{\"a\":1}",
    error: .missingContentLength
  ),
  FramingFault(
    name: "duplicate Content-Length",
    input: "Content-Length: 7\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
    error: .duplicateContentLength
  ),
  FramingFault(
    name: "conflicting Content-Length",
    input: "Content-Length: 7\r\ncontent-length: 3\r\n\r\n{\"a\":1}",
    error: .duplicateContentLength
  ),
  FramingFault(
    name: "non-numeric Content-Length",
    input: "Content-Length: seven\r\n\r\n{\"a\":1}",
    error: .invalidContentLength("seven")
  ),
  FramingFault(
    name: "negative Content-Length",
    input: "Content-Length: -5\r\n\r\nhello",
    error: .invalidContentLength("-5")
  ),
  FramingFault(
    name: "signed Content-Length",
    input: "Content-Length: +5\r\n\r\nhello",
    error: .invalidContentLength("+5")
  ),
  FramingFault(
    name: "overflowing Content-Length",
    input: "Content-Length: 99999999999999999999999999\r\n\r\n{}",
    error: .invalidContentLength("99999999999999999999999999")
  ),
  FramingFault(
    name: "empty Content-Length",
    input: "Content-Length:\r\n\r\n{}",
    error: .invalidContentLength("")
  ),
  FramingFault(
    name: "fractional Content-Length",
    input: "Content-Length: 7.0\r\n\r\n{\"a\":1}",
    error: .invalidContentLength("7.0")
  ),
  FramingFault(
    name: "Content-Length with inner space",
    input: "Content-Length: 1 2\r\n\r\n{\"a\":1}",
    error: .invalidContentLength("1 2")
  ),
  FramingFault(
    name: "zero Content-Length",
    input: "Content-Length: 0\r\n\r\n",
    error: .zeroContentLength
  ),
  FramingFault(
    name: "length above the cap",
    input: "Content-Length: 20\r\n\r\n{\"a\":\"0123456789ab\"}",
    error: .messageTooLarge(length: 20, limit: 16),
    limits: Limits(maxMessageBytes: 16)
  ),
  FramingFault(
    name: "header line without colon",
    input: "garbage without colon\r\n",
    error: .malformedHeaderLine("garbage without colon")
  ),
  FramingFault(
    name: "header line without colon inside a header block",
    input: "Content-Length: 7\r\nnot a header\r\n\r\n{\"a\":1}",
    error: .malformedHeaderLine("not a header")
  ),
  FramingFault(
    name: "binary garbage between messages",
    input: "\u{1}\u{2}}]junk\n",
    error: .malformedHeaderLine("\u{1}\u{2}}]junk")
  ),
  FramingFault(
    name: "header line longer than the cap",
    input: "X-Long: " + String(repeating: "a", count: 100) + "\r\n\r\n{\"a\":1}",
    error: .headerLineTooLong(limit: 32),
    limits: Limits(maxHeaderLineBytes: 32)
  ),
  FramingFault(
    name: "too many header fields",
    input: "Content-Length: 7\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n{\"a\":1}",
    error: .tooManyHeaderFields(limit: 3),
    limits: Limits(maxHeaderFields: 3)
  ),
  FramingFault(
    name: "unsupported charset",
    input: "Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n{\"a\":1}",
    error: .unsupportedCharset("latin1")
  ),
  FramingFault(
    name: "unsupported quoted charset before Content-Length",
    input: "Content-Type: text/plain; charset=\"ISO-8859-1\"\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
    error: .unsupportedCharset("iso-8859-1")
  ),
]
