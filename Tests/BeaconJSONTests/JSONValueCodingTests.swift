import Testing

@testable import BeaconJSON

private enum Colour: String, Codable, Equatable {
  case red
  case deepBlue = "deep-blue"
}

private enum Size: String, Codable, Equatable, CaseIterable {
  case small, large = "LARGE"
}

private struct Order: Codable, Equatable {
  var size: Size
  var sizes: [Size]?
  var colour: Colour?
}

private enum Priority: Int, Codable, Equatable {
  case low = 1
  case high = 9
}

private struct Tag: Codable, Equatable {
  var name: String
  var weight: Double?
}

private struct Record: Codable, Equatable {
  var id: Int
  var title: String
  var note: String?
  var enabled: Bool
  var ratio: Double
  var colour: Colour
  var priority: Priority?
  var tags: [Tag]
  var matrix: [[Int]]
  var attributes: [String: [String]]
  var small: Int8
  var unsigned: UInt64
  var extra: JSONValue?
}

private struct Leaf: Codable, Equatable {
  var c: Int
}

private struct Middle: Codable, Equatable {
  var b: [Leaf]
}

private struct Root: Codable, Equatable {
  var a: Middle
}

private struct Counts: Codable, Equatable {
  var count: Int
}

private struct Holder: Codable, Equatable {
  var payload: JSONValue
  var list: [JSONValue]
}

@Suite struct JSONValueCodingTests {
  private let encoder = JSONValueEncoder()
  private let decoder = JSONValueDecoder()

  /// The coding path of `error` (plus the missing key), written as a dotted path with `[index]`s.
  private func field(_ error: DecodingError) -> String? {
    let keys: [any CodingKey]
    switch error {
    case .keyNotFound(let key, let context): keys = context.codingPath + [key]
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      keys = context.codingPath
    @unknown default: return nil
    }
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }

  private func fullRecord() -> Record {
    Record(
      id: 7,
      title: "Fjord æøå 😀",
      note: "a note",
      enabled: true,
      ratio: 0.75,
      colour: .deepBlue,
      priority: .high,
      tags: [Tag(name: "a", weight: 1.5), Tag(name: "b", weight: nil)],
      matrix: [[1, 2], [], [3]],
      attributes: ["x": ["1", "2"], "y": []],
      small: -8,
      unsigned: UInt64.max,
      extra: ["any": [1, "two", nil]]
    )
  }

  @Test func roundTripsCodableStructs() throws {
    let record = fullRecord()
    let encoded = try encoder.encode(record)
    #expect(try decoder.decode(Record.self, from: encoded) == record)
  }

  @Test func roundTripsThroughJSONText() throws {
    let record = fullRecord()
    let text = JSONWriter.serialize(try encoder.encode(record))
    #expect(try decoder.decode(Record.self, from: JSONParser.parse(text)) == record)
  }

  @Test func encodesFieldsAsTheirJSONShapes() throws {
    let encoded = try encoder.encode(fullRecord())
    #expect(encoded["colour"] == .string("deep-blue"))
    #expect(encoded["priority"] == .int(9))
    #expect(encoded["tags"] == [["name": "a", "weight": 1.5], ["name": "b"]])
    #expect(encoded["matrix"] == [[1, 2], [], [3]])
    #expect(encoded["unsigned"] == .largeInteger("18446744073709551615"))
    #expect(encoded["extra"] == ["any": [1, "two", nil]])
  }

  @Test func omitsNilOptionalsWhenEncoding() throws {
    var record = fullRecord()
    record.note = nil
    record.priority = nil
    record.extra = nil
    let encoded = try encoder.encode(record)
    let keys = Set(encoded.objectValue?.keys.map { $0 } ?? [])
    #expect(!keys.contains("note"))
    #expect(!keys.contains("priority"))
    #expect(!keys.contains("extra"))
    #expect(keys.contains("title"))
    #expect(try decoder.decode(Record.self, from: encoded) == record)
  }

  @Test func decodesMissingAndNullOptionalsAsNil() throws {
    let tags = try decoder.decode([Tag].self, from: [["name": "a"], ["name": "b", "weight": nil]])
    #expect(tags == [Tag(name: "a", weight: nil), Tag(name: "b", weight: nil)])
  }

  @Test func reportsAMissingKeyWithItsPath() {
    let value: JSONValue = ["a": ["b": [["c": 1], ["c": 2], [:]]]]
    do {
      _ = try decoder.decode(Root.self, from: value)
      Issue.record("Decoding should have failed")
    } catch let error as DecodingError {
      guard case .keyNotFound(let key, let context) = error else {
        Issue.record("Expected keyNotFound, got \(error)")
        return
      }
      #expect(key.stringValue == "c")
      #expect(context.codingPath.map(\.stringValue) == ["a", "b", "2"])
      #expect(field(error) == "a.b[2].c")
    } catch {
      Issue.record("Unexpected error \(error)")
    }
  }

  @Test func reportsATypeMismatchWithTheNestedPath() {
    let value: JSONValue = ["a": ["b": [["c": 1], ["c": 2], ["c": "three"]]]]
    do {
      _ = try decoder.decode(Root.self, from: value)
      Issue.record("Decoding should have failed")
    } catch let error as DecodingError {
      guard case .typeMismatch(_, let context) = error else {
        Issue.record("Expected typeMismatch, got \(error)")
        return
      }
      #expect(context.codingPath.map(\.stringValue) == ["a", "b", "2", "c"])
      #expect(context.codingPath.map(\.intValue) == [nil, nil, 2, nil])
      #expect(field(error) == "a.b[2].c")
    } catch {
      Issue.record("Unexpected error \(error)")
    }
  }

  @Test func reportsAWrongContainerTypeWithItsPath() {
    let value: JSONValue = ["a": ["b": ["c": 1]]]
    do {
      _ = try decoder.decode(Root.self, from: value)
      Issue.record("Decoding should have failed")
    } catch let error as DecodingError {
      guard case .typeMismatch = error else {
        Issue.record("Expected typeMismatch, got \(error)")
        return
      }
      #expect(field(error) == "a.b")
    } catch {
      Issue.record("Unexpected error \(error)")
    }
  }

  @Test func decodesIntegralDoublesAsIntegers() throws {
    #expect(try decoder.decode(Counts.self, from: ["count": 5.0]) == Counts(count: 5))
    #expect(try decoder.decode(Int.self, from: .double(-3.0)) == -3)
  }

  @Test(arguments: [
    JSONValue.double(5.5), .double(1e300), .string("5"), .bool(true), .null,
    .largeInteger("1" + String(repeating: "0", count: 30)),
  ])
  func rejectsNonIntegralValuesAsIntegers(value: JSONValue) {
    #expect(throws: DecodingError.self) { try decoder.decode(Counts.self, from: ["count": value]) }
  }

  @Test func rejectsIntegersOutOfRangeForTheTargetType() throws {
    #expect(throws: DecodingError.self) { try decoder.decode(Int8.self, from: .int(200)) }
    #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: .int(-1)) }
    #expect(try decoder.decode(UInt8.self, from: .int(200)) == 200)
  }

  @Test func decodesUnsignedIntegersAboveIntMax() throws {
    let big = UInt64(Int.max) + 1
    #expect(try encoder.encode(big) == .largeInteger("9223372036854775808"))
    #expect(try decoder.decode(UInt64.self, from: .largeInteger("9223372036854775808")) == big)
    #expect(try decoder.decode(UInt64.self, from: JSONParser.parse(Array("18446744073709551615".utf8))) == .max)
    #expect(throws: DecodingError.self) { try decoder.decode(UInt64.self, from: .largeInteger("18446744073709551616")) }
    #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: .largeInteger("9223372036854775808")) }
  }

  @Test func decodesIntegersAsDoubles() throws {
    #expect(try decoder.decode(Double.self, from: .int(5)) == 5.0)
    #expect(try decoder.decode(Tag.self, from: ["name": "n", "weight": 2]) == Tag(name: "n", weight: 2))
  }

  @Test func rejectsUnknownEnumRawValues() {
    #expect(throws: DecodingError.self) { try decoder.decode(Colour.self, from: "green") }
    #expect(throws: DecodingError.self) { try decoder.decode(Priority.self, from: 5) }
  }

  @Test func decodesAndEncodesJSONValueDirectly() throws {
    let value: JSONValue = ["id": .largeInteger("123456789012345678901234567890"), "list": [1.5, nil, "x"]]
    #expect(try decoder.decode(JSONValue.self, from: value) == value)
    #expect(try encoder.encode(value) == value)
  }

  @Test func keepsNestedJSONValuesExactlyInsideCodableTypes() throws {
    let large = JSONValue.largeInteger("123456789012345678901234567890")
    let holder = Holder(payload: ["big": large, "whole": 1.0], list: [large, .double(2.0), .int(3)])
    let encoded = try encoder.encode(holder)
    #expect(encoded == ["payload": ["big": large, "whole": .double(1.0)], "list": [large, .double(2.0), .int(3)]])
    #expect(try decoder.decode(Holder.self, from: encoded) == holder)
  }

  @Test func encodesSingleValues() throws {
    #expect(try encoder.encode(Colour.red) == "red")
    #expect(try encoder.encode([1, 2]) == [1, 2])
    #expect(try encoder.encode(Int?.none) == .null)
  }

  /// A string none of a `CaseIterable` string enum's values: `dataCorrupted` at its path, with the values as the
  /// underlying ``InvalidChoice``; an enum that does not list its cases keeps the standard library's error.
  @Test func aValueOutsideAFixedListNamesTheValidValues() throws {
    let order = try decoder.decode(Order.self, from: ["size": "LARGE", "sizes": ["small"]])
    #expect(order == Order(size: .large, sizes: [.small]))
    let cases: [(JSONValue, String, String)] = [
      (["size": "large"], "size", "large"),
      (["size": "small", "sizes": ["small", "huge"]], "sizes[1]", "huge"),
    ]
    for (value, path, given) in cases {
      let error = try #require(throws: DecodingError.self) { try decoder.decode(Order.self, from: value) }
      guard case .dataCorrupted(let context) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(field(error) == path)
      #expect(context.underlyingError as? InvalidChoice == InvalidChoice(value: given, valid: ["small", "LARGE"]))
      #expect(context.debugDescription == "'\(given)' is not a valid value; valid values: small, LARGE")
    }
    let plain = try #require(throws: DecodingError.self) {
      try decoder.decode(Order.self, from: ["size": "small", "colour": "green"])
    }
    guard case .dataCorrupted(let context) = plain else {
      Issue.record("\(plain)")
      return
    }
    #expect(field(plain) == "colour")
    #expect(context.underlyingError == nil)
    #expect(throws: DecodingError.self) { try decoder.decode(Order.self, from: ["size": 1]) }
  }

  /// A number too large for the type that reads it is out of range (`NumberOutOfRange`), not of another kind; a
  /// fraction read as an integer is of the wrong kind.
  @Test func aNumberBeyondItsTypeIsOutOfRange() {
    func outOfRange<T: Decodable>(_ type: T.Type, _ value: JSONValue) -> NumberOutOfRange? {
      do {
        _ = try JSONValueDecoder().decode(type, from: value)
      } catch DecodingError.dataCorrupted(let context) {
        return context.underlyingError as? NumberOutOfRange
      } catch {
        return nil
      }
      return nil
    }
    #expect(outOfRange(Double.self, .exactNumber("1e400")) == NumberOutOfRange(expected: "number"))
    #expect(outOfRange(Double.self, .exactNumber("-1E+999")) == NumberOutOfRange(expected: "number"))
    #expect(outOfRange(Int.self, .double(1e30)) == NumberOutOfRange(expected: "integer"))
    #expect(outOfRange(Int.self, .largeInteger("99999999999999999999")) == NumberOutOfRange(expected: "integer"))
    #expect(outOfRange(UInt8.self, .int(300)) == NumberOutOfRange(expected: "integer"))
    #expect(outOfRange(UInt8.self, .int(-1)) == NumberOutOfRange(expected: "integer"))
    #expect(outOfRange(Int.self, .double(2.5)) == nil)
    #expect(outOfRange(Int.self, .string("7")) == nil)
    #expect((try? JSONValueDecoder().decode(Double.self, from: .exactNumber("1e308"))) == 1e308)
  }
}
