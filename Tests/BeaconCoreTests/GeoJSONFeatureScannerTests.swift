import BeaconJSON
import Foundation
import Testing

@testable import BeaconCore

/// `GeoJSONFeatureScanner` against the reading it replaces for GeoJSONSeq records: `JSONParser.parse` into a
/// `JSONValue`, then `OSMFeatureReader.feature(_:)`. Every record must give the same error (kind and byte offset),
/// or the same "not a feature", or a feature with the same identity, geometry and the same tags (those something
/// reads).
@Suite struct GeoJSONFeatureScannerTests {
  /// What a record gives, comparably.
  enum Outcome: Equatable, CustomStringConvertible {
    case invalid(JSONParseError)
    case notFeature
    case feature(tags: [String: JSONValue], identity: String?, geometry: JSONValue?)

    var description: String {
      switch self {
      case .invalid(let error): "invalid(\(error))"
      case .notFeature: "notFeature"
      case .feature(let tags, let identity, let geometry):
        "feature(\(JSONValue.object(tags)), \(identity ?? "-"), \(geometry.map { "\($0)" } ?? "-"))"
      }
    }

    init(_ feature: OSMFeature) {
      self = .feature(
        tags: feature.tags.dictionary,
        identity: feature.identity.map { "\($0.type)/\($0.id)" },
        geometry: feature.geoJSONGeometry
      )
    }
  }

  static var reader: OSMFeatureReader { OSMFeatureReader(input: .bytes([], name: "test"), maxBytes: .max) }

  /// The old reading: the whole record parsed, then the feature taken from the value.
  static func reference(_ bytes: [UInt8]) -> Outcome {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      return .invalid(error)
    }
    do {
      return Outcome(try reader.feature(value))
    } catch {
      return .notFeature
    }
  }

  /// The scanner's reading.
  static func scanned(_ bytes: [UInt8]) -> Outcome {
    let result: Result<GeoJSONFeatureScanner.Scanned, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(JSONParseError) {
        return .success(try GeoJSONFeatureScanner.scan(buffer))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .failure(let error): return .invalid(error)
    case .success(let scanned):
      do {
        return Outcome(try reader.feature(scanned))
      } catch {
        return .notFeature
      }
    }
  }

  /// Records of real features: the Helsinki demo data's and the fuzz corpus's (osmium's GeoJSON and GeoJSONSeq).
  static func helsinkiRecords() throws -> [[UInt8]] {
    var records: [[UInt8]] = []
    let demo = try JSONParser.parse(Array(DemoDataset.geoJSON.utf8))
    for feature in demo["features"]?.arrayValue ?? [] { records.append(Array(feature.description.utf8)) }
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/geojson")
    for name in ["osmium-nodes.geojson", "osmium-relation.geojson", "overpass-turbo.geojson"] {
      let document = try JSONParser.parse(Array(try Data(contentsOf: corpus.appendingPathComponent(name))))
      for feature in document["features"]?.arrayValue ?? [] { records.append(Array(feature.description.utf8)) }
    }
    let sequence = try Data(contentsOf: corpus.appendingPathComponent("osmium-ways.geojsonseq"))
    for line in sequence.split(separator: 0x0A) where !line.isEmpty { records.append(Array(line)) }
    return records
  }

  /// Hand-made records at the edges: escapes, Unicode keys Swift compares as equal, duplicates, odd types, nesting.
  static let edgeRecords: [String] = [
    #"{"type":"Feature","properties":{"n\u0061me":"A","amenity":"cafe","\u0074ags":{"name":"B"}}}"#,
    #"{"type":"Feature","properties":{"name:caf\u00e9":"x","name:cafe\u0301":"y","name:\u212A":"k","name:K":"K"}}"#,
    "{\"type\":\"Feature\",\"properties\":{\"name:caf\u{E9}\":\"x\",\"name:cafe\u{301}\":\"y\",\"amenity\":\"cafe\"}}",
    #"{"type":"Feature","properties":{"name":"A","name":"B","tags":{"name":"C"},"tags":"none"}}"#,
    #"{"type":"Feature","properties":{"name":"A","tags":{"name":"C"}},"properties":{"amenity":"bar"}}"#,
    #"{"type":"Feature","properties":null}"#,
    #"{"type":"Feature","properties":[1,2]}"#,
    #"{"type":"Feature","geometry":null}"#,
    #"{"type":["Feature"],"properties":{}}"#,
    #"{"type":"Feature","type":"FeatureCollection","properties":{}}"#,
    #"{"type":"Feature","id":"node/5","id":7,"properties":{"@type":"way","@id":3.0,"type":"node","id":"9"}}"#,
    #"{"type":"Feature","id":"a7","properties":{"name":5,"amenity":true,"tourism":null,"cuisine":{"a":[1]}}}"#,
    #"{"t\u0079pe":"Feature","\u0069d":"w3","prop\u0065rties":{"amenity":"restaurant","name":"\ud800x\udc00"}}"#,
    #"{"type":"Feature","properties":{"other":"\ud83d\ude00","x":1e400}}"#,
    #"{"type":"Feature","properties":{"other":1.5e308,"y":-0,"z":123456789012345678901234567890}}"#,
    #"{"type":"Feature","properties":{"other":01}}"#,
    #"{"type":"Feature","properties":{"other":1.},"name":"x"}"#,
    #"{"type":"Feature","properties":{"other":"bad \q escape"}}"#,
    #"{"type":"Feature","properties":{"other":"\u12G4"}}"#,
    #"{"type":"Feature","properties":{"other":tru}}"#,
    #"{"type":"Feature","properties":{"other":[1,2,}}"#,
    #"{"type":"Feature","properties":{"other":{"a" 1}}}"#,
    #"{"type":"Feature","properties":{"other":{1:2}}}"#,
    #"{"type":"Feature","properties":{"other":[1 2]}}"#,
    #"{"type":"Feature","properties":{}} x"#,
    #"  {"type":"Feature","properties":{}}  "#,
    #"["type","Feature"]"#,
    #""Feature""#,
    "12",
    "",
    "   ",
    #"{}"#,
    #"{"type":"Feature","properties":{"other":"tab\there"}}"#,
    "{\"type\":\"Feature\",\"properties\":{\"other\":\"raw\ttab\"}}",
    "{\"type\":\"Feature\",\"properties\":{\"name\":\"raw\u{1}control\"}}",
  ]

  /// Records with bytes no string literal holds: invalid UTF-8 in skipped and kept values and in keys.
  static let byteRecords: [[UInt8]] = {
    let head = Array(#"{"type":"Feature","properties":{"#.utf8)
    let tail = Array("}}".utf8)
    let invalid: [[UInt8]] = [
      [0xC3], [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF0, 0x9F, 0x98], [0xFF], [0xC0, 0xAF], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBB, 0xBF],
    ]
    var records: [[UInt8]] = []
    for bytes in invalid {
      records.append(head + Array(#""other":"a"#.utf8) + bytes + Array(#"b"}}"#.utf8))
      records.append(head + Array(#""name":"a"#.utf8) + bytes + Array(#"b"}}"#.utf8))
      records.append(head + Array(#""x"#.utf8) + bytes + Array(#"":1"#.utf8) + tail)
      records.append(head + Array(#""other":"a\n"#.utf8) + bytes + Array(#"b"}}"#.utf8))
    }
    return records
  }()

  /// Nesting past the parser's limit, in a skipped member, in a kept tag, in the geometry and in nested `tags`.
  static let deepRecords: [String] = {
    let deep = String(repeating: "[", count: 520) + String(repeating: "]", count: 520)
    let justDeepEnough = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
    return [
      #"{"type":"Feature","properties":{"other":\#(deep)}}"#,
      #"{"type":"Feature","properties":{"name":\#(deep)}}"#,
      #"{"type":"Feature","geometry":\#(deep),"properties":{}}"#,
      #"{"type":"Feature","properties":{"tags":{"other":\#(deep)}}}"#,
      #"{"type":"Feature","properties":{"tags":{"other":\#(justDeepEnough)}}}"#,
      #"{"type":"Feature","properties":{"tags":{"name":\#(justDeepEnough)}}}"#,
      #"{"type":"Feature","other":\#(justDeepEnough),"properties":{}}"#,
    ]
  }()

  /// A deterministic generator (SplitMix64), so that a failure can be run again.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Random features from pieces: kept, identity, skipped and escaped keys, values of every type.
  static func generatedRecords(count: Int, generator: inout Generator) -> [[UInt8]] {
    let keys = [
      "name", "amenity", "tourism", "cuisine", "addr:street", "addr:city", "name:fi", "diet:vegan", "@id", "@type",
      "id", "type", "tags", "building", "operator", "n\\u0061me", "\\u0074ags", "name:caf\\u00e9", "wheelchair",
      "opening_hours", "website", "x\\ny", "caf\u{E9}", "cafe\u{301}", "",
    ]
    let values = [
      #""restaurant""#, #""cafe""#, #""hotel""#, #"" Café ""#, #""a\"b\\c\/d\u00e9\ud83d\ude00""#, "12", "-3.5e2",
      "1e999", "true", "null", #"{"name":"N","amenity":"cafe"}"#, "[1,[2,{}]]", #""node""#, #""w12""#, "7",
      #""\u0000""#, "0.0", "-0", "123456789012345678901234567890",
    ]
    let geometries = [
      #"{"type":"Point","coordinates":[24.9,60.1]}"#, "null", #"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#,
      #"{"type":"Point"}"#, "[]",
    ]
    var records: [[UInt8]] = []
    for _ in 0..<count {
      var members: [String] = []
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        let key = keys.randomElement(using: &generator) ?? ""
        let value = values.randomElement(using: &generator) ?? "null"
        members.append("\"\(key)\":\(value)")
      }
      var top = [#""type":"Feature""#, #""properties":{\#(members.joined(separator: ","))}"#]
      if Bool.random(using: &generator) {
        top.append(#""geometry":\#(geometries.randomElement(using: &generator) ?? "null")"#)
      }
      if Bool.random(using: &generator) { top.append(#""id":\#(values.randomElement(using: &generator) ?? "1")"#) }
      top.shuffle(using: &generator)
      records.append(Array("{\(top.joined(separator: ", "))}".utf8))
    }
    return records
  }

  /// `record` with a few random bytes changed, inserted or removed (bytes that matter to JSON, or to UTF-8).
  static func mutated(_ record: [UInt8], generator: inout Generator) -> [UInt8] {
    let alphabet = Array(#"{}[]",:\ 0123456789eE.-+tfnu"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xA9, 0xED, 0xF4, 0xFF]
    var bytes = record
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let byte = alphabet.randomElement(using: &generator) ?? 0
      let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where !bytes.isEmpty: bytes[index] = byte
      case 1: bytes.insert(byte, at: index)
      default: if !bytes.isEmpty { bytes.remove(at: index) }
      }
    }
    return bytes
  }

  static func expectSame(_ records: [[UInt8]]) {
    var differences = 0
    for record in records {
      let expected = reference(record)
      let actual = scanned(record)
      if expected != actual {
        differences += 1
        if differences <= 5 {
          Issue.record("\(String(decoding: record.prefix(300), as: UTF8.self)): \(actual) instead of \(expected)")
        }
      }
    }
    #expect(differences == 0)
  }

  @Test func helsinkiFeaturesGiveTheSameFeatures() throws {
    let records = try Self.helsinkiRecords()
    #expect(records.count > 300)
    Self.expectSame(records)
    // Not all trivially the same: most are features with tags and an identity.
    #expect(records.filter { if case .feature(_, .some, _) = Self.scanned($0) { true } else { false } }.count > 300)
  }

  @Test func edgeCasesGiveTheSameOutcome() {
    Self.expectSame(
      Self.edgeRecords.map { Array($0.utf8) } + Self.byteRecords + Self.deepRecords.map { Array($0.utf8) }
    )
  }

  @Test func everyTruncationGivesTheSameError() throws {
    let helsinki = try Self.helsinkiRecords()
    var records: [[UInt8]] = []
    for record in Array(helsinki.prefix(12)) + Self.edgeRecords.map({ Array($0.utf8) }) + Self.byteRecords {
      for length in 0..<record.count { records.append(Array(record.prefix(length))) }
    }
    Self.expectSame(records)
  }

  @Test func generatedAndMutatedFeaturesGiveTheSameOutcome() throws {
    var generator = Generator(state: 0x00BE_AC04)
    let generated = Self.generatedRecords(count: 3000, generator: &generator)
    let sources = generated + (try Self.helsinkiRecords()) + Self.edgeRecords.map { Array($0.utf8) } + Self.byteRecords
    var records = generated
    for _ in 0..<6000 {
      records.append(Self.mutated(sources.randomElement(using: &generator) ?? [], generator: &generator))
    }
    Self.expectSame(records)
    // The mutations reach the errors, not only valid records.
    let invalid = records.filter { if case .invalid = Self.reference($0) { true } else { false } }.count
    #expect(invalid > 1000)
  }

  @Test func keysAreRelevantOnTheirBytesAsOnTheirText() {
    var generator = Generator(state: 11)
    let pieces = ["name", "addr", "diet", ":", "@", "id", "type", "amenity", "street", "x", "N", "cuisine", "fi", "_"]
    var keys = OSMImporter.keptTags.sorted() + ["@type", "@id", "id", "type", "name:", "addr", "diet:x", "nam:e"]
    for _ in 0..<5000 {
      keys.append(
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
          .joined()
      )
    }
    for key in keys {
      let name = Array(key.utf8).withUnsafeBufferPointer { GeoJSONFeatureScanner.relevantName($0) }
      #expect(name == (GeoJSONFeatureScanner.isRelevant(key) ? key : nil), "\(key)")
    }
  }

  @Test func utf8CheckAgreesWithTheStandardLibrary() {
    var generator = Generator(state: 7)
    for _ in 0..<20000 {
      let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        [0x41, 0x80, 0xBF, 0xC2, 0xC3, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xEF, 0xF0, 0x90, 0xF4, 0x8F, 0xF5, 0xFF]
          .randomElement(using: &generator).map(UInt8.init) ?? 0
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(bytes.withUnsafeBufferPointer { JSONParser.isValidUTF8($0) } == expected, "\(bytes)")
    }
  }
}
