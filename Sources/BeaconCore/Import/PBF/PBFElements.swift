/// The elements of a `PrimitiveBlock`, in the order of the block.
struct PBFElements: Equatable {
  /// An OSM node, its position in degrees.
  struct Node: Equatable {
    var id: Int64
    var lat: Double
    var lon: Double
    var tags: [String: String]
  }

  /// An OSM way: its node ids, in order, and their positions when the file has them on its ways.
  struct Way: Equatable {
    var id: Int64
    var tags: [String: String]
    var refs: [Int64]
    /// The nodes' latitudes and longitudes in nanodegrees, one for each of `refs`, when the file has its nodes'
    /// positions on its ways (the optional feature `LocationsOnWays`, as `osmium add-locations-to-ways` writes);
    /// empty otherwise.
    var latitudes: [Int64] = []
    var longitudes: [Int64] = []

    /// Whether the way has its nodes' positions.
    var hasLocations: Bool { !latitudes.isEmpty }
  }

  /// A position in nanodegrees, in degrees; `nil` off the globe, as osmium writes a node it did not find
  /// (214.7483647°, its undefined coordinate).
  static func coordinate(latitude: Int64, longitude: Int64) -> Coordinate? {
    // Divided, not multiplied by 1e-9: the nearest double to the decimal, as for nodes.
    let lat = Double(latitude) / 1e9
    let lon = Double(longitude) / 1e9
    guard (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
    return Coordinate(lat: lat, lon: lon)
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
