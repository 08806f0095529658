import BeaconCore
import Testing

@testable import BeaconServer
@testable import JSONRPC

/// `places/search`'s params read by hand (`FilteredRequest.decodedDirectly`) against the `Decodable` containers they
/// replace: for every params object, the same request or the same error on the wire (code, message, data).
@Suite struct SearchParamsDecodingTests {
  /// The request as the containers alone read it (what `init(from:)` did before the hand reader).
  struct ThroughContainers: Decodable {
    var request: SearchPlacesRequest
    init(from decoder: any Decoder) throws { request = try SearchPlacesRequest(containersOf: decoder) }
  }

  /// What decoding gave: the request, or the `-32602` error the dispatcher makes of the `DecodingError`.
  enum Outcome: Equatable, CustomStringConvertible {
    case request(SearchPlacesRequest)
    case error(ResponseError, detail: String)
    case other(String)

    var description: String {
      switch self {
      case .request(let request): "request \(request)"
      case .error(let error, let detail): "error \(error) (\(detail))"
      case .other(let text): "other error \(text)"
      }
    }
  }

  static func outcome(_ decode: () throws -> SearchPlacesRequest) -> Outcome {
    do {
      return .request(try decode())
    } catch let error as DecodingError {
      return .error(Dispatcher.invalidParams(error), detail: Self.detail(of: error))
    } catch {
      return .other("\(error)")
    }
  }

  /// The parts of a `DecodingError` the wire error is made of, spelled out (path, message, type).
  static func detail(of error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "keyNotFound \(key.stringValue) at \(path(context.codingPath)): \(context.debugDescription)"
    case .typeMismatch(let type, let context):
      return "typeMismatch \(type) at \(path(context.codingPath)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "valueNotFound \(type) at \(path(context.codingPath)): \(context.debugDescription)"
    case .dataCorrupted(let context):
      return "dataCorrupted at \(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  // MARK: - Values tried for each member

  static let integers: [JSONValue] = [
    .int(10), .int(0), .int(1), .int(-3), .int(100), .int(5_000), .int(Int.max), .int(Int.min), .double(5),
    .double(5.5),
    .double(1e300), .double(-0.0), .largeInteger("99999999999999999999"), .largeInteger("-99999999999999999999"),
    .exactNumber("1e3"), .string("10"), .bool(true), .null, .array([.int(1)]), .object([:]),
  ]
  static let numbers: [JSONValue] = [
    .int(3), .int(0), .int(-1), .double(4.5), .double(1e300), .double(-0.0), .largeInteger("100000000000000000000000"),
    .exactNumber("2.5"), .string("4"), .bool(false), .null, .array([]), .object(["a": .int(1)]),
  ]
  static let booleans: [JSONValue] = [.bool(true), .bool(false), .int(1), .int(0), .string("true"), .null, .array([])]
  static let strings: [JSONValue] = [
    .string("pizza"), .string(""), .string("æøå \"sitat\" \\ ny\nlinje"), .string("2026-03-27T18:00"), .int(1),
    .double(1.5), .bool(false), .null, .array([.string("x")]), .object([:]),
  ]
  static func names(_ valid: [String]) -> [JSONValue] {
    valid.map { .string($0) } + [
      .string(valid[0].uppercased()), .string(""), .string("catering.cafe"), .string("\(valid[0]) "), .int(0), .null,
      .bool(true), .array([.string(valid[0])]), .object(["name": .string(valid[0])]),
    ]
  }
  static let centers: [JSONValue] = [
    .object(["lat": .double(59.95), "lon": .double(10.75)]), .object(["lat": .int(60), "lon": .int(11)]),
    .object(["lat": .double(59.9), "lon": .double(10.7), "alt": .string("x")]),
    .object(["lat": .double(91), "lon": .double(0)]), .object(["lat": .double(59.9)]), .object(["lon": .double(10.7)]),
    .object(["lat": .null, "lon": .double(10.7)]), .object(["lat": .string("59.9"), "lon": .double(10.7)]),
    .object(["lat": .largeInteger("99999999999999999999"), "lon": .int(1)]),
    .object(["lat": .exactNumber("5e1"), "lon": .int(1)]), .object(["lat": .bool(true), "lon": .int(1)]),
    .object([:]), .array([.double(59.9), .double(10.7)]), .string("59.9,10.7"), .int(5), .null,
  ]
  static let lists: [JSONValue] = [
    .array([.string("vegan")]), .array([]), .array([.string("vegan"), .string("halal")]),
    .array([.string("a"), .int(1)]), .array([.null]), .array([.array([.string("vegan")])]), .string("vegan"), .null,
    .int(2), .object([:]),
  ]

  /// Every member `places/search` reads, with the values tried for it (the first `plain` of them in the member's
  /// own JSON type: what the hand reader takes).
  static let members: [(name: String, values: [JSONValue], plain: Int)] = [
    ("center", centers, 4), ("category", names(["restaurant", "cafe", "hotel"]), 3), ("radiusMeters", integers, 8),
    ("text", strings, 4), ("sort", names(["distance", "rating", "name", "best"]), 4),
    ("scope", names(["all", "favorites"]), 2), ("limit", integers, 8), ("refresh", booleans, 2),
    ("debounceMs", integers, 8), ("nearMe", booleans, 2), ("openNow", booleans, 2), ("includeDemo", booleans, 2),
    ("diet", lists, 3), ("cuisine", lists, 3), ("wheelchair", strings, 4), ("outdoorSeating", booleans, 2),
    ("takeaway", booleans, 2), ("openAt", strings, 4), ("openFor", integers, 8), ("minRating", numbers, 6),
    // Not params: left alone by both.
    ("unknown", strings, 10), ("Limit", integers, 20),
  ]

  /// A deterministic generator (SplitMix64), so a failure can be run again.
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

  /// Each member alone with each of its values, then thousands of objects with several members (each present one
  /// time in three), and params that are no object at all.
  static func paramsTried() -> [JSONValue] {
    var tried: [JSONValue] = [.object([:]), .array([]), .array([.int(1)]), .string("x"), .int(1), .null, .bool(true)]
    for member in members {
      for value in member.values { tried.append(.object([member.name: value])) }
    }
    var generator = Generator(state: 26)
    for round in 0..<6_000 {
      // Every other object only of plain values (and `null`s), the others of any.
      let plainOnly = round.isMultiple(of: 2)
      var object: [String: JSONValue] = [:]
      for member in members where Int.random(in: 0..<3, using: &generator) == 0 {
        let values = plainOnly ? Array(member.values.prefix(member.plain)) + [.null] : member.values
        object[member.name] = values.randomElement(using: &generator)
      }
      tried.append(.object(object))
    }
    return tried
  }

  @Test func theHandReaderGivesWhatDecodableGivesForEveryParamsObject() {
    var direct = 0
    var errors = 0
    for params in Self.paramsTried() {
      let old = Self.outcome { try Dispatcher.decodeParams(ThroughContainers.self, from: params).request }
      let new = Self.outcome { try Dispatcher.decodeParams(SearchPlacesRequest.self, from: params) }
      #expect(old == new, "\(params)")
      let read = SearchPlacesRequest.decodedDirectly(from: params)
      if let read {
        direct += 1
        // What the reader accepts, it reads exactly as `init(from:)` does.
        #expect(old == .request(read), "\(params)")
      }
      if case .error = old { errors += 1 }
      if case .other = old { Issue.record("not a DecodingError: \(old)") }
    }
    // Both paths were exercised: plain params read by hand, and faults (left to `Decodable`).
    #expect(direct > 1_000)
    #expect(errors > 1_000)
  }

  @Test func plainParamsAreReadByHand() throws {
    let params: JSONValue = [
      "center": ["lat": 59.95, "lon": 10], "category": "cafe", "radiusMeters": 2_000, "text": "kaffe", "sort": "best",
      "scope": "all", "limit": 20, "refresh": false, "debounceMs": 0, "nearMe": nil, "openNow": true,
      "includeDemo": true, "diet": ["vegan"], "cuisine": [], "wheelchair": "limited", "outdoorSeating": true,
      "takeaway": nil, "openAt": "2026-03-27T18:00", "openFor": 90, "minRating": 4, "somethingElse": [1, 2],
    ]
    let read = try #require(SearchPlacesRequest.decodedDirectly(from: params))
    #expect(read.center == Coordinate(lat: 59.95, lon: 10))
    #expect(read.category == .cafe)
    #expect(read.sort == .best)
    #expect(read.limit == 20)
    #expect(read.nearMe == nil)
    #expect(read.filter.diet == ["vegan"])
    #expect(read.filter.cuisine == [])
    #expect(read.filter.minRating == 4.0)
    #expect(read == (try JSONValueDecoder().decode(ThroughContainers.self, from: params).request))
    // Other methods' params keep the `Decodable` path.
    #expect(ListFavoritesRequest.decodedDirectly(from: ["limit": 5]) == nil)
  }

  @Test(arguments: [
    ["limit": 5.0] as JSONValue, ["limit": "5"], ["center": ["lat": 59.9]], ["sort": "nearest"],
    ["diet": ["vegan", 1]],
    ["radiusMeters": .largeInteger("99999999999999999999")], ["minRating": .largeInteger("100000000000000000000")],
  ])
  func anythingButPlainGoesTheDecodableWay(params: JSONValue) {
    #expect(SearchPlacesRequest.decodedDirectly(from: params) == nil)
  }
}
