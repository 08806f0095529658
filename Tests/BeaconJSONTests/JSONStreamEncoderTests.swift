import Foundation
import Testing

@testable import BeaconJSON

/// `JSONStreamEncoder` writes byte for byte what `JSONValueEncoder` and `JSONWriter` write, streams
/// everything the server answers, and falls back to the tree for what it cannot stream.
@Suite struct JSONStreamEncoderTests {
  struct Leaf: Codable {
    var text: String
    var count: Int
    var ratio: Double
    var flag: Bool
    var note: String?
    var small: Int8?
    var big: UInt64?
    var single: Float?
    var when: Date?
    var raw: JSONValue?
  }

  struct Tree: Codable {
    var zeta: [Leaf]
    var alpha: [String: Int]
    var middle: [[Double]]
    var empty: [Int]
    var emptyObject: [String: String]
    var optionals: [String?]
    var nested: [Tree]
  }

  /// Encodes nothing at all: the tree writes `{}`.
  struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  /// Writes an explicit `null` and a single value holding a whole object.
  struct Explicit: Encodable {
    enum Key: String, CodingKey { case b, a, Z, é, e }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encodeNil(forKey: .b)
      try container.encode(Wrapper(inner: [1, 2]), forKey: .a)
      try container.encode(Nothing(), forKey: .Z)
      try container.encode(UInt.max, forKey: .é)
      try container.encode(Int64.min, forKey: .e)
    }
  }

  struct Wrapper: Encodable {
    var inner: [Int]
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(inner)
    }
  }

  static let strings = [
    "", "plain", "quote \" backslash \\ slash /", "line\nfeed\r\ttab\u{08}\u{0C}", "\u{00}\u{01}\u{1F}\u{7F}",
    "Bokmål og nynorsk: æøå ÆØÅ", "emoji 🧭 and e\u{301} combining", "\u{2028}\u{2029}",
  ]
  static let doubles: [Double] = [
    0, -0.0, 0.1, 1.5, -2.25, 5, 1e15, 1e16, 1e21, 1e-7, 123_456_789.123, .pi, .greatestFiniteMagnitude,
    .leastNonzeroMagnitude, .nan, .infinity, -.infinity, 59.9139, 10.7522,
  ]

  static func leaves() -> [Leaf] {
    var leaves: [Leaf] = []
    for (index, text) in strings.enumerated() {
      for (position, ratio) in doubles.enumerated() where position % strings.count == index || index == 0 {
        leaves.append(
          Leaf(
            text: text,
            count: index * 1000 - 3,
            ratio: ratio,
            flag: index % 2 == 0,
            note: index % 2 == 0 ? text : nil,
            small: index % 3 == 0 ? Int8(-index) : nil,
            big: index % 2 == 1 ? UInt64.max : nil,
            single: index % 2 == 0 ? Float(ratio) : nil,
            when: index % 3 == 1 ? Date(timeIntervalSince1970: 1_795_639_815.123) : nil,
            raw: index % 2 == 0 ? ["k": .array([.null, .bool(true), .largeInteger("18446744073709551616")])] : nil
          )
        )
      }
    }
    return leaves
  }

  static func tree() -> Tree {
    let inner = Tree(
      zeta: Array(leaves().prefix(2)),
      alpha: [:],
      middle: [],
      empty: [],
      emptyObject: [:],
      optionals: [nil],
      nested: []
    )
    return Tree(
      zeta: leaves(),
      alpha: ["b": 2, "a": 1, "ä": 3, "A": 0, "": -1],
      middle: [[0.1, -0.0], [], [1e21]],
      empty: [],
      emptyObject: [:],
      optionals: ["x", nil, "\u{1}"],
      nested: [inner]
    )
  }

  /// The old path: the tree, then the writer.
  static func tree<T: Encodable>(_ value: T) throws -> String {
    String(decoding: JSONWriter.serialize(try JSONValueEncoder().encode(value)), as: UTF8.self)
  }

  /// The new path, which must stream (no fallback).
  static func streamed<T: Encodable>(_ value: T) throws -> String {
    var output: [UInt8] = Array("prefix".utf8)
    #expect(try JSONStreamEncoder().encode(value, into: &output))
    #expect(output.starts(with: "prefix".utf8))
    return String(decoding: output.dropFirst(6), as: UTF8.self)
  }

  @Test func structsWithEveryOptionalPresentAndAbsentAreIdentical() throws {
    for leaf in Self.leaves() { #expect(try Self.streamed(leaf) == Self.tree(leaf)) }
    #expect(try Self.streamed(Self.tree()) == Self.tree(Self.tree()))
  }

  @Test func leavesAtTheTopAreIdentical() throws {
    for text in Self.strings { #expect(try Self.streamed(text) == Self.tree(text)) }
    for number in Self.doubles {
      #expect(try Self.streamed(number) == Self.tree(number))
      #expect(try Self.streamed([number]) == Self.tree([number]))
      #expect(try Self.streamed(["n": number]) == Self.tree(["n": number]))
    }
    #expect(try Self.streamed(Date(timeIntervalSince1970: 0)) == Self.tree(Date(timeIntervalSince1970: 0)))
    #expect(try Self.streamed(JSONValue.object([:])) == "{}")
    #expect(try Self.streamed(true) == "true")
    #expect(try Self.streamed(Optional<Int>.none) == Self.tree(Optional<Int>.none))
    #expect(try Self.streamed([Int]()) == "[]")
    #expect(try Self.streamed([String: Int]()) == "{}")
  }

  @Test func explicitNullsEmptyEncodersAndSingleValuesAreIdentical() throws {
    #expect(try Self.streamed(Nothing()) == "{}")
    #expect(try Self.streamed(Explicit()) == Self.tree(Explicit()))
    #expect(try Self.streamed([Explicit(), Explicit()]) == Self.tree([Explicit(), Explicit()]))
  }

  @Test func aKeyEncodedTwiceOrANestedContainerFallsBackToTheTree() throws {
    var output: [UInt8] = [1, 2]
    #expect(try JSONStreamEncoder().encode(EncoderMemberTests.Twice(), into: &output) == false)
    #expect(output == [1, 2])
    #expect(
      try JSONStreamEncoder().encode(EncoderMemberTests.Twice()) == Array(Self.tree(EncoderMemberTests.Twice()).utf8)
    )
    #expect(try JSONStreamEncoder().encode(["x": [EncoderMemberTests.Twice()]]).count > 0)
    #expect(
      try JSONStreamEncoder().encode(["x": [EncoderMemberTests.Twice()]])
        == Array(Self.tree(["x": [EncoderMemberTests.Twice()]]).utf8)
    )
  }

  struct Failing: Encodable {
    struct Failure: Error {}
    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(1)
      throw Failure()
    }
  }

  @Test func anErrorLeavesTheOutputAsItWas() throws {
    var output: [UInt8] = [7]
    #expect(throws: Failing.Failure.self) { try JSONStreamEncoder().encode([Failing()], into: &output) }
    #expect(output == [7])
  }
}
