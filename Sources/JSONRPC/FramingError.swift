/// A fault in the byte stream that prevented a message from being framed.
///
/// After every fault the framer resynchronises: it skips the body when the length is known and within the
/// limit, and otherwise (a length over the limit included) scans forward for the next `Content-Length` header.
package enum FramingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A header block ended without a `Content-Length` field.
  case missingContentLength
  /// A header block had more than one `Content-Length` field.
  case duplicateContentLength
  /// The `Content-Length` value was not a plain decimal number of bytes (negative, signed, empty, junk or overflowing).
  case invalidContentLength(String)
  /// The `Content-Length` was zero: there is no message to read.
  case zeroContentLength
  /// The message is longer than the configured maximum (reported when its header arrives, before any body).
  case messageTooLarge(length: Int, limit: Int)
  /// A header line was longer than the maximum header line length.
  case headerLineTooLong(limit: Int)
  /// A header block had more fields than allowed.
  case tooManyHeaderFields(limit: Int)
  /// A header line had no `:` separator.
  case malformedHeaderLine(String)
  /// `Content-Type` named a charset other than UTF-8.
  case unsupportedCharset(String)
  /// The input ended in the middle of a message.
  case truncatedMessage

  /// A stable machine-readable name of the fault, used as `data.reason` on the wire.
  package var reason: String {
    switch self {
    case .missingContentLength: "missingContentLength"
    case .duplicateContentLength: "duplicateContentLength"
    case .invalidContentLength: "invalidContentLength"
    case .zeroContentLength: "zeroContentLength"
    case .messageTooLarge: "messageTooLarge"
    case .headerLineTooLong: "headerLineTooLong"
    case .tooManyHeaderFields: "tooManyHeaderFields"
    case .malformedHeaderLine: "malformedHeaderLine"
    case .unsupportedCharset: "unsupportedCharset"
    case .truncatedMessage: "truncatedMessage"
    }
  }

  /// The fault's figures and quoted text, as `data` members (`length`, `limit`, `value`), so a presenter can
  /// say it in the user's language.
  package var details: [String: JSONValue] {
    switch self {
    case .invalidContentLength(let value): ["value": .string(value)]
    case .messageTooLarge(let length, let limit): ["length": .int(length), "limit": .int(limit)]
    case .headerLineTooLong(let limit), .tooManyHeaderFields(let limit): ["limit": .int(limit)]
    case .malformedHeaderLine(let line): ["value": .string(line)]
    case .unsupportedCharset(let charset): ["value": .string(charset)]
    case .missingContentLength, .duplicateContentLength, .zeroContentLength, .truncatedMessage: [:]
    }
  }

  package var description: String {
    switch self {
    case .missingContentLength: "Header block without Content-Length"
    case .duplicateContentLength: "Header block with more than one Content-Length"
    case .invalidContentLength(let value): "Invalid Content-Length '\(value)'"
    case .zeroContentLength: "Content-Length is 0"
    case .messageTooLarge(let length, let limit): "Message of \(length) bytes exceeds the limit of \(limit) bytes"
    case .headerLineTooLong(let limit): "Header line longer than \(limit) bytes"
    case .tooManyHeaderFields(let limit): "More than \(limit) header fields"
    case .malformedHeaderLine(let line): "Header line without ':' ('\(line)')"
    case .unsupportedCharset(let charset): "Unsupported charset '\(charset)'; only utf-8 is accepted"
    case .truncatedMessage: "Input ended in the middle of a message"
    }
  }
}
