import BeaconJSON
import Foundation

extension JSONSchemaValidator {
  // MARK: - References

  /// The value `reference` (`#` or `#/json/pointer`) points to in ``root``, or `nil`.
  func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#"), let fragment = String(reference.dropFirst()).removingPercentEncoding else {
      return nil
    }
    if fragment.isEmpty { return root }
    guard fragment.hasPrefix("/") else { return nil }
    var current = root
    for rawToken in fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      let token = rawToken.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      switch current {
      case .object(let members):
        guard let next = members[token] else { return nil }
        current = next
      case .array(let elements):
        guard token == "0" || (token.first != "0" && token.allSatisfy({ $0.isASCII && $0.isNumber })),
          let index = Int(token),
          elements.indices.contains(index)
        else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  // MARK: - Values

  /// Whether `instance` is of the JSON Schema type `name`.
  static func instance(_ instance: JSONValue, hasType name: String) -> Bool {
    switch (name, instance) {
    case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object):
      return true
    case ("integer", .int), ("integer", .largeInteger), ("number", .int), ("number", .largeInteger),
      ("number", .double), ("number", .exactNumber):
      return true
    case ("integer", .double(let value)):
      return value.isFinite && value.rounded(.towardZero) == value
    default:
      return false
    }
  }

  /// Whether `value` is a number of any kind.
  static func isNumber(_ value: JSONValue) -> Bool {
    instance(value, hasType: "number")
  }

  /// JSON Schema equality: numbers by value (`1 == 1.0`), Booleans never equal to numbers, containers deeply.
  static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    case (.object(let left), .object(let right)):
      return left.count == right.count
        && left.allSatisfy { key, value in right[key].map { equal(value, $0) } ?? false }
    default:
      if isNumber(lhs) && isNumber(rhs) { return compare(lhs, rhs) == 0 }
      return lhs == rhs
    }
  }

  /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`; `nil` unless both are numbers.
  ///
  /// Two integers (`.int` or `.largeInteger`) compare exactly; anything involving a `.double` compares as `Double`.
  static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
    if let left = exactInteger(lhs), let right = exactInteger(rhs) {
      if left.negative != right.negative { return left.negative ? -1 : 1 }
      let magnitude =
        left.digits.count != right.digits.count
        ? (left.digits.count < right.digits.count ? -1 : 1)
        : (left.digits == right.digits ? 0 : (left.digits < right.digits ? -1 : 1))
      return left.negative ? -magnitude : magnitude
    }
    guard isNumber(lhs), isNumber(rhs), let left = lhs.doubleValue, let right = rhs.doubleValue else { return nil }
    return left < right ? -1 : (left > right ? 1 : 0)
  }

  /// An integer as its sign and decimal digits without leading zeros (zero is `"0"`, never negative).
  static func exactInteger(_ value: JSONValue) -> (negative: Bool, digits: String)? {
    let text: String
    switch value {
    case .int(let number): text = String(number)
    case .largeInteger(let literal): text = literal
    default: return nil
    }
    let negative = text.hasPrefix("-")
    let digits = String(text.drop(while: { $0 == "-" || $0 == "0" }))
    guard !digits.isEmpty else { return (false, "0") }
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return (negative, digits)
  }

  /// The JSON type name of `value`, for messages (`integer` for integral numbers).
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "boolean"
    case .int, .largeInteger: return "integer"
    case .double, .exactNumber: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// A short JSON-like rendering of `value` for messages.
  static func render(_ value: JSONValue) -> String {
    let text: String
    switch value {
    case .null: text = "null"
    case .bool(let flag): text = String(flag)
    case .int(let number): text = String(number)
    case .largeInteger(let literal), .exactNumber(let literal): text = literal
    case .double(let number): text = String(number)
    case .string(let string):
      text =
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case .array(let elements): text = "[" + elements.map(render).joined(separator: ", ") + "]"
    case .object(let members):
      text =
        "{"
        + members.sorted(by: { $0.key < $1.key }).map { "\"\($0.key)\": \(render($0.value))" }
        .joined(separator: ", ") + "}"
    }
    return text.count > 80 ? String(text.prefix(77)) + "..." : text
  }

  /// The first violation of each failed alternative, for `anyOf`/`oneOf` messages.
  static func summarize(_ outcomes: [[SchemaViolation]]) -> String {
    outcomes.enumerated().map { index, violations in
      "[\(index)] " + (violations.first.map(\.description) ?? "ok")
        + (violations.count > 1 ? " (+\(violations.count - 1))" : "")
    }
    .joined(separator: "; ")
  }

  // MARK: - Strings

  /// Whether `regex` finds a match anywhere in `text` (JSON Schema patterns are not anchored).
  static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
    regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and `Z` in either case, real calendar
  /// dates, and a leap second (`:60`) allowed.
  static func isDateTime(_ text: String) -> Bool {
    let pattern = #"^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return false }
    func number(_ group: Int) -> Int? {
      guard let range = Range(match.range(at: group), in: text) else { return nil }
      return Int(text[range])
    }
    guard let year = number(1), let month = number(2), let day = number(3), let hour = number(4),
      let minute = number(5), let second = number(6)
    else { return false }
    let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...daysInMonth[month - 1]).contains(day), hour <= 23, minute <= 59,
      second <= 60
    else { return false }
    if let offsetHours = number(9), let offsetMinutes = number(10) {
      return offsetHours <= 23 && offsetMinutes <= 59
    }
    return true
  }

  /// `uri`: an absolute URI, i.e. a scheme (`letter *( letter / digit / "+" / "-" / "." ) ":"`), and no whitespace
  /// or control characters.
  static func isURI(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return false }
    return !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
  }
}
