/// Members of a params object read by hand, as `decodeIfPresent` reads them through ``JSONValueDecoder`` when they are
/// in their plain shape: absent or `null` is `.some(nil)`, a value of the member's own JSON type `.some(value)`, and
/// anything else (a wrong type, a number that needs converting) `nil`.
///
/// A hand reader (`init(from:)` with ``JSONValueDecoder/value(of:)``) answers only values whose every member is plain
/// and leaves all others to the decoder's containers: the same value, or the same `DecodingError` (field path,
/// message, expected type) as before, so reading by hand cannot change an error, only the cost of a valid value.
package enum JSONPlainMember {
  /// A string member.
  @inline(__always)
  package static func string(_ value: JSONValue?) -> String?? {
    switch value {
    case nil, .null?: return .some(nil)
    case .string(let text)?: return .some(text)
    default: return nil
    }
  }

  /// An integer member, given as an integer literal that fits `Int`.
  @inline(__always)
  package static func int(_ value: JSONValue?) -> Int?? {
    switch value {
    case nil, .null?: return .some(nil)
    case .int(let number)?: return .some(number)
    default: return nil
    }
  }

  /// A number member, given as an integer literal that fits `Int` or as a double.
  @inline(__always)
  package static func double(_ value: JSONValue?) -> Double?? {
    switch value {
    case nil, .null?: return .some(nil)
    case .int(let number)?: return .some(Double(number))
    case .double(let number)?: return .some(number)
    default: return nil
    }
  }

  /// A Boolean member.
  @inline(__always)
  package static func bool(_ value: JSONValue?) -> Bool?? {
    switch value {
    case nil, .null?: return .some(nil)
    case .bool(let flag)?: return .some(flag)
    default: return nil
    }
  }

  /// A string enum member, given as one of its raw values.
  @inline(__always)
  package static func rawValue<Value: RawRepresentable>(_ value: JSONValue?, as type: Value.Type) -> Value??
  where Value.RawValue == String {
    switch value {
    case nil, .null?: return .some(nil)
    case .string(let text)?:
      guard let known = Value(rawValue: text) else { return nil }
      return .some(known)
    default: return nil
    }
  }

  /// An array of strings, every element a string.
  package static func strings(_ value: JSONValue?) -> [String]?? {
    switch value {
    case nil, .null?: return .some(nil)
    case .array(let elements)?:
      var texts: [String] = []
      texts.reserveCapacity(elements.count)
      for element in elements {
        guard case .string(let text) = element else { return nil }
        texts.append(text)
      }
      return .some(texts)
    default: return nil
    }
  }
}
