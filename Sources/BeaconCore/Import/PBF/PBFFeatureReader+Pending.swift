extension PBFFeatureReader {
  /// A wanted way or relation waiting for node positions, its refs and tags packed in one byte array: an import keeps
  /// every wanted way until the nodes it needs are read, so each takes about as many bytes as its text and its refs'
  /// differences (an ``ImportTags`` is a table of every slot, about 700 bytes, and an `[Int64]` is 8 bytes a ref).
  struct Pending {
    var id: Int64
    /// The offset of its block in the file.
    var offset: Int
    /// Its place among its block's ways or relations (with `offset`, its place in the file).
    var index: Int
    /// How many refs, then each ref's difference from the one before (zigzag); how many positions (0, or one for each
    /// ref), then each one's latitude and longitude in nanodegrees, each the difference from the one before (zigzag);
    /// then each tag that something reads (``ImportTags/Key``): its key and then its value, as the length of the
    /// UTF-8 and the UTF-8. Every number is a varint.
    private var bytes: [UInt8] = []

    /// - Parameters:
    ///   - refs: A way's node ids, or a relation's outer member ways' ids.
    ///   - tags: The object's tags (those nothing reads are left out).
    ///   - latitudes: The positions of a way's nodes in nanodegrees, when the file has them on its ways.
    init(
      id: Int64,
      offset: Int,
      index: Int,
      refs: [Int64],
      tags: [String: String],
      latitudes: [Int64] = [],
      longitudes: [Int64] = []
    ) {
      (self.id, self.offset, self.index) = (id, offset, index)
      appendDifferences(refs)
      let located = zip(latitudes, longitudes)
      append(UInt64(located.underestimatedCount))
      var previous: (Int64, Int64) = (0, 0)
      for (latitude, longitude) in located {
        append(zigzag: latitude &- previous.0)
        append(zigzag: longitude &- previous.1)
        previous = (latitude, longitude)
      }
      for (key, value) in tags where ImportTags.Key(key) != nil {
        append(key)
        append(value)
      }
    }

    /// A pending object as ``packed`` kept it.
    init(id: Int64, offset: Int, index: Int, packed: [UInt8]) {
      (self.id, self.offset, self.index, bytes) = (id, offset, index, packed)
    }

    /// Its refs, positions and tags, packed as this type holds them (to be kept elsewhere, and made again with
    /// ``init(id:offset:index:packed:)``).
    var packed: [UInt8] { bytes }

    /// A way's node ids, or a relation's outer member ways' ids.
    var refs: [Int64] {
      var offset = 0
      return refs(at: &offset)
    }

    /// Whether the way has its nodes' positions (``locations``).
    var hasLocations: Bool {
      var offset = 0
      for _ in 0..<varint(at: &offset) { _ = varint(at: &offset) }
      return varint(at: &offset) > 0
    }

    /// The positions of a way's nodes, in the order of its refs, when the file has them on its ways (`nil` for a node
    /// the file's writer did not find); `nil` when it has not.
    var locations: [Coordinate?]? {
      var offset = 0
      _ = refs(at: &offset)
      let count = Int(varint(at: &offset))
      guard count > 0 else { return nil }
      var locations: [Coordinate?] = []
      locations.reserveCapacity(count)
      var latitude: Int64 = 0
      var longitude: Int64 = 0
      for _ in 0..<count {
        latitude &+= zigzag(at: &offset)
        longitude &+= zigzag(at: &offset)
        locations.append(PBFElements.coordinate(latitude: latitude, longitude: longitude))
      }
      return locations
    }

    /// The tags, as ``ImportTags/init(strings:)`` makes them from the same dictionary.
    var tags: ImportTags {
      var offset = 0
      _ = refs(at: &offset)
      for _ in 0..<2 * varint(at: &offset) { _ = varint(at: &offset) }
      var tags = ImportTags()
      while offset < bytes.count {
        let key = text(at: &offset)
        let value = text(at: &offset)
        if let key = ImportTags.Key(key) { tags[key] = .string(value) }
      }
      return tags
    }

    /// How many bytes the refs and tags take.
    var byteCount: Int { bytes.count }

    private func refs(at offset: inout Int) -> [Int64] {
      let count = Int(varint(at: &offset))
      var refs: [Int64] = []
      refs.reserveCapacity(count)
      var previous: Int64 = 0
      for _ in 0..<count {
        previous &+= zigzag(at: &offset)
        refs.append(previous)
      }
      return refs
    }

    /// How many `numbers`, then each one's difference from the one before.
    private mutating func appendDifferences(_ numbers: [Int64]) {
      append(UInt64(numbers.count))
      var previous: Int64 = 0
      for number in numbers {
        append(zigzag: number &- previous)
        previous = number
      }
    }

    private mutating func append(zigzag number: Int64) {
      append(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
    }

    /// The zigzag varint at `offset`, which moves past it.
    private func zigzag(at offset: inout Int) -> Int64 {
      let zigzag = varint(at: &offset)
      return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    private mutating func append(_ number: UInt64) {
      var number = number
      while number >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: number) | 0x80)
        number >>= 7
      }
      bytes.append(UInt8(number))
    }

    private mutating func append(_ text: String) {
      append(UInt64(text.utf8.count))
      bytes.append(contentsOf: text.utf8)
    }

    /// The varint at `offset`, which moves past it (the bytes are this type's own, so always whole).
    private func varint(at offset: inout Int) -> UInt64 {
      var number: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let byte = bytes[offset]
        offset += 1
        number |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { return number }
        shift += 7
      }
    }

    private func text(at offset: inout Int) -> String {
      let length = Int(varint(at: &offset))
      defer { offset += length }
      return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
  }
}
