import Testing

@testable import BeaconCore

/// The Bloom filter of the refs that a PBF import looks for again: never `false` for an id inserted, seldom `true`
/// for another.
@Suite struct NodeIDFilterTests {
  @Test func everyIdInsertedIsFoundAndFewOthersAre() {
    var generator = GeoJSONFeatureScannerTests.Generator(state: 2911)
    // Ids as files have them: runs of neighbours, negative ones, and the extremes.
    var inserted = Set<Int64>((1...20_000).map { 4_000_000_000 + $0 })
    inserted.formUnion((1...1_000).map { -$0 })
    inserted.formUnion([0, .min, .max])
    while inserted.count < 50_000 { inserted.insert(Int64.random(in: 0...12_000_000_000, using: &generator)) }
    var filter = NodeIDFilter(expected: inserted.count)
    for id in inserted { filter.insert(id) }
    #expect(inserted.allSatisfy { filter.mayContain($0) })
    var others = 0
    var found = 0
    for id in (4_000_020_001 as Int64)...4_000_070_000 where !inserted.contains(id) {
      others += 1
      if filter.mayContain(id) { found += 1 }
    }
    // About 21 bits an id and four probes: about one in a thousand.
    #expect(found * 200 < others, "\(found) of \(others)")
  }

  /// A filter smaller than its ids want still finds every one (it only lets more others through).
  @Test func aFullFilterStillFindsEveryId() {
    var filter = NodeIDFilter(expected: 100_000, maxBytes: 1)
    let ids = (0..<100_000).map { Int64($0) * 7 - 300_000 }
    for id in ids { filter.insert(id) }
    #expect(ids.allSatisfy { filter.mayContain($0) })
  }

  @Test func anEmptyFilterFindsNothing() {
    let filter = NodeIDFilter(expected: 0)
    #expect(!(-1_000...1_000).contains { filter.mayContain(Int64($0)) })
  }
}
