/// A Bloom filter of node ids: says `false` for no id inserted, and `true` for an id not inserted about as often as
/// a set of ``init(expected:maxBytes:)``'s size allows (with four probes, about 2.4 in a thousand at 16 bits an id,
/// 0.9 at 21, 0.2 at 32).
struct NodeIDFilter {
  private var words: [UInt64]
  private let mask: UInt64

  /// Room for `expected` ids at 16 to 32 bits each: the least power of two of at least 8 KiB that gives 16, or
  /// `maxBytes` (8 KiB when less) if that is less.
  init(expected: Int, maxBytes: Int = 32 << 20) {
    var bits = 1 << 16
    while bits < expected.multipliedReportingOverflow(by: 16).partialValue, bits / 8 < maxBytes { bits <<= 1 }
    words = [UInt64](repeating: 0, count: bits / 64)
    mask = UInt64(bits - 1)
  }

  /// Adds `id`.
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

  /// How many bits an id sets (and are looked at).
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
