/// Which stretches of node ids hold some ref: one bit for each stretch of 2^k ids from the smallest ref to the
/// largest, `k` the least that keeps to `maxBits` bits, so that a block of nodes whose ids meet no such stretch need
/// not be read.
struct NodeIDBuckets {
  private let lowest: Int64
  private let highest: Int64
  private let shift: UInt64
  private var words: [UInt64]

  /// No stretch marked yet, for ids in `range`.
  init(range: ClosedRange<Int64>, maxBits: Int = 1 << 23) {
    (lowest, highest) = (range.lowerBound, range.upperBound)
    let span = UInt64(bitPattern: highest &- lowest)
    var shift: UInt64 = 0
    while span >> shift >= UInt64(max(64, maxBits)) { shift += 1 }
    self.shift = shift
    words = [UInt64](repeating: 0, count: Int(span >> shift) / 64 + 1)
  }

  /// Marks the stretch of `id`, one of the range's.
  mutating func insert(_ id: Int64) {
    precondition(id >= lowest && id <= highest, "a node id outside the buckets' range")
    let bucket = self.bucket(id)
    words[bucket >> 6] |= 1 << UInt64(bucket & 63)
  }

  /// Whether some stretch that meets `range` is marked.
  func mayHoldAny(in range: ClosedRange<Int64>) -> Bool {
    let (low, high) = (max(range.lowerBound, lowest), min(range.upperBound, highest))
    guard low <= high else { return false }
    var bucket = self.bucket(low)
    let last = self.bucket(high)
    while bucket <= last {
      let word = words[bucket >> 6]
      if bucket & 63 == 0, last - bucket >= 63 {
        // A whole word at once.
        if word != 0 { return true }
        bucket += 64
      } else {
        if word & (1 << UInt64(bucket & 63)) != 0 { return true }
        bucket += 1
      }
    }
    return false
  }

  private func bucket(_ id: Int64) -> Int {
    Int(UInt64(bitPattern: id &- lowest) >> shift)
  }
}
