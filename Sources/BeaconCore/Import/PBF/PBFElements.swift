/// An OSM node of a PBF block, its position in degrees.
struct PBFNode: Equatable {
  var id: Int64
  var lat: Double
  var lon: Double
  var tags: [String: String]
}

/// An OSM way of a PBF block: its node ids, in order.
struct PBFWay: Equatable {
  var id: Int64
  var tags: [String: String]
  var refs: [Int64]
}

/// An OSM relation of a PBF block.
struct PBFRelation: Equatable {
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

/// The elements of a `PrimitiveBlock`, in the order of the block.
struct PBFElements: Equatable {
  var nodes: [PBFNode] = []
  var ways: [PBFWay] = []
  var relations: [PBFRelation] = []
}
