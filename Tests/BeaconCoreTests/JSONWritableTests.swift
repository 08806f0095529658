import BeaconJSON
import Foundation
import Testing

@testable import BeaconCore

/// The hand-written JSON of a search's result is byte for byte what its `Codable` conformance gives
/// through `JSONValueEncoder` and `JSONWriter`: key order, `null`s and omissions, numbers and strings.
@Suite struct JSONWritableTests {
  /// Texts that need escapes, non-ASCII text, and text that sorts differently by bytes than by `String`.
  static let texts = [
    "", "Kaffebrenneriet", "Café \"Ø\" \\ /", "line\nbreak\ttab\r\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}",
    "Tromsø 🧭 e\u{301}", "日本語", "\u{FEFF}zero\u{200B}width",
  ]
  /// Doubles JSON cannot express, integral ones, extremes and fractions.
  static let doubles: [Double] = [
    59.9111, 10.7503, 0, -0.0, .nan, .infinity, -.infinity, 1e15, -1e15, 999_999_999_999_999, 1e-300,
    .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1 + 0.2, -179.999_999_9, 5,
  ]
  static let integers = [0, -1, 1, 250, Int.max, Int.min]

  /// The `Codable` path's text: the tree encoder (which knows nothing of `JSONWritable`) and the writer.
  static func codable(_ value: some Encodable) throws -> String {
    String(decoding: JSONWriter.serialize(try JSONValueEncoder().encode(value)), as: UTF8.self)
  }

  /// The hand-written text, directly and through `JSONStreamEncoder`, which must both equal the `Codable` text.
  static func expectSame<T: JSONWritable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    var direct: [UInt8] = []
    value.writeJSON(into: &direct)
    let expected = try codable(value)
    #expect(String(decoding: direct, as: UTF8.self) == expected, sourceLocation: sourceLocation)
    let streamed = try JSONStreamEncoder().encode(value)
    #expect(String(decoding: streamed, as: UTF8.self) == expected, sourceLocation: sourceLocation)
  }

  /// The `index`-th of a varied set of summaries: each optional present or absent by its own bit of `index`.
  static func summary(_ index: Int) -> PlaceSummary {
    func pick<T>(_ values: [T], _ salt: Int) -> T { values[(index * 7 + salt * 3) % values.count] }
    func has(_ bit: Int) -> Bool { (index >> bit) & 1 == 1 || index % 17 == 16 }
    var rating = RatingSummary(total: 4 + index % 20, count: 1 + index % 5)
    if index % 5 == 3 { rating?.average = pick(doubles, 1) }
    if index % 7 == 4 { rating?.fill = pick(doubles, 2) }
    var place = PlaceSummary(
      id: pick(texts, 0) + "osm:node/\(index)",
      name: pick(texts, 1),
      category: PlaceCategory.allCases[index % PlaceCategory.allCases.count],
      location: Coordinate(lat: pick(doubles, 3), lon: pick(doubles, 4)),
      address: has(0) ? pick(texts, 2) : nil,
      distanceMeters: has(1) ? pick(integers, 5) : nil,
      rating: has(2) ? rating : nil,
      isFavorite: index % 2 == 0,
      source: pick(["osm", "demo", "geoapify", "Tromsø \"x\""], 6)
    )
    let offset = pick([0, 3_600, -34_200, 50_400, -43_200], 7)
    let date = Date(timeIntervalSince1970: Double(1_795_639_815 + index * 4_321))
    place.openNow = has(3) ? index % 3 == 0 : nil
    place.closesAt = has(4) ? LocalDateTime(date: date, utcOffsetSeconds: offset) : nil
    place.opensAt =
      has(5) ? LocalDateTime(date: date.addingTimeInterval(-86_400 * 400), utcOffsetSeconds: -offset) : nil
    place.diet = has(6) ? Array(Diet.allCases.prefix(index % (Diet.allCases.count + 1))) : nil
    place.cuisine = has(7) ? Array(texts.prefix(index % 4)) : nil
    place.wheelchair = has(8) ? Wheelchair.allCases[index % 3] : nil
    place.outdoorSeating = has(9) ? index % 2 == 1 : nil
    place.takeaway = has(10) ? index % 4 < 2 : nil
    place.alongRouteMeters = has(11) ? pick(integers, 8) : nil
    place.detourMeters = has(12) ? pick(integers, 9) : nil
    return place
  }

  @Test func summariesWriteAsTheirCodableConformance() throws {
    for index in 0..<(1 << 13) where index % 13 == 0 || index < 64 || index.nonzeroBitCount >= 12 {
      try Self.expectSame(Self.summary(index))
    }
    try Self.expectSame(Self.summary(0).withAllOptionals(absent: true))
    try Self.expectSame(Self.summary(16).withAllOptionals(absent: false))
  }

  @Test func resultsWriteAsTheirCodableConformance() throws {
    let base = PlaceSearchResult(
      places: [],
      center: Coordinate(lat: 59.9111, lon: 10.7503),
      category: .cafe,
      radiusMeters: 1_000,
      sort: .distance,
      scope: .all,
      source: .offline,
      stale: false,
      fetchedAt: Date(timeIntervalSince1970: 1_795_639_815.5),
      attribution: "© OpenStreetMap contributors",
      message: nil,
      centerSource: nil,
      city: nil,
      excludedUnknown: nil
    )
    try Self.expectSame(base)
    for index in 0..<40 {
      var result = base
      result.places = (0..<(index % 6)).map { Self.summary(index * 31 + $0) }
      result.center = Coordinate(lat: Self.doubles[index % Self.doubles.count], lon: Self.doubles[(index + 5) % 16])
      result.category = PlaceCategory.allCases[index % PlaceCategory.allCases.count]
      result.radiusMeters = Self.integers[index % Self.integers.count]
      result.sort = PlaceSort.allCases[index % PlaceSort.allCases.count]
      result.scope = SearchScope.allCases[index % 2]
      result.source = [DataSource.live, .cache, .offline][index % 3]
      result.stale = index % 2 == 1
      result.fetchedAt = Date(timeIntervalSince1970: Double(index) * 86_400.123 - 1_000_000)
      result.attribution = Self.texts[index % Self.texts.count]
      result.message = index % 3 == 0 ? Self.texts[(index + 1) % Self.texts.count] : nil
      result.centerSource = index % 4 == 1 ? "ip" : nil
      result.city = index % 5 == 2 ? Self.texts[(index + 2) % Self.texts.count] : nil
      let unknown = ["wheelchair": 2, "open": 0, "Ø": Int.max, "å": -1, "Z": 7, "e\u{301}": 1, "\"": 3]
      result.excludedUnknown = index % 3 == 2 ? [:] : index % 3 == 1 ? unknown : nil
      try Self.expectSame(result)
    }
  }
}

extension PlaceSummary {
  /// The summary with every optional member set to `nil`, or to a value.
  fileprivate func withAllOptionals(absent: Bool) -> PlaceSummary {
    var copy = self
    let when = LocalDateTime(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 3_600)
    copy.address = absent ? nil : "Karl Johans gate 1"
    copy.distanceMeters = absent ? nil : 12
    copy.rating = absent ? nil : RatingSummary(total: 9, count: 2)
    copy.openNow = absent ? nil : true
    copy.closesAt = absent ? nil : when
    copy.opensAt = absent ? nil : when
    copy.diet = absent ? nil : []
    copy.cuisine = absent ? nil : []
    copy.wheelchair = absent ? nil : .limited
    copy.outdoorSeating = absent ? nil : false
    copy.takeaway = absent ? nil : true
    copy.alongRouteMeters = absent ? nil : 0
    copy.detourMeters = absent ? nil : 3
    return copy
  }
}
