/// Why a byte sequence is not a JSON text Beacon accepts.
///
/// The fault is structured (``Kind`` and an offset), not a sentence: this module knows no languages, so the
/// layer that talks to people says it in theirs. ``reason`` and ``description`` are English, for logs.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong at ``offset``.
  package enum Kind: Sendable, Equatable {
    /// The text ended where more was needed.
    case unexpectedEndOfInput
    /// A character that cannot start a value.
    case unexpectedCharacter
    /// A word that is not `true`, `false` or `null`.
    case invalidLiteral
    /// An object member that does not start with a quoted key.
    case expectedObjectKey
    /// An object key not followed by `:`.
    case expectedColon
    /// An object member not followed by `,` or `}`.
    case expectedCommaOrClosingBrace
    /// An array element not followed by `,` or `]`.
    case expectedCommaOrClosingBracket
    /// A malformed number.
    case invalidNumber
    /// A number with a leading zero (`01`).
    case leadingZero
    /// A number too large for a `Double`.
    case numberOutOfRange
    /// Arrays and objects nested deeper than the limit.
    case nestedTooDeep(limit: Int)
    /// A string with no closing quote.
    case unterminatedString
    /// A raw control character inside a string.
    case controlCharacterInString
    /// A backslash escape that JSON does not have.
    case invalidEscape
    /// A `\u` escape without four hex digits.
    case invalidUnicodeEscape
    /// A string that is not valid UTF-8.
    case invalidUTF8
    /// More after the one JSON value.
    case dataAfterValue

    /// The kind named `name` (``name``); `limit` completes ``nestedTooDeep(limit:)``.
    package init?(name: String, limit: Int? = nil) {
      let all: [Kind] = [
        .unexpectedEndOfInput, .unexpectedCharacter, .invalidLiteral, .expectedObjectKey, .expectedColon,
        .expectedCommaOrClosingBrace, .expectedCommaOrClosingBracket, .invalidNumber, .leadingZero,
        .numberOutOfRange, .nestedTooDeep(limit: limit ?? 0), .unterminatedString, .controlCharacterInString,
        .invalidEscape, .invalidUnicodeEscape, .invalidUTF8, .dataAfterValue,
      ]
      guard let kind = all.first(where: { $0.name == name }) else { return nil }
      self = kind
    }

    /// A stable machine-readable name, used as `data.reason` on the wire.
    package var name: String {
      switch self {
      case .unexpectedEndOfInput: "unexpectedEndOfInput"
      case .unexpectedCharacter: "unexpectedCharacter"
      case .invalidLiteral: "invalidLiteral"
      case .expectedObjectKey: "expectedObjectKey"
      case .expectedColon: "expectedColon"
      case .expectedCommaOrClosingBrace: "expectedCommaOrClosingBrace"
      case .expectedCommaOrClosingBracket: "expectedCommaOrClosingBracket"
      case .invalidNumber: "invalidNumber"
      case .leadingZero: "leadingZero"
      case .numberOutOfRange: "numberOutOfRange"
      case .nestedTooDeep: "nestedTooDeep"
      case .unterminatedString: "unterminatedString"
      case .controlCharacterInString: "controlCharacterInString"
      case .invalidEscape: "invalidEscape"
      case .invalidUnicodeEscape: "invalidUnicodeEscape"
      case .invalidUTF8: "invalidUTF8"
      case .dataAfterValue: "dataAfterValue"
      }
    }
  }

  /// The byte offset at which parsing stopped.
  package var offset: Int
  /// What was wrong there.
  package var kind: Kind

  /// Creates an error at `offset`.
  package init(offset: Int, kind: Kind) {
    self.offset = offset
    self.kind = kind
  }

  /// A short English explanation, for logs and error `data.detail`.
  package var reason: String {
    switch kind {
    case .unexpectedEndOfInput: "Unexpected end of input"
    case .unexpectedCharacter: "Unexpected character"
    case .invalidLiteral: "Invalid literal"
    case .expectedObjectKey: "Expected an object key"
    case .expectedColon: "Expected ':'"
    case .expectedCommaOrClosingBrace: "Expected ',' or '}'"
    case .expectedCommaOrClosingBracket: "Expected ',' or ']'"
    case .invalidNumber: "Invalid number"
    case .leadingZero: "Leading zeros are not allowed"
    case .numberOutOfRange: "Number out of range"
    case .nestedTooDeep(let limit): "JSON nested deeper than \(limit) levels"
    case .unterminatedString: "Unterminated string"
    case .controlCharacterInString: "Control character in string"
    case .invalidEscape: "Invalid escape sequence"
    case .invalidUnicodeEscape: "Invalid \\u escape"
    case .invalidUTF8: "Invalid UTF-8 in string"
    case .dataAfterValue: "Unexpected data after the JSON value"
    }
  }

  package var description: String { "\(reason) at byte \(offset)" }
}
