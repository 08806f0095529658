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
}
