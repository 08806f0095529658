/// The elements of a `PrimitiveBlock`, in the order of the block.
struct PBFElements: Equatable {
  /// An OSM node, its position in degrees.
  struct Node: Equatable {
    var id: Int64
    var lat: Double
    var lon: Double
    var tags: [String: String]
  }

  /// An OSM way: its node ids, in order.
  struct Way: Equatable {
    var id: Int64
    var tags: [String: String]
    var refs: [Int64]
  }

  /// An OSM relation.
  struct Relation: Equatable {
    /// A member: its OSM type, id and role.
    struct Member: Equatable {
      enum Kind: UInt64 {
        case node = 0
        case way = 1
        case relation = 2
      }
      var kind: Kind
      var id: Int64
      var role: String
    }

    var id: Int64
    var tags: [String: String]
    var members: [Member]
  }

  var nodes: [Node] = []
  var ways: [Way] = []
  var relations: [Relation] = []
  /// The smallest and largest id of every node and of every way in the block, kept or not (for later passes to
  /// skip blocks that cannot hold what they look for).
  var nodeIDs: ClosedRange<Int64>?
  var wayIDs: ClosedRange<Int64>?
}

extension ClosedRange<Int64>? {
  /// This range widened to hold `id`.
  func including(_ id: Int64) -> ClosedRange<Int64> {
    guard let range = self else { return id...id }
    return Swift.min(range.lowerBound, id)...Swift.max(range.upperBound, id)
  }
}
