/// A member of a JSON object, named by a string (the members a feature's option adds).
struct MemberKey: CodingKey, Hashable, ExpressibleByStringLiteral {
  /// The member's name.
  let stringValue: String
  /// Members are named, never numbered.
  var intValue: Int? { nil }

  /// The member called `name`.
  init(_ name: String) {
    stringValue = name
  }

  /// The member called `stringValue`.
  init(stringValue: String) {
    self.init(stringValue)
  }

  /// No member: members are named.
  init?(intValue: Int) {
    nil
  }

  /// The member whose name is written out.
  init(stringLiteral name: String) {
    self.init(name)
  }
}
