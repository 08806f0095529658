/// A string that is none of the values a type with a fixed list of them takes (a `CaseIterable` enum whose raw
/// values are strings): the underlying error of the `DecodingError` ``JSONValueDecoder`` throws for it, so that
/// the error can name the valid values.
package struct InvalidChoice: Error, Equatable, CustomStringConvertible {
  /// The string given.
  package let value: String
  /// The values the type takes, in their declared order.
  package let valid: [String]

  package var description: String {
    "'\(value)' is not a valid value; valid values: \(valid.joined(separator: ", "))"
  }

  /// The raw values of `type` when it is a `CaseIterable` enum of strings; `nil` for any other type.
  static func choices(of type: Any.Type) -> [String]? {
    guard let cases = type as? any CaseIterable.Type else { return nil }
    return rawStrings(of: cases)
  }

  private static func rawStrings<C: CaseIterable>(of type: C.Type) -> [String]? {
    let values = C.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
    return values.isEmpty || values.count != C.allCases.count ? nil : values
  }
}
