import BeaconJSON
import Testing

@testable import BeaconCore

/// What a PBF import keeps of each wanted way until the nodes it needs are read: its refs and tags packed in bytes,
/// and the positions of its nodes by sorted id. Both must give back exactly what the plain forms held.
@Suite struct PBFPendingStorageTests {
  /// Tags with every kind of key: slots, other kept keys, keys nothing reads, empty and long values, non-ASCII text.
  static let tags: [String: String] = [
    "name": "Kafé Ølberg", "amenity": "cafe", "cuisine": "", "building": "yes", "name:en": "Ale café",
    "addr:street": String(repeating: "Storgata ", count: 40), "diet:vegan": "only", "@id": "way/7", "note": "x",
    "source": "survey", "contact:phone": "+47 22 00 00 00", "name:zh": "咖啡馆 ☕",
  ]

  typealias Pending = PBFFeatureReader.Pending

  @Test func aPendingWayGivesBackItsRefsAndTheTagsSomethingReads() {
    let refs: [Int64] = [5, 4, 1_000_000_000_000, -3, 5, 0, Int64.max, Int64.min, Int64.max, -1, 5]
    let pending = Pending(id: 7, offset: 123, index: 4, refs: refs, tags: Self.tags)
    #expect(pending.refs == refs)
    #expect(pending.tags.dictionary == ImportTags(strings: Self.tags).dictionary)
    #expect(pending.tags.count == ImportTags(strings: Self.tags).count)
    #expect(!pending.tags.dictionary.keys.contains("building"))
    #expect((pending.id, pending.offset, pending.index) == (7, 123, 4))
  }

  @Test func aWayTakesAboutTheBytesOfItsTextAndItsRefsDifferences() {
    // A closed way of five nodes with near ids, and the tags of a named café: 1 + 5 refs of 1–4 bytes, no positions
    // (1), and 4 texts.
    let refs: [Int64] = [11_234_567_890, 11_234_567_891, 11_234_567_893, 11_234_567_894, 11_234_567_890]
    let tags = ["amenity": "cafe", "name": "Bygg 12345", "building": "yes"]
    let pending = Pending(id: 1, offset: 0, index: 0, refs: refs, tags: tags)
    #expect(pending.byteCount == 1 + 5 + 1 + 1 + 1 + 1 + 1 + (1 + 7) + (1 + 4) + (1 + 4) + (1 + 10))
    #expect(pending.refs == refs)
    #expect(pending.locations == nil && !pending.hasLocations)
  }

  @Test func noRefsAndNoTagsTakeTwoBytes() {
    let pending = Pending(id: 1, offset: 0, index: 0, refs: [], tags: ["building": "yes"])
    #expect(pending.byteCount == 2)
    #expect(pending.refs.isEmpty)
    #expect(pending.tags.count == 0)
  }

  @Test func positionsOnAWayComeBackWithItsRefsAndTags() {
    // Nanodegrees as a PBF block gives them: 100 a unit, with an offset; the last one is osmium's "not found".
    let latitudes: [Int64] = [59_913_868_800, 59_913_868_900, -33_868_819_700, 90_000_000_000, 214_748_364_700]
    let longitudes: [Int64] = [10_752_245_400, 10_752_245_300, 151_209_295_500, -180_000_000_000, 214_748_364_700]
    let refs: [Int64] = [5, 6, 7, 8, 9]
    let pending = Pending(
      id: 3,
      offset: 9,
      index: 1,
      refs: refs,
      tags: Self.tags,
      latitudes: latitudes,
      longitudes: longitudes
    )
    #expect(pending.refs == refs)
    #expect(pending.tags.dictionary == ImportTags(strings: Self.tags).dictionary)
    #expect(pending.hasLocations)
    let expected: [Coordinate?] = [
      Coordinate(lat: 59.9138688, lon: 10.7522454), Coordinate(lat: 59.9138689, lon: 10.7522453),
      Coordinate(lat: -33.8688197, lon: 151.2092955), Coordinate(lat: 90, lon: -180), nil,
    ]
    #expect(pending.locations == expected)
  }

  @Test func randomRefsComeBackAsTheyWere() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let refs = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? Int64.random(in: .min ... .max, using: &generator) : Int64.random(in: -300...300, using: &generator)
      }
      #expect(Pending(id: 0, offset: 0, index: 0, refs: refs, tags: [:]).refs == refs)
    }
  }

  @Test func nodeLocationsGiveWhatWasRecordedForWhatWasAsked() {
    var locations = PBFNodeLocations()
    locations.ask(for: [30, 10, -5, 10, 20])
    #expect(locations.asks(for: -5) && locations.asks(for: 10) && locations.asks(for: 30))
    #expect(!locations.asks(for: 15))
    locations.record(10, lat: -33.5, lon: 151.25)
    locations.record(15, lat: 1, lon: 1)  // Not asked for: not kept.
    locations.record(-5, lat: 0, lon: -0.5)
    #expect(locations[10] == Coordinate(lat: -33.5, lon: 151.25))
    #expect(locations[-5] == Coordinate(lat: 0, lon: -0.5))
    #expect(locations[15] == nil)
    #expect(locations[20] == nil && !locations.hasRead(20))

    // Asking for more later keeps what was read and adds the rest, each once.
    locations.ask(for: [25, 10, 40, 25, Int64.min, Int64.max])
    locations.record(25, lat: 2, lon: 3)
    locations.record(Int64.max, lat: 4, lon: 5)
    #expect(locations[10] == Coordinate(lat: -33.5, lon: 151.25))
    #expect(locations[25] == Coordinate(lat: 2, lon: 3))
    #expect(locations[Int64.max] == Coordinate(lat: 4, lon: 5))
    #expect(locations.asks(for: Int64.min) && locations[Int64.min] == nil)
    #expect(locations.asks(for: 40) && locations.asks(for: 30) && !locations.asks(for: 35))
  }

  @Test func nodeLocationsAgreeWithADictionaryOnRandomIDs() {
    var generator = SystemRandomNumberGenerator()
    var locations = PBFNodeLocations()
    var reference: [Int64: Coordinate] = [:]
    var asked = Set<Int64>()
    for _ in 0..<5 {
      let more = (0..<400).map { _ in Int64.random(in: -1_000...1_000, using: &generator) }
      locations.ask(for: more)
      asked.formUnion(more)
      for _ in 0..<300 {
        let id = Int64.random(in: -1_000...1_000, using: &generator)
        let coordinate = Coordinate(lat: Double(id) / 100, lon: Double(id) / 50)
        locations.record(id, lat: coordinate.lat, lon: coordinate.lon)
        if asked.contains(id) { reference[id] = coordinate }
      }
    }
    for id in Int64(-1_000)...1_000 {
      #expect(locations.asks(for: id) == asked.contains(id))
      #expect(locations[id] == reference[id])
    }
  }
}
