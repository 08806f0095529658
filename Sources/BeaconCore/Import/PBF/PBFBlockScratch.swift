import Foundation

extension PBFPrimitiveBlock {
  /// What deciding on an element's tags needs while one block is decoded: the filter, buffers reused from element
  /// to element (no allocation per element), and which strings of the table are `amenity`/`tourism` keys and
  /// wanted values (values decided when first met, once per block).
  struct Scratch {
    let filter: Filter
    /// The element's keys and values (string table indexes).
    var keys: [UInt64] = []
    var values: [UInt64] = []

    private let strings: [Range<Int>]
    private let bytes: [UInt8]
    /// Per string: whether it is the key `amenity` or `tourism`.
    private var isWantedKey: [Bool] = []
    /// Per string: 0 not yet known, 1 a wanted value once trimmed, 2 not.
    private var valueKinds: [UInt8] = []

    init(filter: Filter, strings: [Range<Int>], bytes: [UInt8]) {
      (self.filter, self.strings, self.bytes) = (filter, strings, bytes)
      if filter.decidesOnTags {
        let amenity = Array("amenity".utf8)
        let tourism = Array("tourism".utf8)
        isWantedKey = strings.map { range in
          range.count == 7 && (bytes[range].elementsEqual(amenity) || bytes[range].elementsEqual(tourism))
        }
        valueKinds = Array(repeating: 0, count: strings.count)
      }
    }

    /// Whether the elements kept come with their tags.
    var withTags: Bool {
      if case .ids = filter { return false }
      return true
    }

    /// Empties the buffers for the next element.
    mutating func reset() {
      keys.removeAll(keepingCapacity: true)
      values.removeAll(keepingCapacity: true)
    }

    /// Whether the filter keeps the element of `kind` with `id` whose tags are in ``keys`` and ``values``.
    mutating func keeps(id: Int64, as kind: Kind, at offset: Int) throws(ProtobufReader.Malformed) -> Bool {
      switch filter {
      case .all:
        guard keys.count == values.count else { throw ProtobufReader.Malformed(offset: offset) }
        return true
      case .ids(let wanted):
        return wanted.contains(id)
      case .candidates, .candidatesOr:
        guard keys.count == values.count else { throw ProtobufReader.Malformed(offset: offset) }
        var candidate = false
        for index in keys.indices {
          if try isCandidate(key: keys[index], value: values[index], at: offset) { candidate = true }
        }
        if !candidate, case .candidatesOr(let nodes, let ways) = filter {
          switch kind {
          case .node: return nodes.contains(id)
          case .way: return ways.contains(id)
          case .relation: return false
          }
        }
        return candidate
      }
    }

    /// Whether the tag `key`=`value` (string table indexes, checked) may make a restaurant, café or hotel.
    mutating func isCandidate(key: UInt64, value: UInt64, at offset: Int) throws(ProtobufReader.Malformed) -> Bool {
      guard key < UInt64(strings.count), value < UInt64(strings.count) else {
        throw ProtobufReader.Malformed(offset: offset)
      }
      guard filter.decidesOnTags, isWantedKey[Int(key)] else { return false }
      if valueKinds[Int(value)] == 0 {
        let text = String(decoding: bytes[strings[Int(value)]], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        valueKinds[Int(value)] = ["restaurant", "cafe", "hotel"].contains(text) ? 1 : 2
      }
      return valueKinds[Int(value)] == 1
    }
  }
}

extension PBFPrimitiveBlock.Filter {
  /// Whether every element is kept.
  var keepsAll: Bool {
    if case .all = self { return true }
    return false
  }

  /// Whether the filter keeps the elements whose tags may make a restaurant, café or hotel.
  var decidesOnTags: Bool {
    switch self {
    case .candidates, .candidatesOr: return true
    case .all, .ids: return false
    }
  }
}
