import Testing

@testable import BeaconJSON

/// `JSONValueEncoder` keeps an object's members as a list while encoding: a key encoded again still
/// replaces the earlier value, whatever kind either value is.
@Suite struct EncoderMemberTests {
  struct Twice: Encodable {
    enum Key: String, CodingKey { case a, b, c }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode("first", forKey: .a)
      try container.encode(1, forKey: .b)
      var nested = container.nestedContainer(keyedBy: Key.self, forKey: .c)
      try nested.encode(true, forKey: .a)
      try container.encode(2.5, forKey: .a)
      try container.encodeNil(forKey: .b)
      try container.encode(["x"], forKey: .c)
    }
  }

  @Test func theLastValueOfAKeyWins() throws {
    #expect(try JSONValueEncoder().encode(Twice()) == .object(["a": .double(2.5), "b": .null, "c": .array(["x"])]))
  }
}
