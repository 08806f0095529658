import BeaconJSON
import Foundation
import Testing

@testable import BeaconCore

/// The GeoJSON reader that builds only the members Beacon reads (``OSMFeatureReader/featurePruning``) against the one
/// that builds every member: the same places, facts, skips and errors (same position), on the Helsinki extract
/// written as GeoJSON and GeoJSONSeq and on thousands of mutated features.
@Suite struct OSMFeatureReaderPruningTests {
  static let helsinki = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/osm/Helsinki.osm.pbf")

  /// What reading `bytes` gives, one line per object (its place and facts, or why not) and the error that ended it.
  static func outcomes(_ bytes: [UInt8], prunes: Bool) -> [String] {
    var reader = OSMFeatureReader(input: .bytes(bytes, name: "x.geojson"), maxBytes: 1 << 20)
    reader.prunes = prunes
    var lines: [String] = []
    do throws(BeaconError) {
      while let feature = try reader.next() {
        var skipped: [String: Int] = [:]
        var built = try OSMImporter.place(from: feature, file: "x.geojson", source: "osm", skipped: &skipped)
        built?.0.fetchedAt = Date(timeIntervalSince1970: 0)
        let identity = feature.identity.map { "\($0.type)/\($0.id)" } ?? "-"
        lines.append(
          "\(feature.position) \(identity) \(feature.kind) \(skipped) "
            + (built.map { "\($0.0) \($0.1)" } ?? "nil")
        )
      }
      lines.append("end \(String(describing: reader.format))")
    } catch {
      lines.append("error \(error)")
    }
    return lines
  }

  /// Helsinki's wanted objects as `osmium export -a type,id` writes them: every tag a property, `@type` and `@id`.
  static func helsinkiFeatures() throws -> [[UInt8]] {
    let bytes = try [UInt8](Data(contentsOf: helsinki))
    let features = try PBFFeatureReader.read(.bytes(bytes, name: "Helsinki.osm.pbf"))
    var texts: [[UInt8]] = []
    for feature in features {
      let geometry: JSONValue
      switch feature.shape {
      case .pbf(.point(let point)):
        geometry = ["type": "Point", "coordinates": [.double(point.lon), .double(point.lat)]]
      case .pbf(.geometry(let shape)): geometry = shape
      default: continue
      }
      var properties = feature.tags
      if let identity = feature.identity {
        properties["@type"] = .string(identity.type)
        properties["@id"] = .int(identity.id)
      }
      // Some with their tags nested, as overpass turbo writes them.
      let nested = texts.count.isMultiple(of: 7)
      let value: JSONValue = [
        "type": "Feature", "geometry": geometry,
        "properties": nested ? ["tags": .object(properties), "id": "x"] : .object(properties),
      ]
      var text: [UInt8] = []
      JSONWriter.write(value, into: &text)
      texts.append(text)
    }
    return texts
  }

  @Test func helsinkiAsGeoJSONSeqAndGeoJSONReadsTheSame() throws {
    let features = try Self.helsinkiFeatures()
    #expect(features.count > 300)
    var sequence: [UInt8] = []
    var lines: [UInt8] = []
    var collection = Array(#"{"type":"FeatureCollection","features":["#.utf8)
    for (index, feature) in features.enumerated() {
      sequence += [0x1E] + feature + [0x0A]
      lines += feature + [0x0A]
      collection += (index == 0 ? [] : Array(",\n".utf8)) + feature
    }
    collection += Array("]}\n".utf8)
    for bytes in [sequence, collection, lines] {
      let pruned = Self.outcomes(bytes, prunes: true)
      #expect(pruned.count == features.count + 1)
      #expect(pruned.filter { $0.contains("osm:") }.count > 300)
      #expect(pruned == Self.outcomes(bytes, prunes: false))
    }
  }

  /// Small features that try what a tag can hold (escapes, characters of several bytes, numbers, nesting).
  static let seeds: [String] = [
    #"{"type":"Feature","properties":{"amenity":"cafe","name":"Caf\u00e9 \"Ö\"","@type":"node","@id":7,"#
      + #""building":"yes","note":"a\\b\/c\n","x":[1,-2.5e3,{"y":null,"z":[true,false]}],"cuisine":" pizza;thai "},"#
      + #""geometry":{"type":"Point","coordinates":[24.94,60.17]}}"#,
    #"{"type":"Feature","id":"w12","properties":{"tags":{"tourism":"hotel","name":"Hotelli Ässä","stars":"4","#
      + #""source":"survey ✓","fixme":"\ud83d\ude00"},"addr:street":"Katu","addr:housenumber":"1"},"#
      + #""geometry":{"type":"LineString","coordinates":[[24.9,60.1],[24.91,60.1],[24.91,60.11],[24.9,60.1]]}}"#,
    #"{"type":"Feature","properties":{"amenity":"restaurant","name":"Ravintola","opening_hours":"Mo-Fr 10-22","#
      + #""wheelchair":"yes","diet:vegan":"only","wikidata":"Q1","height":12.5,"levels":3},"#
      + #""geometry":{"type":"Polygon","coordinates":[[[24.9,60.1],[24.91,60.1],[24.91,60.11],[24.9,60.1]]]}}"#,
  ]

  /// A fixed sequence of pseudo-random numbers (the same every run).
  struct Numbers {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let alphabet = Array(#"{}[]",:\ -+.0123456789eEtrufalsn"#.utf8) + [0x0A, 0x1E, 0x01, 0x80, 0xC3, 0xA9, 0xFF]

  @Test func mutatedFeaturesReadTheSameOrFailTheSame() {
    var numbers = Numbers()
    var errors = 0
    for round in 0..<3000 {
      var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
      for _ in 0...numbers.next(3) {
        let at = numbers.next(bytes.count)
        switch numbers.next(4) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(Self.alphabet[numbers.next(Self.alphabet.count)], at: at)
        case 2: bytes[at] = Self.alphabet[numbers.next(Self.alphabet.count)]
        default: bytes = Array(bytes[..<at])
        }
        if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
      }
      let inputs: [[UInt8]] = [
        [0x1E] + bytes + [0x0A, 0x1E] + Array(Self.seeds[0].utf8),
        Array(#"{"type":"FeatureCollection","features":["#.utf8) + bytes + Array("]}".utf8),
      ]
      for input in inputs {
        let pruned = Self.outcomes(input, prunes: true)
        if pruned.last?.hasPrefix("error") == true { errors += 1 }
        #expect(pruned == Self.outcomes(input, prunes: false), "\(String(decoding: input, as: UTF8.self))")
      }
    }
    // Most mutations break the JSON: the errors were compared, not only the places.
    #expect(errors > 3000)
  }
}
