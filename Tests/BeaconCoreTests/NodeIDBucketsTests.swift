import Testing

@testable import BeaconCore

/// The stretches of node ids that hold a ref, by which a PBF import passes over blocks of nodes when it looks again.
@Suite struct NodeIDBucketsTests {
  /// One id a stretch (a range narrower than the bits): exact.
  @Test func aNarrowRangeIsExact() {
    var buckets = NodeIDBuckets(range: -5...1_000)
    for id: Int64 in [-5, 7, 8, 500, 1_000] { buckets.insert(id) }
    #expect(buckets.mayHoldAny(in: 0...7) && buckets.mayHoldAny(in: 8...8) && buckets.mayHoldAny(in: 999...5_000))
    #expect(buckets.mayHoldAny(in: -100 ... -5) && buckets.mayHoldAny(in: .min ... .max))
    #expect(
      !buckets.mayHoldAny(in: 9...499) && !buckets.mayHoldAny(in: -4...6) && !buckets.mayHoldAny(in: 1_001...9_999)
    )
    #expect(!buckets.mayHoldAny(in: .min ... -6))
  }

  /// Every id of the whole range of 64 bits in 64 stretches: a range meeting a marked one may hold, any other not;
  /// ranges over many words are scanned a word at a time.
  @Test func theWholeRangeInFewBits() {
    var buckets = NodeIDBuckets(range: .min ... .max, maxBits: 64)
    buckets.insert(0)
    buckets.insert(.max)
    let stretch = Int64(1) << 58
    #expect(buckets.mayHoldAny(in: 0...0) && buckets.mayHoldAny(in: stretch - 1...stretch))
    #expect(!buckets.mayHoldAny(in: stretch...2 * stretch) && !buckets.mayHoldAny(in: .min ... -1))
    #expect(buckets.mayHoldAny(in: .max ... .max) && buckets.mayHoldAny(in: .min ... .max))
    var wide = NodeIDBuckets(range: 0...999_999, maxBits: 1 << 20)
    wide.insert(999_999)
    #expect(wide.mayHoldAny(in: 0...999_999) && !wide.mayHoldAny(in: 0...999_998))
    #expect(wide.mayHoldAny(in: 64...999_999) && !wide.mayHoldAny(in: 1...999_998))
  }
}
