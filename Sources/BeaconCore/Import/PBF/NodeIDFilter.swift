/// A Bloom filter of node ids: says `false` for no id inserted, and `true` for an id not inserted about as often as
/// a set of ``init(expected:maxBytes:)``'s size allows (below one in a thousand at 16 bits an id, four probes).
struct NodeIDFilter {
  private var words: [UInt64]
  private let mask: UInt64

  /// Room for `expected` ids at 16 bits each, a power of two of at least 8 KiB and at most `maxBytes`.
  init(expected: Int, maxBytes: Int = 32 << 20) {
    var bits = 1 << 16
    while bits < expected.multipliedReportingOverflow(by: 16).partialValue, bits / 8 < maxBytes { bits <<= 1 }
    words = [UInt64](repeating: 0, count: bits / 64)
    mask = UInt64(bits - 1)
  }

  mutating func insert(_ id: Int64) {
    var (bit, step) = Self.hashes(id)
    for _ in 0..<Self.probes {
      let index = bit & mask
      words[Int(index >> 6)] |= 1 << (index & 63)
      bit &+= step
    }
  }

  /// Whether `id` may have been inserted (always when it was).
  func mayContain(_ id: Int64) -> Bool {
    var (bit, step) = Self.hashes(id)
    for _ in 0..<Self.probes {
      let index = bit & mask
      guard words[Int(index >> 6)] & (1 << (index & 63)) != 0 else { return false }
      bit &+= step
    }
    return true
  }

  private static let probes = 4

  /// Two hashes of `id` (the second odd), the probes at `first + k * second`: SplitMix64's finalizer, whose bits
  /// all depend on every bit of the id, so that ids close together spread over the filter.
  private static func hashes(_ id: Int64) -> (UInt64, UInt64) {
    var z = UInt64(bitPattern: id) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return (z, (z >> 32 | z << 32) | 1)
  }
}
